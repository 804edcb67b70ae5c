import { describe, expect, it, vi } from 'vitest';
import { ApiClient, type FetchLike } from '../../../src/core/api/client.js';
import { isTokenActive } from '../../../src/core/session/jwt.js';
import { Session } from '../../../src/core/session/session.js';
import { memoryStorage } from '../../../src/core/storage.js';
import { type SessionUpdateResponse, STORAGE_KEYS, type UserWire } from '../../../src/protocol/index.js';
import { API_URL, APP_ID, makeToken } from '../helpers/fake-provider.js';
import { createStores, eventLog } from '../helpers/setup.js';

const NOW = 1_800_000_000_000;
const nowSeconds = NOW / 1000;
const active = makeToken({ exp: nowSeconds + 3600 });
const expiring = makeToken({ exp: nowSeconds + 20 });
const fresh = makeToken({ exp: nowSeconds + 7200 });

const wireUser: UserWire = {
  id: 'u1',
  created_at: 1_700_000_000,
  linked_accounts: [
    {
      type: 'email',
      address: 'alice@example.com',
      verified_at: 1_700_000_000,
      first_verified_at: null,
      latest_verified_at: null,
    },
  ],
  mfa_methods: [],
  has_accepted_terms: false,
};

const json = (value: unknown, status = 200) =>
  new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });

function setup(answer: (path: string, body: Record<string, unknown>) => Response | Promise<Response>) {
  const fetch = vi.fn<FetchLike>(async (url, init) =>
    answer(new URL(url).pathname, typeof init.body === 'string' ? JSON.parse(init.body) : {}),
  );
  const storage = memoryStorage();
  const stores = createStores();
  const events = eventLog();
  const api = new ApiClient({
    apiUrl: API_URL,
    appId: APP_ID,
    clientAnalyticsId: 'ca',
    fetch,
    sleep: async () => {},
  });
  const session = new Session({ api, appId: APP_ID, storage, stores, events: events.target, now: () => NOW });
  return { fetch, storage, stores, events, session };
}

const sessionAnswer = (answer: Partial<SessionUpdateResponse>) =>
  json({ session_update_action: 'set', token: null, refresh_token: null, user: null, ...answer });

describe('token freshness (§4.1)', () => {
  it('is active unless it expires within 30 s', () => {
    expect(isTokenActive(makeToken({ exp: nowSeconds + 31 }), NOW)).toBe(true);
    expect(isTokenActive(makeToken({ exp: nowSeconds + 30 }), NOW)).toBe(false);
    expect(isTokenActive(makeToken({ exp: nowSeconds - 10 }), NOW)).toBe(false);
    expect(isTokenActive('not-a-jwt', NOW)).toBe(false);
  });
});

