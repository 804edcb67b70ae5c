import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AcceptTermsResponse, SessionUpdateResponse } from '../../src/protocol/api.js';
import { type Harness, startHarness } from './harness.js';

const ACCEPT = '/api/v1/users/me/accept_terms';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('POST /api/v1/users/me/accept_terms', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(async () => {
    await h.close();
  });

  it('records the acceptance for the bearer and answers the user; it sticks across logins', async () => {
    const login = await h.login('alice@example.com');
    expect(login.user.has_accepted_terms).toBe(false);
    const response = await h.post(ACCEPT, undefined, bearer(login.token));
    expect(response.statusCode).toBe(200);
    const { user } = response.json<AcceptTermsResponse>();
    expect(user).toEqual({ ...login.user, has_accepted_terms: true });

    const refreshed = await h.post('/api/v1/sessions', { refresh_token: login.refresh_token });
    expect(refreshed.json<SessionUpdateResponse>().user?.has_accepted_terms).toBe(true);
    const again = await h.login('alice@example.com');
    expect(again.user.has_accepted_terms).toBe(true);
    // Accepting twice is harmless.
    expect((await h.post(ACCEPT, {}, bearer(again.token))).statusCode).toBe(200);
  });

  it('only touches the bearer: another user stays as they were', async () => {
    const alice = await h.login('alice@example.com');
    const bob = await h.login('bob@example.com');
    await h.post(ACCEPT, {}, bearer(alice.token));
    const bobNow = await h.post('/api/v1/sessions', { refresh_token: bob.refresh_token });
    expect(bobNow.json<SessionUpdateResponse>().user?.has_accepted_terms).toBe(false);
  });

  it.each([
    ['no bearer', {}],
    ['a malformed bearer', { authorization: 'Bearer' }],
    ['a forged token', bearer('eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln')],
  ])('refuses %s with 401 missing_or_invalid_token', async (_name, headers) => {
    const response = await h.post(ACCEPT, {}, headers as Record<string, string>);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ code: 'missing_or_invalid_token', message: expect.any(String) });
  });

  it('refuses a logged-out session', async () => {
    const login = await h.login('alice@example.com');
    await h.post('/api/v1/sessions/logout', { refresh_token: login.refresh_token });
    expect((await h.post(ACCEPT, {}, bearer(login.token))).statusCode).toBe(401);
  });

  it('refuses a non-JSON body as invalid_data, not a 500', async () => {
    const login = await h.login('alice@example.com');
    const response = await h.inject({
      method: 'POST',
      url: ACCEPT,
      headers: { 'gatehouse-app-id': h.appId, ...bearer(login.token), 'content-type': 'text/plain' },
      payload: 'yes',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('invalid_data');
  });
});
