import { createHash } from 'node:crypto';
import { API_PATHS } from '../../../protocol/api.js';
import {
  OAUTH_CODE_TTL_MS,
  OAUTH_DENIED_CODE,
  OAUTH_STATE_TTL_MS,
  type OAuthProvider,
  QUERY_PARAMS,
} from '../../../protocol/constants.js';
import type { Db } from '../../db/database.js';
import { toNumber } from '../../db/database.js';
import { ApiError } from '../../errors.js';
import type { AppSecrets } from '../apps/app-secrets.js';
import type { App } from '../apps/apps.js';
import type { Clock } from '../clock.js';
import { randomId, randomToken, Secrets } from '../crypto.js';
import type { AccountIdentity } from '../users/users.js';
import { endpointsOf, exchangeCode, type FetchLike, getJson, PROVIDER_TIMEOUT_MS } from './exchange.js';
import type { FlowResult, FlowSecrets, InitRequest, OAuthLog, RedeemRequest } from './flow-types.js';
import { IdTokenVerifier } from './id-token.js';
import { PROVIDERS } from './providers.js';
import { ALL_SETTING_NAMES, SETTING_FIELDS, settingName } from './settings.js';
import { AccountSuspendedError, ProviderError, type ProviderSettings } from './types.js';

export { OAUTH_SETTING_HELP, parseOAuthAssignment } from './settings.js';

const FLOW_ID_LENGTH = 25;

export interface OAuthServiceOptions {
  db: Db;
  secrets: Secrets;
  settings: AppSecrets;
  /** The provider's public URL: the callback every identity provider is registered with. */
  publicUrl: string;
  now: Clock;
  fetch?: FetchLike;
}

/** Errors of the authorization response that mean the user said no (RFC 6749 §4.1.2.1; Apple's own). */
const DENIALS = new Set(['access_denied', 'user_cancelled_authorize']);

const s256 = (verifier: string): string => createHash('sha256').update(verifier).digest('base64url');

/**
 * OAuth login for every provider of §1. init stores the widget's state and S256 challenge and
 * answers the provider's authorization URL (with our own state, PKCE and nonce towards it); the
 * callback exchanges the provider's code with the app's client secret, reads the user, and sends
 * the browser back to the host page with a single-use Gatehouse code; redeem checks that code, the
 * state and the verifier, and answers the linked account.
 */
export class OAuthService {
  readonly callbackUrl: string;
  private readonly db: Db;
  private readonly secrets: Secrets;
  private readonly settings: AppSecrets;
  private readonly now: Clock;
  private readonly fetch: FetchLike;
  private readonly idTokens = new IdTokenVerifier(PROVIDER_TIMEOUT_MS);

  constructor(options: OAuthServiceOptions) {
    this.db = options.db;
    this.secrets = options.secrets;
    this.settings = options.settings;
    this.now = options.now;
    this.fetch = options.fetch ?? ((url, init) => globalThis.fetch(url, init));
    this.callbackUrl = `${options.publicUrl.replace(/\/+$/, '')}${API_PATHS.oauthCallback}`;
  }

  /** Sets (or, with null, removes) one `oauth.<provider>.<field>` setting of an app. */
  set(appId: string, name: string, value: string | null): Promise<void> {
    return this.settings.set(appId, name, value);
  }

  /** Which OAuth settings an app has (never their values). */
  configured(appId: string): Promise<string[]> {
    return this.settings.configured(appId, ALL_SETTING_NAMES);
  }

  async providerSettings(appId: string, provider: OAuthProvider): Promise<ProviderSettings> {
    const names = SETTING_FIELDS.map((field) => settingName(provider, field));
    const values = await this.settings.read(appId, names);
    return Object.fromEntries(
      SETTING_FIELDS.flatMap((field) => {
        const value = values[settingName(provider, field)];
        return value === undefined ? [] : [[field, value]];
      }),
    ) as ProviderSettings;
  }

