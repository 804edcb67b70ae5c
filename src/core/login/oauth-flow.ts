import type { WritableAtom } from 'nanostores';
import {
  API_PATHS,
  type AuthResult,
  type OAuthAuthenticateBody,
  type OAuthInitBody,
  type OAuthInitResponse,
  type UserWire,
} from '../../protocol/api.js';
import { OAUTH_DENIED_CODE, type OAuthProvider, STORAGE_KEYS } from '../../protocol/constants.js';
import type { ApiClient } from '../api/client.js';
import * as CODES from '../errors/codes.js';
import { FLOW_MESSAGES } from '../errors/flow-messages.js';
import { clientError, type GatehouseError } from '../errors/gatehouse-error.js';
import { OAUTH_MESSAGES } from '../errors/oauth-messages.js';
import { codeChallenge, randomSecret } from '../pkce.js';
import { type KeyValueStorage, memoryStorage } from '../storage.js';
import { ERROR_SCREEN_TEXT, OAUTH_PROVIDER_NAMES } from '../text/ui.js';
import { isOAuthProvider, type OAuthMode, type OAuthReturn, withoutOAuthParams } from './oauth-return.js';

/** What is kept across the redirect to the identity provider and back. */
interface PendingOAuth {
  provider: OAuthProvider;
  mode: OAuthMode;
  state: string;
  verifier: string;
}

/** AWAITING_OAUTH_SCREEN (§4.4): redirecting, then verifying, then connected or failed. */
export interface OAuthScreenState {
  provider: OAuthProvider | null;
  mode: OAuthMode;
  status: 'idle' | 'redirecting' | 'verifying' | 'connected' | 'failed';
  error: GatehouseError | null;
}

export interface OAuthCompletion {
  provider: OAuthProvider;
  mode: OAuthMode;
  /** The answer of oauth/authenticate (login) or oauth/link (the updated user). */
  result: AuthResult | UserWire;
}

/** The provider's name as written on screen ('Google'), or the raw value when unknown. */
export function providerName(provider: string | null): string {
  return isOAuthProvider(provider) ? OAUTH_PROVIDER_NAMES[provider] : (provider ?? '');
}

/** What AWAITING_OAUTH_SCREEN says about a failure, and whether retrying can help (§8). */
export function oauthFailureText(
  error: GatehouseError,
  provider: string | null,
): { title: string; detail: string; retryable: boolean } {
  const T = ERROR_SCREEN_TEXT;
  const name = providerName(provider);
  switch (error.code) {
    case CODES.oauthUserDenied:
      return { title: T.somethingWentWrong, detail: OAUTH_MESSAGES.retry(name), retryable: true };
    case CODES.invalidCredentials:
      return { title: T.somethingWentWrong, detail: T.invalidCredentials, retryable: true };
    case CODES.linkedToAnotherUser:
      return { title: T.authenticationFailed, detail: FLOW_MESSAGES.linkedToAnotherUser, retryable: false };
    case CODES.oauthAccountSuspended:
      return { title: T.somethingWentWrong, detail: OAUTH_MESSAGES.accountSuspended(name), retryable: false };
    case CODES.tooManyRequests:
      return { title: T.somethingWentWrong, detail: FLOW_MESSAGES.tooManyRequests, retryable: true };
    case CODES.timeout:
      return { title: T.timedOutTitle, detail: error.message, retryable: true };
    case CODES.unknownAuthError:
    case CODES.cannotLinkMoreOfType:
      return { title: T.somethingWentWrong, detail: error.message, retryable: false };
    case CODES.disallowedLoginMethod:
      return { title: T.notAllowed, detail: error.message, retryable: false };
  }
  return { title: T.somethingWentWrong, detail: T.tryAgainLater, retryable: true };
}

/** sessionStorage keeps the verifier for this tab only; memory when it is blocked. */
function browserSessionStorage(): KeyValueStorage {
  try {
    const storage = globalThis.sessionStorage;
    // Probe with a key of its own: the flow's key may hold the flow this page is coming back from.
    const probe = `${STORAGE_KEYS.oauthFlow}:probe`;
    storage.setItem(probe, probe);
    storage.removeItem(probe);
    return storage;
  } catch {
    return memoryStorage();
  }
}

export interface OAuthFlowOptions {
  api: ApiClient;
  /** What AWAITING_OAUTH_SCREEN shows; owned by the client, so the screen can read it before this module loads. */
  state: WritableAtom<OAuthScreenState>;
  /** Where the verifier and state wait for the return (this tab's sessionStorage by default). */
  storage?: KeyValueStorage;
  /** Sends the browser to the identity provider. */
  navigate?: (url: string) => void;
  /** The current page address. */
  href?: () => string;
  /** A link's call, which may need a step-up first (change-call.ts); a plain POST by default. */
  change?: <T>(path: string, body: unknown, token: string | null) => Promise<T>;
}

