/**
 * Tabs agree (session/tabs.ts): what this tab does when another tab of the app writes the shared
 * storage, and what it announces itself. e2e/tabs.test.ts drives login and logout across two real
 * tabs; this covers the changed-user path and the announcement rules.
 */
import { describe, expect, it, vi } from 'vitest';
import { ApiClient, type FetchLike } from '../../../src/core/api/client.js';
import { Session } from '../../../src/core/session/session.js';
import { followOtherTabs } from '../../../src/core/session/tabs.js';
import { memoryStorage } from '../../../src/core/storage.js';
import { STORAGE_KEYS, type UserWire } from '../../../src/protocol/index.js';
import { APP_ID, makeToken } from '../helpers/fake-provider.js';
import { createStores, eventLog } from '../helpers/setup.js';

const wire = (address: string): UserWire => ({
  id: 'u1',
  created_at: 1,
  linked_accounts: [
    { type: 'email', address, verified_at: 2, first_verified_at: 2, latest_verified_at: 2 },
  ] as UserWire['linked_accounts'],
  mfa_methods: [],
  has_accepted_terms: false,
});

function setup(serverAddress = 'new@example.com') {
  const fetch = vi.fn<FetchLike>(
    async () =>
      new Response(
        JSON.stringify({
          session_update_action: 'ignore',
          token: null,
          refresh_token: null,
          user: wire(serverAddress),
        }),
        {
          headers: { 'content-type': 'application/json' },
        },
      ),
  );
  const api = new ApiClient({
    apiUrl: 'https://auth.example',
    appId: APP_ID,
    clientAnalyticsId: 'ca',
    fetch,
  });
  const storage = memoryStorage();
  storage.setItem(STORAGE_KEYS.token, makeToken({ exp: Date.now() / 1000 + 3600 }));
  const stores = createStores();
  const events = eventLog();
  const session = new Session({ api, appId: APP_ID, storage, stores, events: events.target });
  const page = new EventTarget();
  const stop = followOtherTabs(session, stores, storage, page);
  const otherTabWrites = (key: string, newValue: string | null) =>
    page.dispatchEvent(new StorageEvent('storage', { key, newValue }));
  return { fetch, storage, stores, session, events, stop, otherTabWrites };
}

describe('tabs agree', () => {
  it('another tab logged in: this one reads the user with the shared token', async () => {
    const tab = setup();
    tab.otherTabWrites(STORAGE_KEYS.token, 'any');
    await vi.waitFor(() => expect(tab.stores.$authenticated.get()).toBe(true));
    expect(tab.stores.$user.get()?.email?.address).toBe('new@example.com');
    expect(tab.fetch.mock.calls[0]?.[1]?.headers).toMatchObject({
      authorization: expect.stringMatching(/^Bearer /),
    });
    tab.stop();
  });

  it('another tab changed the user: this one shows the new user, and does not announce it back', async () => {
    const tab = setup();
    tab.session.setUser(wire('old@example.com'));
    tab.otherTabWrites(STORAGE_KEYS.userChanged, '1');
    await vi.waitFor(() => expect(tab.stores.$user.get()?.email?.address).toBe('new@example.com'));
    expect(tab.storage.getItem(STORAGE_KEYS.userChanged)).toBeNull();
    tab.stop();
  });

  it('a change of the logged-in user here is announced to the others; a login is not (the tokens say it)', () => {
    const tab = setup();
    tab.session.setUser(wire('old@example.com'));
    expect(tab.storage.getItem(STORAGE_KEYS.userChanged)).toBeNull();
    tab.session.setUser(wire('linked@example.com'));
    expect(tab.storage.getItem(STORAGE_KEYS.userChanged)).not.toBeNull();
    tab.stop();
  });

  it('another tab logged out: this one logs out locally, fires logout, and calls nobody', async () => {
    const tab = setup();
    tab.session.setUser(wire('old@example.com'));
    tab.otherTabWrites(STORAGE_KEYS.token, null);
    await vi.waitFor(() => expect(tab.events.seen.map((e) => e.name)).toEqual(['logout']));
    expect(tab.stores.$authenticated.get()).toBe(false);
    expect(tab.stores.$user.get()).toBeNull();
    expect(tab.fetch).not.toHaveBeenCalled();
    tab.stop();
  });
});