  /** The authorization URL to send the browser to; refuses a provider the app has not configured. */
  async init(app: App, request: InitRequest): Promise<string> {
    const spec = PROVIDERS[request.provider];
    const settings = await this.providerSettings(app.id, request.provider);
    const missing = ['client_id' as const, ...spec.requiredSettings].filter((field) => !settings[field]);
    if (missing.length > 0) {
      throw new ApiError(
        'disallowed_login_method',
        `${request.provider} login is not configured for this app (missing ${missing.map((f) => settingName(request.provider, f)).join(', ')}).`,
      );
    }
    const endpoints = endpointsOf(spec, settings);
    const idpState = randomToken();
    const flow: FlowSecrets = { state: request.stateCode, verifier: randomToken(), nonce: randomToken() };
    const now = this.now();
    await this.db
      .insertInto('oauth_flows')
      .values({
        id: randomId(FLOW_ID_LENGTH),
        app_id: app.id,
        provider: request.provider,
        idp_state_hash: this.secrets.hash('oauth_idp_state', idpState),
        code_challenge: request.codeChallenge,
        redirect_to: request.redirectTo,
        secrets: this.secrets.encrypt(JSON.stringify(flow)),
        code_hash: null,
        result: null,
        created_at: now,
        expires_at: now + OAUTH_STATE_TTL_MS,
        consumed_at: null,
      })
      .execute();

    const url = new URL(endpoints.authorizationUrl);
    const params = url.searchParams;
    params.set('response_type', 'code');
    params.set(spec.clientIdParam ?? 'client_id', settings.client_id as string);
    params.set('redirect_uri', this.callbackUrl);
    params.set('scope', spec.scopes.join(spec.scopeSeparator ?? ' '));
    params.set('state', idpState);
    if (endpoints.jwksUrl) params.set('nonce', flow.nonce);
    if (spec.pkce) {
      params.set('code_challenge', s256(flow.verifier));
      params.set('code_challenge_method', 'S256');
    }
    for (const [name, value] of Object.entries(spec.authorizationParams ?? {})) params.set(name, value);
    return url.href;
  }