/**
 * OAuth login and linking (§4.4, §5): PKCE verifier and state kept in this tab, init, redirect to
 * the identity provider; back on the host page, the state and verifier checked, then
 * oauth/authenticate or oauth/link.
 */
export class OAuthFlow {
  readonly $state: WritableAtom<OAuthScreenState>;
  private readonly api: ApiClient;
  private readonly storage: KeyValueStorage;
  private readonly navigate: (url: string) => void;
  private readonly href: () => string;
  private readonly change: NonNullable<OAuthFlowOptions['change']>;

  constructor(options: OAuthFlowOptions) {
    this.api = options.api;
    this.change = options.change ?? ((path, body, token) => options.api.post(path, body, token));
    this.$state = options.state;
    this.storage = options.storage ?? browserSessionStorage();
    this.navigate = options.navigate ?? ((url) => globalThis.location.assign(url));
    this.href = options.href ?? (() => globalThis.location.href);
  }

  update(state: Partial<OAuthScreenState>): void {
    this.$state.set({ ...this.$state.get(), ...state });
  }

  /** Stores a fresh verifier and state, asks the provider for the authorization URL and goes there. */
  async start(provider: OAuthProvider, mode: OAuthMode, captchaToken?: string): Promise<void> {
    const verifier = randomSecret();
    const state = randomSecret();
    const pending: PendingOAuth = { provider, mode, state, verifier };
    const body: OAuthInitBody = {
      provider,
      redirect_to: withoutOAuthParams(this.href()),
      code_challenge: await codeChallenge(verifier),
      state_code: state,
    };
    if (captchaToken) body.token = captchaToken;
    this.storage.setItem(STORAGE_KEYS.oauthFlow, JSON.stringify(pending));
    try {
      const { url } = await this.api.post<OAuthInitResponse>(API_PATHS.oauthInit, body);
      this.navigate(url);
    } catch (error) {
      this.storage.removeItem(STORAGE_KEYS.oauthFlow);
      throw error;
    }
  }

  /** The flow this tab started (login or link, and for which provider), if any. */
  pending(): PendingOAuth | null {
    const raw = this.storage.getItem(STORAGE_KEYS.oauthFlow);
    if (!raw) return null;
    try {
      const value = JSON.parse(raw) as Partial<PendingOAuth>;
      if (!isOAuthProvider(value.provider) || typeof value.state !== 'string') return null;
      return {
        provider: value.provider,
        mode: value.mode === 'link' ? 'link' : 'login',
        state: value.state,
        verifier: typeof value.verifier === 'string' ? value.verifier : '',
      };
    } catch {
      return null;
    }
  }

  /**
   * Back from the identity provider: denial, state and verifier checks (§5), then the exchange.
   * The stored flow is used once, whatever the outcome. `token` gives the access token for a link.
   */
  async complete(returned: OAuthReturn, token: () => Promise<string | null>): Promise<OAuthCompletion> {
    const pending = this.pending();
    this.storage.removeItem(STORAGE_KEYS.oauthFlow);
    const provider = isOAuthProvider(returned.provider) ? returned.provider : pending?.provider;
    if (!provider) throw clientError(CODES.unknownAuthError, OAUTH_MESSAGES.invalidCode);
    const mode = pending?.mode ?? 'login';
    if (!returned.code || returned.code === OAUTH_DENIED_CODE) {
      throw clientError(CODES.oauthUserDenied, OAUTH_MESSAGES.userDenied);
    }
    if (!returned.state) throw clientError(CODES.unknownAuthError, OAUTH_MESSAGES.invalidCode);
    if (!pending?.verifier) throw clientError(CODES.unknownAuthError, OAUTH_MESSAGES.missingVerifier);
    if (pending.state !== returned.state || pending.provider !== provider) {
      throw clientError(CODES.unknownAuthError, OAUTH_MESSAGES.unexpectedFlow);
    }
    const body: OAuthAuthenticateBody = {
      authorization_code: returned.code,
      state_code: returned.state,
      code_verifier: pending.verifier,
    };
    if (mode === 'login') {
      return { provider, mode, result: await this.api.post<AuthResult>(API_PATHS.oauthAuthenticate, body) };
    }
    // Without a session the provider answers missing_or_invalid_token.
    const result = await this.change<UserWire>(API_PATHS.oauthLink, body, await token());
    return { provider, mode, result };
  }
}
