/**
 * The fake provider plus `POST /api/v1/users/me/accept_terms`: the bearer's user gets
 * has_accepted_terms, as the real server does.
 */
import { API_ERRORS, API_PATHS, type UserWire } from '../../../src/protocol/index.js';
import { FakeProvider } from './fake-provider.js';

const json = (value: unknown, status = 200) =>
  new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });

export class TermsProvider extends FakeProvider {
  constructor() {
    super();
    const base = this.fetch;
    (this as { fetch: FakeProvider['fetch'] }).fetch = (input, init) => this.acceptTerms(base, input, init);
  }

  private async acceptTerms(
    base: FakeProvider['fetch'],
    input: string,
    init: RequestInit,
  ): Promise<Response> {
    if (new URL(input).pathname !== API_PATHS.acceptTerms) return base(input, init);
    this.requests.push({
      method: init.method ?? 'GET',
      path: API_PATHS.acceptTerms,
      headers: Object.fromEntries(new Headers(init.headers).entries()),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      credentials: init.credentials,
    });
    const queued = this.failures.get(API_PATHS.acceptTerms)?.shift();
    if (typeof queued === 'number') return new Response('upstream trouble', { status: queued });
    const bearer = new Headers(init.headers).get('authorization')?.replace(/^Bearer /, '');
    const claims = bearer
      ? JSON.parse(atob(bearer.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/')))
      : null;
    const users = (this as unknown as { users: Map<string, UserWire> }).users;
    const user = [...users.values()].find((u) => `did:gatehouse:${u.id}` === claims?.sub);
    if (!user)
      return json(
        { code: 'missing_or_invalid_token', message: API_ERRORS.missing_or_invalid_token.message },
        401,
      );
    user.has_accepted_terms = true;
    return json({ user });
  }
}