describe('session (§4.1)', () => {
  it('returns an active token without calling the server', async () => {
    const { session, storage, fetch } = setup(() => json({}));
    storage.setItem(STORAGE_KEYS.token, active);
    await expect(session.getAccessToken()).resolves.toBe(active);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("refreshes an expiring token; 'set' stores both tokens and the user", async () => {
    const { session, storage, stores, fetch } = setup(() =>
      sessionAnswer({ session_update_action: 'set', token: fresh, refresh_token: 'r2', user: wireUser }),
    );
    storage.setItem(STORAGE_KEYS.token, expiring);
    storage.setItem(STORAGE_KEYS.refreshToken, 'r1');
    await expect(session.getAccessToken()).resolves.toBe(fresh);
    expect(fetch.mock.calls[0]![1].body).toBe('{"refresh_token":"r1"}');
    expect(storage.getItem(STORAGE_KEYS.token)).toBe(fresh);
    expect(storage.getItem(STORAGE_KEYS.refreshToken)).toBe('r2');
    expect(stores.$user.get()?.email?.address).toBe('alice@example.com');
    expect(stores.$authenticated.get()).toBe(true);
  });

  it('sends the still-valid bearer on refresh, but never on logout', async () => {
    const { session, storage, fetch } = setup((path) =>
      path === '/api/v1/sessions'
        ? sessionAnswer({ token: fresh, refresh_token: 'r2', user: wireUser })
        : json({ success: true }),
    );
    storage.setItem(STORAGE_KEYS.token, expiring);
    storage.setItem(STORAGE_KEYS.refreshToken, 'r1');
    await session.refresh();
    expect((fetch.mock.calls[0]![1].headers as Record<string, string>).authorization).toBe(
      `Bearer ${expiring}`,
    );
    await session.logout();
    expect(fetch.mock.calls[1]![0]).toBe(`${API_URL}/api/v1/sessions/logout`);
    expect(fetch.mock.calls[1]![1].body).toBe('{"refresh_token":"r2"}');
    expect(fetch.mock.calls[1]![1].headers).not.toHaveProperty('authorization');
  });

  it("'clear' wipes local state", async () => {
    const { session, storage, stores } = setup(() => sessionAnswer({ session_update_action: 'clear' }));
    storage.setItem(STORAGE_KEYS.refreshToken, 'r1');
    stores.$authenticated.set(true);
    await expect(session.getAccessToken()).resolves.toBeNull();
    expect(storage.getItem(STORAGE_KEYS.refreshToken)).toBeNull();
    expect(stores.$authenticated.get()).toBe(false);
    expect(stores.$user.get()).toBeNull();
  });

  it("'ignore' stores only a returned token and keeps the refresh token", async () => {
    const { session, storage } = setup(() =>
      sessionAnswer({
        session_update_action: 'ignore',
        token: fresh,
        refresh_token: 'r-ignored',
        user: wireUser,
      }),
    );
    storage.setItem(STORAGE_KEYS.token, expiring);
    storage.setItem(STORAGE_KEYS.refreshToken, 'r1');
    await expect(session.getAccessToken()).resolves.toBe(fresh);
    expect(storage.getItem(STORAGE_KEYS.refreshToken)).toBe('r1');
  });

  it('concurrent callers share one refresh', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { session, storage, fetch } = setup(async () => {
      await gate;
      return sessionAnswer({ token: fresh, refresh_token: 'r2', user: wireUser });
    });
    storage.setItem(STORAGE_KEYS.refreshToken, 'r1');
    const calls = [session.getAccessToken(), session.getAccessToken(), session.getAccessToken()];
    release();
    await expect(Promise.all(calls)).resolves.toEqual([fresh, fresh, fresh]);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("'missing_or_invalid_token' on refresh clears local state and returns no user", async () => {
    const { session, storage, stores } = setup(() =>
      json({ code: 'missing_or_invalid_token', message: 'Missing or invalid token.' }, 401),
    );
    storage.setItem(STORAGE_KEYS.token, expiring);
    storage.setItem(STORAGE_KEYS.refreshToken, 'r1');
    stores.$authenticated.set(true);
    await expect(session.getAccessToken()).resolves.toBeNull();
    expect(storage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(storage.getItem(STORAGE_KEYS.refreshToken)).toBeNull();
    expect(stores.$user.get()).toBeNull();
    expect(stores.$authenticated.get()).toBe(false);
  });

  it('a token for another app logs the user out', async () => {
    const { session, storage, events, fetch } = setup(() => json({ success: true }));
    storage.setItem(
      STORAGE_KEYS.token,
      makeToken({ exp: nowSeconds + 3600, aud: 'another-app-id-0000000000' }),
    );
    storage.setItem(STORAGE_KEYS.refreshToken, 'r1');
    await expect(session.getAccessToken()).resolves.toBeNull();
    expect(fetch.mock.calls[0]![0]).toBe(`${API_URL}/api/v1/sessions/logout`);
    expect(storage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(events.seen.map((e) => e.name)).toEqual(['logout']);
  });

  it('with no credentials there is no token and no call', async () => {
    const { session, fetch } = setup(() => json({}));
    await expect(session.getAccessToken()).resolves.toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('logout clears local state and fires logout even when the server call fails', async () => {
    const { session, storage, stores, events } = setup(() => {
      throw new TypeError('Failed to fetch');
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    storage.setItem(STORAGE_KEYS.token, active);
    storage.setItem(STORAGE_KEYS.refreshToken, 'r1');
    stores.$authenticated.set(true);
    await session.logout();
    expect(storage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(storage.getItem(STORAGE_KEYS.refreshToken)).toBeNull();
    expect(stores.$authenticated.get()).toBe(false);
    expect(events.seen.map((e) => e.name)).toEqual(['logout']);
    warn.mockRestore();
  });

  it('restore() fills the user from stored credentials', async () => {
    const { session, storage, stores } = setup(() =>
      sessionAnswer({ token: fresh, refresh_token: 'r2', user: wireUser }),
    );
    storage.setItem(STORAGE_KEYS.token, active);
    storage.setItem(STORAGE_KEYS.refreshToken, 'r1');
    await session.restore();
    expect(stores.$user.get()).toMatchObject({ id: 'u1', email: { address: 'alice@example.com' } });
    expect(stores.$authenticated.get()).toBe(true);
  });
});
