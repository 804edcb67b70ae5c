/**
 * Logging in and linking with an identity provider, as the modal runs it (§4.3, §4.4): the start
 * (in-app browser check, captcha, AWAITING_OAUTH_SCREEN while oauth/init runs, off to the provider)
 * and the return (verifying, then the login completes or the account is linked, or failed).
 * Loaded with the OAuth flow the first time a login chooses a provider or the page comes back from one.
 */

import type { WritableAtom } from 'nanostores';
import { API_PATHS, type OAuthUnlinkBody, type UserWire } from '../../protocol/api.js';
import type { LinkedAccount, User } from '../../protocol/client.js';
import { EVENTS } from '../../protocol/events.js';
import { SCREENS } from '../../protocol/screens.js';
import type { ApiClient } from '../api/client.js';
import type { LoginCompletion } from '../completion.js';
import {
  CLIENT_ERROR_CODES,
  clientError,
  type GatehouseError,
  toGatehouseError,
} from '../errors/gatehouse-error.js';
import { MESSAGES, SESSION_MESSAGES } from '../errors/messages.js';
import { emit } from '../events.js';
import { oauthBlockedHere } from '../in-app-browser.js';
import type { ModalController } from '../modal.js';
import type { Session } from '../session/session.js';
import type { KeyValueStorage } from '../storage.js';
import { OAuthFlow, type OAuthScreenState } from './oauth.js';
import { isOAuthProvider, type OAuthMode, type OAuthReturn } from './oauth-return.js';

/** What the OAuth login needs of the client (Gatehouse). */
export interface OAuthLoginHost {
  api: ApiClient;
  session: Session;
  modal: ModalController;
  $oauth: WritableAtom<OAuthScreenState>;
  events: EventTarget;
  navigate?: (url: string) => void;
  oauthStorage?: KeyValueStorage;
  openModal(): void;
  withCaptcha(start: (captchaToken?: string) => Promise<void>): Promise<void>;
  completeLogin(result: LoginCompletion): void;
  linkSucceeded(user: User, linkMethod: string, linkedAccount: LinkedAccount): void;
  linkFailed(error: unknown): GatehouseError;
  showFailure(error: unknown): GatehouseError;
}

export class OAuthLogin {
  private readonly flow: OAuthFlow;

  constructor(private readonly host: OAuthLoginHost) {
    this.flow = new OAuthFlow({
      api: host.api,
      state: host.$oauth,
      storage: host.oauthStorage,
      navigate: host.navigate,
    });
  }

  /**
   * Google is refused in in-app browsers (IN_APP_BROWSER_LOGIN_NOT_POSSIBLE). Otherwise the captcha
   * when one is due (§4.3), then AWAITING_OAUTH_SCREEN while oauth/init runs, then the page goes
   * to the provider. A refused init shows on ERROR_SCREEN.
   */
  async start(provider: string, mode: OAuthMode): Promise<void> {
    const { host } = this;
    if (!isOAuthProvider(provider)) {
      const failure = clientError(CLIENT_ERROR_CODES.invalidInput, MESSAGES.oauthUnknownProvider(provider));
      throw mode === 'link' ? host.linkFailed(failure) : failure;
    }
    host.openModal();
    if (oauthBlockedHere(provider)) {
      host.modal.navigate(SCREENS.inAppBrowserLoginNotPossible);
      return;
    }
    await host.withCaptcha(async (captchaToken) => {
      host.$oauth.set({ provider, mode, status: 'redirecting', error: null });
      host.modal.navigate(SCREENS.awaitingOauth);
      try {
        await this.flow.start(provider, mode, captchaToken);
      } catch (error) {
        if (mode === 'link') host.linkFailed(error);
        // ERROR_SCREEN's button then leads back to LANDING, not to a spinner that waits for nothing.
        host.modal.$modal.set({ ...host.modal.$modal.get(), screen: SCREENS.landing, previousScreen: null });
        throw error;
      }
    });
  }

  /** AWAITING_OAUTH_SCREEN: verifying, then the login completes (or the account is linked), or failed. */
  async finish(returned: OAuthReturn): Promise<void> {
    const { host, flow } = this;
    const provider = isOAuthProvider(returned.provider) ? returned.provider : null;
    const mode: OAuthMode = flow.pending()?.mode ?? 'login';
    host.$oauth.set({
      provider: provider ?? flow.pending()?.provider ?? null,
      mode,
      status: 'verifying',
      error: null,
    });
    host.openModal();
    host.modal.navigate(SCREENS.awaitingOauth);
    try {
      const done = await flow.complete(returned, () => host.session.getAccessToken());
      const loginMethod = `${done.provider}_oauth` as const;
      host.$oauth.set({ provider: done.provider, mode, status: 'connected', error: null });
      if ('token' in done.result) {
        const user = host.session.signIn(done.result);
        host.completeLogin({ user, isNewUser: done.result.is_new_user, loginMethod });
        return;
      }
      const user = host.session.setUser(done.result);
      const account = user.linkedAccounts.find((linked) => linked.type === loginMethod);
      if (account) host.linkSucceeded(user, loginMethod, account);
    } catch (error) {
      const failure = toGatehouseError(error);
      host.$oauth.set({ ...host.$oauth.get(), status: 'failed', error: failure });
      if (mode === 'link') host.linkFailed(failure);
      else emit(host.events, EVENTS.loginError, { code: failure.code, message: failure.message });
      if (failure.code === 'allowlist_rejected') host.showFailure(failure);
    }
  }

  /** `LoginWidget.unlinkOAuth(provider, subject)`: resolves with the updated user. */
  async unlink(provider: string, subject: string): Promise<User> {
    const { api, session } = this.host;
    const token = await session.getAccessToken();
    if (!token) {
      throw clientError(CLIENT_ERROR_CODES.mustBeAuthenticated, SESSION_MESSAGES.mustBeAuthenticated);
    }
    if (!isOAuthProvider(provider)) {
      throw clientError(CLIENT_ERROR_CODES.invalidInput, MESSAGES.oauthUnknownProvider(provider));
    }
    const body: OAuthUnlinkBody = { provider, subject };
    return session.setUser(await api.post<UserWire>(API_PATHS.oauthUnlink, body, token));
  }
}
