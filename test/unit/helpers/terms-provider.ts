/**
 * The fake provider plus the calls of login completion and sessions: `users/me/accept_terms`,
 * `custom_jwt_account/authenticate`, `sessions/fork` and `sessions/fork/recover`, answering as the
 * real server does (tests/integration check the real one).
 */
import {
  API_ERRORS,
  API_PATHS,
  type ApiErrorCode,
  type AuthResult,
  type ForkSessionResponse,
  type SessionUpdateResponse,
  type UserWire,
} from '../../../src/protocol/index.js';
import { FakeProvider } from './fake-provider.js';

const json = (value: unknown, status = 200) =>
  new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });
const error = (code: ApiErrorCode) =>
  json({ code, message: API_ERRORS[code].message }, API_ERRORS[code].status);

const claimsOf = (token: string | undefined): Record<string, unknown> | null => {
  const part = token?.split('.')[1];
  if (!part) return null;
  try {
    return JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/')));
  } catch {
    return null;
  }
};

/** A host's custom-auth token as the fake provider accepts it: a JWT-shaped string naming `sub`. */
export function hostToken(sub: string, extra: Record<string, unknown> = {}): string {
  const b64 = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  return `${b64({ alg: 'RS256' })}.${b64({ sub, iss: 'https://host.test', ...extra })}.sig`;
}

export class TermsProvider extends FakeProvider {
  /** Custom-auth users by their sub. */
  readonly customUsers = new Map<string, UserWire>();

  constructor() {
    super();
    const base = this.fetch;
    (this as { fetch: FakeProvider['fetch'] }).fetch = (input, init) => this.extra(base, input, init);
  }

  private get emailUsers(): Map<string, UserWire> {
    return (this as unknown as { users: Map<string, UserWire> }).users;
  }

  private get refreshKeys(): Map<string, string> {
    return (this as unknown as { refreshTokens: Map<string, string> }).refreshTokens;
  }

  private async extra(base: FakeProvider['fetch'], input: string, init: RequestInit): Promise<Response> {
    const path = new URL(input).pathname;
    const handled = [
      API_PATHS.acceptTerms,
      API_PATHS.customJwtAuthenticate,
      API_PATHS.sessionsFork,
      API_PATHS.sessionsForkRecover,
    ] as string[];
    if (!handled.includes(path)) return base(input, init);
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    this.requests.push({ method: init.method ?? 'GET', path, headers, body, credentials: init.credentials });
    await this.gate;
    const queued = this.failures.get(path)?.shift();
    if (typeof queued === 'number') return new Response('upstream trouble', { status: queued });
    if (queued) return error(queued);
    switch (path) {
      case API_PATHS.acceptTerms: {
        const sub = claimsOf(headers.authorization?.replace(/^Bearer /, ''))?.sub;
        const all = [...this.emailUsers.values(), ...this.customUsers.values()];
        const user = all.find((u) => `did:gatehouse:${u.id}` === sub);
        if (!user) return error('missing_or_invalid_token');
        user.has_accepted_terms = true;
        return json({ user });
      }
      case API_PATHS.customJwtAuthenticate: {
        const claims = claimsOf(body?.token);
        const sub = claims?.sub;
        if (typeof sub !== 'string' || claims?.bad) return error('invalid_credentials');
        const existing = this.customUsers.get(sub);
        const user = existing ?? this.createCustomUser(sub);
        const result: AuthResult = { user, ...this.issue(user), is_new_user: !existing };
        return json(result);
      }
      case API_PATHS.sessionsFork: {
        const key = this.refreshKeys.get(String(body?.refresh_token));
        const user = key ? this.emailUsers.get(key) : undefined;
        if (!key || !user) return error('missing_or_invalid_token');
        this.refreshKeys.delete(String(body?.refresh_token));
        const current = this.issue(user);
        const answer: ForkSessionResponse = {
          ...current,
          new_session_refresh_token: this.issue(user).refresh_token,
        };
        return json(answer);
      }
      default: {
        const key = this.refreshKeys.get(String(body?.refresh_token));
        const user = key ? this.emailUsers.get(key) : undefined;
        if (!key || !user) return error('missing_or_invalid_token');
        this.refreshKeys.delete(String(body?.refresh_token));
        const answer: SessionUpdateResponse = { session_update_action: 'set', user, ...this.issue(user) };
        return json(answer);
      }
    }
  }

  private createCustomUser(sub: string): UserWire {
    const now = this.now();
    const user: UserWire = {
      id: `custom-${sub}`,
      created_at: now,
      linked_accounts: [
        {
          type: 'custom_auth',
          custom_user_id: sub,
          verified_at: now,
          first_verified_at: now,
          latest_verified_at: now,
        },
      ],
      mfa_methods: [],
      has_accepted_terms: false,
    };
    this.customUsers.set(sub, user);
    return user;
  }
}
