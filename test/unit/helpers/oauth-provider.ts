/**
 * The provider's oauth/* endpoints over the unit tests' FakeProvider: init answers an
 * authorization URL and remembers the challenge and state; authenticate and link check the
 * Gatehouse code, the state and S256(verifier) as the real server does.
 */
import { createHash } from 'node:crypto';
import {
  API_PATHS,
  type AuthResult,
  type LinkedAccountWire,
  type OAuthAuthenticateBody,
  type OAuthInitBody,
  QUERY_PARAMS,
  type UserWire,
} from '../../../src/protocol/index.js';
import { FakeProvider } from './fake-provider.js';

export const IDP_URL = 'https://idp.test/authorize';

export class OAuthFakeProvider extends FakeProvider {
  readonly inits: OAuthInitBody[] = [];
  /** The account the identity provider vouches for, per provider. */
  account = (provider: string): LinkedAccountWire & { subject: string } => ({
    type: `${provider}_oauth`,
    subject: `${provider}-sub-1`,
    email: 'alice@gmail.test',
    name: 'Alice Example',
    verified_at: 1_700_000_000,
    first_verified_at: 1_700_000_000,
    latest_verified_at: 1_700_000_000,
  });
  /** When set, authenticate and link wait for it (a slow provider). */
  oauthGate: Promise<void> | null = null;
  /** Answer authenticate/link with this error code instead. */
  refuseWith: string | null = null;
  private readonly issued = new Map<string, { provider: string; challenge: string; state: string }>();
  private oauthUsers = new Map<string, UserWire>();
  private readonly baseFetch = this.fetch;

  readonly oauthFetch = async (input: string, init: RequestInit): Promise<Response> => {
    const url = new URL(input);
    // Queued failures (and everything not OAuth) are the FakeProvider's business.
    if (!url.pathname.startsWith('/api/v1/oauth/') || this.failures.get(url.pathname)?.length) {
      return this.baseFetch(input, init);
    }
    const body = JSON.parse(String(init.body ?? '{}')) as Record<string, string>;
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    this.requests.push({
      method: init.method ?? 'GET',
      path: url.pathname,
      headers,
      body,
      credentials: init.credentials,
    });
    const json = (value: unknown, status = 200) =>
      new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });
    if (url.pathname === API_PATHS.oauthInit) {
      const request = body as unknown as OAuthInitBody;
      this.inits.push(request);
      const code = `gatehouse-code-${this.inits.length}`;
      this.issued.set(code, {
        provider: request.provider,
        challenge: request.code_challenge,
        state: request.state_code,
      });
      return json({ url: `${IDP_URL}?client_id=x&state=idp-${this.inits.length}` });
    }
    if (url.pathname === API_PATHS.oauthAuthenticate || url.pathname === API_PATHS.oauthLink) {
      await this.oauthGate;
      const request = body as unknown as OAuthAuthenticateBody;
      const flow = this.issued.get(request.authorization_code);
      this.issued.delete(request.authorization_code);
      const verifierOk =
        flow && createHash('sha256').update(request.code_verifier).digest('base64url') === flow.challenge;
      if (this.refuseWith) {
        const status = this.refuseWith === 'oauth_account_suspended' ? 403 : 400;
        return json({ code: this.refuseWith, message: 'refused' }, status);
      }
      if (!flow || !verifierOk || flow.state !== request.state_code) {
        return json(
          { code: 'invalid_credentials', message: 'Invalid or expired OAuth authorization code.' },
          422,
        );
      }
      const account = this.account(flow.provider);
      if (url.pathname === API_PATHS.oauthLink) {
        if (!headers.authorization) return json({ code: 'missing_or_invalid_token', message: 'no' }, 401);
        const user = this.createUser('linker@example.com');
        user.linked_accounts.push(account);
        return json(user);
      }
      const existing = this.oauthUsers.get(String(account.subject));
      const user: UserWire = existing ?? {
        id: 'user-oauth',
        created_at: 1_700_000_000,
        linked_accounts: [account],
        mfa_methods: [],
        has_accepted_terms: false,
      };
      this.oauthUsers.set(String(account.subject), user);
      const result: AuthResult = { user, ...this.issue(user), is_new_user: !existing };
      return json(result);
    }
    if (url.pathname === API_PATHS.oauthUnlink) {
      const user = this.createUser('linker@example.com');
      return json(user);
    }
    return json({ code: 'not_found', message: 'Not found.' }, 404);
  };

  /** The host page address the provider sends the browser back to after the IdP. */
  returnUrl(page: string, overrides: Partial<Record<'code' | 'state' | 'provider', string>> = {}): string {
    const last = this.inits[this.inits.length - 1];
    const url = new URL(page);
    url.searchParams.set(QUERY_PARAMS.oauthCode, overrides.code ?? `gatehouse-code-${this.inits.length}`);
    url.searchParams.set(QUERY_PARAMS.oauthState, overrides.state ?? last?.state_code ?? '');
    url.searchParams.set(QUERY_PARAMS.oauthProvider, overrides.provider ?? last?.provider ?? '');
    return url.href;
  }
}
