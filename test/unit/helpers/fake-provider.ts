/**
 * An in-memory provider API for unit tests, speaking the wire contract of src/protocol/api.ts
 * through a `fetch`: app configuration, email codes, sessions with rotating refresh tokens.
 * Tokens are JWT-shaped (the client only reads their claims; signatures are the server's business).
 */
import {
  API_ERRORS,
  API_PATHS,
  type ApiErrorCode,
  type AppConfigWire,
  type AuthResult,
  DEFAULT_APP_CONFIG,
  HEADERS,
  type SessionUpdateResponse,
  type UserWire,
} from '../../../src/protocol/index.js';

export const APP_ID = 'clgatehouse0000000000test';
export const API_URL = 'https://provider.test';

const b64url = (value: unknown) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

export function makeToken(claims: { exp: number; aud?: string; sub?: string }): string {
  return `${b64url({ alg: 'ES256', typ: 'JWT' })}.${b64url({ iss: API_URL, aud: APP_ID, sid: 's1', iat: 0, ...claims })}.sig`;
}

export function appConfig(overrides: Partial<AppConfigWire> = {}): AppConfigWire {
  return {
    id: APP_ID,
    name: 'Acme Shop',
    verification_key: '-----BEGIN PUBLIC KEY-----\n-----END PUBLIC KEY-----',
    ...structuredClone(DEFAULT_APP_CONFIG),
    allowed_origins: ['https://shop.test'],
    created_at: 1_700_000_000,
    updated_at: 1_700_000_000,
    ...overrides,
  };
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: Record<string, unknown> | undefined;
  credentials: RequestCredentials | undefined;
}

export class FakeProvider {
  readonly requests: RecordedRequest[] = [];
  /** Latest code mailed to each address. */
  readonly codes = new Map<string, string>();
  private users = new Map<string, UserWire>();
  private refreshTokens = new Map<string, string>();
  private nextCode = 123456;
  private serial = 0;
  app: AppConfigWire = appConfig();
  /** Seconds, for the tokens it issues. */
  now = () => Math.floor(Date.now() / 1000);
  /** Answer the next calls to a path with these errors first. */
  failures = new Map<string, Array<ApiErrorCode | number>>();
  /** When set, every answer waits for it (a slow network). */
  gate: Promise<void> | null = null;

  readonly fetch = async (input: string, init: RequestInit): Promise<Response> => {
    const url = new URL(input);
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    const method = init.method ?? 'GET';
    this.requests.push({ method, path: url.pathname, headers, body, credentials: init.credentials });
    await this.gate;
    const queued = this.failures.get(url.pathname)?.shift();
    if (typeof queued === 'number') return new Response('upstream trouble', { status: queued });
    if (queued) return this.error(queued);
    if (url.origin !== API_URL) throw new TypeError('Failed to fetch');
    if (url.pathname !== API_PATHS.app(APP_ID) && headers[HEADERS.appId] !== APP_ID)
      return this.error('invalid_app_id');
    return this.route(method, url.pathname, body ?? {});
  };

  private route(method: string, path: string, body: Record<string, unknown>): Response {
    if (method === 'GET' && path === API_PATHS.app(APP_ID)) return this.json(this.app);
    if (method === 'GET' && path.startsWith('/api/v1/apps/')) return this.error('app_not_found');
    switch (path) {
      case API_PATHS.passwordlessInit: {
        const email = String(body.email ?? '');
        this.codes.set(email, String(this.nextCode++));
        return this.json({ success: true });
      }
      case API_PATHS.passwordlessAuthenticate: {
        const email = String(body.email ?? '');
        if (!this.codes.has(email) || this.codes.get(email) !== body.code)
          return this.error('invalid_credentials');
        this.codes.delete(email);
        const existing = this.users.get(email);
        const user = existing ?? this.createUser(email);
        const result: AuthResult = { user, ...this.issue(user), is_new_user: !existing };
        return this.json(result);
      }
      case API_PATHS.sessions: {
        const email = this.refreshTokens.get(String(body.refresh_token ?? ''));
        const user = email ? this.users.get(email) : undefined;
        if (!email || !user) return this.error('missing_or_invalid_token');
        this.refreshTokens.delete(String(body.refresh_token));
        const answer: SessionUpdateResponse = { session_update_action: 'set', user, ...this.issue(user) };
        return this.json(answer);
      }
      case API_PATHS.sessionsLogout:
        this.refreshTokens.delete(String(body.refresh_token ?? ''));
        return this.json({ success: true });
    }
    return this.error('not_found');
  }

  /** The user as the server holds them, for tests that sign in directly. */
  createUser(email: string): UserWire {
    const user: UserWire = {
      id: `user-${++this.serial}`,
      created_at: this.now(),
      linked_accounts: [
        {
          type: 'email',
          address: email,
          verified_at: this.now(),
          first_verified_at: this.now(),
          latest_verified_at: this.now(),
        },
      ],
      mfa_methods: [],
      has_accepted_terms: false,
    };
    this.users.set(email, user);
    return user;
  }

  issue(user: UserWire): { token: string; refresh_token: string } {
    const refresh = `refresh-${++this.serial}`;
    // Users are kept by their first account's address (or number).
    const first = user.linked_accounts[0] as { address?: string; number?: string } | undefined;
    this.refreshTokens.set(refresh, String(first?.address ?? first?.number));
    return {
      token: makeToken({ exp: this.now() + 3600, sub: `did:gatehouse:${user.id}` }),
      refresh_token: refresh,
    };
  }

  callsTo(path: string): RecordedRequest[] {
    return this.requests.filter((r) => r.path === path);
  }

  private json(value: unknown, status = 200): Response {
    return new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });
  }

  private error(code: ApiErrorCode): Response {
    const { status, message } = API_ERRORS[code];
    return this.json({ code, message }, status);
  }
}