  /**
   * The identity provider's redirect (GET) or form post (Apple). Answers where to send the
   * browser: the host page with the three query parameters of §2.1. An unknown or used state
   * cannot be sent anywhere and is refused.
   */
  async callback(query: Record<string, unknown>, log?: OAuthLog): Promise<string> {
    const idpState = typeof query.state === 'string' ? query.state : '';
    const now = this.now();
    const row = idpState
      ? await this.db
          .selectFrom('oauth_flows')
          .selectAll()
          .where('idp_state_hash', '=', this.secrets.hash('oauth_idp_state', idpState))
          .executeTakeFirst()
      : undefined;
    if (!row || row.code_hash !== null || toNumber(row.expires_at) <= now) {
      throw new ApiError('invalid_data', 'Unknown or expired OAuth state.');
    }
    const flow = JSON.parse(this.secrets.decrypt(row.secrets)) as FlowSecrets;
    const provider = row.provider as OAuthProvider;
    const back = new URL(row.redirect_to);
    back.searchParams.set(QUERY_PARAMS.oauthState, flow.state);
    back.searchParams.set(QUERY_PARAMS.oauthProvider, provider);

    const code = typeof query.code === 'string' ? query.code : '';
    const error = typeof query.error === 'string' ? query.error : '';
    if (!code && DENIALS.has(error)) {
      // The user said no at the provider: no code is issued, and the widget shows oauth_user_denied.
      await this.db.deleteFrom('oauth_flows').where('id', '=', row.id).execute();
      back.searchParams.set(QUERY_PARAMS.oauthCode, OAUTH_DENIED_CODE);
      return back.href;
    }

    let result: FlowResult;
    try {
      if (!code) throw new ProviderError(`the provider answered error ${error || '(none)'}`);
      result = { account: await this.account(row.app_id, provider, code, flow) };
    } catch (error) {
      if (error instanceof AccountSuspendedError) {
        result = { error: 'oauth_account_suspended' };
      } else {
        log?.warn(
          { provider, appId: row.app_id, reason: (error as Error).message },
          'OAuth login not confirmed',
        );
        result = { error: 'invalid_credentials' };
      }
    }
    const gatehouseCode = randomToken();
    const updated = await this.db
      .updateTable('oauth_flows')
      .set({
        code_hash: this.secrets.hash('oauth_code', gatehouseCode),
        result: JSON.stringify(result),
        expires_at: now + OAUTH_CODE_TTL_MS,
      })
      .where('id', '=', row.id)
      .where('code_hash', 'is', null)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1)
      throw new ApiError('invalid_data', 'Unknown or expired OAuth state.');
    back.searchParams.set(QUERY_PARAMS.oauthCode, gatehouseCode);
    return back.href;
  }

  /**
   * oauth/authenticate and oauth/link: the code must belong to this app, be unexpired and unspent,
   * and come with the flow's state and a verifier whose S256 is the challenge given at init; a
   * try that fails any of these spends it. `before` then sees the account (a link's step-up): if
   * it throws, the code is left for the retry. Answers the provider and the linked account.
   */
  async redeem(
    app: App,
    request: RedeemRequest,
    before?: (redeemed: { provider: OAuthProvider; account: AccountIdentity }) => Promise<void>,
  ): Promise<{ provider: OAuthProvider; account: AccountIdentity }> {
    const refused = (): ApiError =>
      new ApiError('invalid_credentials', 'Invalid or expired OAuth authorization code.');
    const now = this.now();
    const row = await this.db
      .selectFrom('oauth_flows')
      .selectAll()
      .where('code_hash', '=', this.secrets.hash('oauth_code', request.authorizationCode))
      .executeTakeFirst();
    if (!row || row.app_id !== app.id) throw refused();
    const spend = async (): Promise<boolean> => {
      const spent = await this.db
        .updateTable('oauth_flows')
        .set({ consumed_at: now })
        .where('id', '=', row.id)
        .where('consumed_at', 'is', null)
        .executeTakeFirst();
      return Number(spent.numUpdatedRows) === 1;
    };
    const flow = JSON.parse(this.secrets.decrypt(row.secrets)) as FlowSecrets;
    const stateMatches = Secrets.same(
      this.secrets.hash('oauth_state', flow.state),
      this.secrets.hash('oauth_state', request.stateCode),
    );
    const verifierMatches = Secrets.same(s256(request.codeVerifier), row.code_challenge);
    const usable = row.consumed_at === null && toNumber(row.expires_at) > now && row.result !== null;
    if (!usable || !stateMatches || !verifierMatches) {
      await spend();
      throw refused();
    }
    const result = JSON.parse(row.result as string) as FlowResult;
    if ('error' in result) {
      await spend();
      throw new ApiError(result.error);
    }
    const redeemed = { provider: row.provider as OAuthProvider, account: result.account };
    await before?.(redeemed);
    if (!(await spend())) throw refused();
    return redeemed;
  }

  /** Drops flows whose state or code has expired. */
  async sweep(): Promise<void> {
    await this.db.deleteFrom('oauth_flows').where('expires_at', '<', this.now()).execute();
  }

  /** Code → tokens → (verified id_token) → user info → the linked account of §3. */
  private async account(
    appId: string,
    provider: OAuthProvider,
    code: string,
    flow: FlowSecrets,
  ): Promise<AccountIdentity> {
    const spec = PROVIDERS[provider];
    const settings = await this.providerSettings(appId, provider);
    const endpoints = endpointsOf(spec, settings);
    const tokens = await exchangeCode(this.fetch, {
      spec,
      settings,
      endpoints,
      code,
      verifier: flow.verifier,
      redirectUri: this.callbackUrl,
      now: this.now(),
    });
    const idToken = await this.idTokens.verify(endpoints, settings, tokens, {
      nonce: flow.nonce,
      now: this.now(),
    });
    const profile = await spec.profile({
      tokens,
      endpoints,
      idToken,
      get: (url, headers) => getJson(this.fetch, url, tokens.access_token, headers),
    });
    const { subject, data, verifiedEmail } = profile;
    return { type: `${provider}_oauth`, subject, data, verifiedEmail };
  }
}
