import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiClient, type FetchLike } from '../../../src/core/api/client.js';
import { Session } from '../../../src/core/session/session.js';
import { memoryStorage } from '../../../src/core/storage.js';
import { type AuthResult, STORAGE_KEYS, type UserWire } from '../../../src/protocol/index.js';
import { APP_ID, makeToken } from '../helpers/fake-provider.js';
import { createStores, eventLog } from '../helpers/setup.js';

/** Same-site cookie mode (§4.1, docs/guide/session-storage.md): the provider on auth.shop.example. */
const NOW = 1_800_000_000_000;
const token = makeToken({ exp: NOW / 1000 + 3600 });
const user: UserWire = {
  id: 'u1',
  created_at: 1,
  linked_accounts: [],
  mfa_methods: [],
  has_accepted_terms: false,
};

function setup() {
  const fetch = vi.fn<FetchLike>(
    async () =>
      new Response(JSON.stringify({ session_update_action: 'set', token, refresh_token: null, user }), {
        headers: { 'content-type': 'application/json' },
      }),
  );
  const api = new ApiClient({
    apiUrl: 'https://auth.shop.example',
    appId: APP_ID,
    clientAnalyticsId: 'ca',
    fetch,
  });
  const storage = memoryStorage();
  const stores = createStores();
  const session = new Session({
    api,
    appId: APP_ID,
    storage,
    stores,
    events: eventLog().target,
    now: () => NOW,
  });
  return { fetch, storage, stores, session };
}

const result = (refresh: string): AuthResult => ({ user, token, refresh_token: refresh, is_new_user: false });

describe('session cookie mode', () => {
  beforeEach(() => {
    vi.stubGlobal('location', { hostname: 'www.shop.example' });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('hands a refresh token stored before the switch over once, then refreshes by the cookie alone', async () => {
    const { fetch, storage, stores, session } = setup();
    storage.setItem(STORAGE_KEYS.token, makeToken({ exp: NOW / 1000 - 10 }));
    storage.setItem(STORAGE_KEYS.refreshToken, 'left-from-storage-mode');
    await session.restore('shop.example');
    expect(storage.getItem(STORAGE_KEYS.refreshToken)).toBeNull();
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('https://auth.shop.example/api/v1/sessions');
    expect(init.body).toBe('{"refresh_token":"left-from-storage-mode"}');
    expect(init.credentials).toBe('include');
    expect(storage.getItem(STORAGE_KEYS.token)).toBe(token);
    expect(stores.$authenticated.get()).toBe(true);

    storage.setItem(STORAGE_KEYS.token, makeToken({ exp: NOW / 1000 - 10 }));
    await session.getAccessToken();
    expect(fetch.mock.calls[1]![1].body).toBe('{}');

    session.signIn(result('should-not-be-kept'));
    expect(storage.getItem(STORAGE_KEYS.refreshToken)).toBeNull();
  });

  it('logs out by the cookie even with no token stored', async () => {
    const { fetch, session } = setup();
    await session.restore('shop.example');
    await session.logout();
    expect(fetch.mock.calls.map(([url]) => new URL(url).pathname)).toEqual(['/api/v1/sessions/logout']);
  });

  it('keeps the storage mode when the page is outside the cookie domain', async () => {
    vi.stubGlobal('location', { hostname: 'elsewhere.example' });
    const { storage, session } = setup();
    await session.restore('shop.example');
    session.signIn(result('r1'));
    expect(storage.getItem(STORAGE_KEYS.refreshToken)).toBe('r1');
  });
});
