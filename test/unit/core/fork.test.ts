import { afterEach, describe, expect, it, vi } from 'vitest';
import { adoptForkedToken } from '../../../src/core/session/forked-token.js';
import { memoryStorage } from '../../../src/core/storage.js';
import { STORAGE_KEYS } from '../../../src/protocol/index.js';
import { createClient } from '../helpers/setup.js';
import { TermsProvider } from '../helpers/terms-provider.js';

afterEach(() => {
  vi.restoreAllMocks();
  history.replaceState(null, '', '/');
});

describe('forkSession()', () => {
  it("rotates the stored refresh token and resolves with the new session's refresh token", async () => {
    const provider = new TermsProvider();
    const storage = memoryStorage();
    storage.setItem(
      STORAGE_KEYS.refreshToken,
      provider.issue(provider.createUser('alice@example.com')).refresh_token,
    );
    const { gatehouse } = createClient({ storage }, provider);
    await gatehouse.ready;
    const before = storage.getItem(STORAGE_KEYS.refreshToken);
    const forked = await gatehouse.call('forkSession', []);
    const [call] = provider.callsTo('/api/v1/sessions/fork');
    expect(call?.body).toEqual({ refresh_token: before });
    expect(call?.headers.authorization).toBeUndefined();
    expect(typeof forked).toBe('string');
    expect(storage.getItem(STORAGE_KEYS.refreshToken)).not.toBe(before);
    expect(forked).not.toBe(storage.getItem(STORAGE_KEYS.refreshToken));
    expect(gatehouse.ctx.stores.$authenticated.get()).toBe(true);
  });

  it('rejects with must_be_authenticated when nobody is logged in', async () => {
    const { gatehouse, provider } = createClient({}, new TermsProvider());
    await expect(gatehouse.call('forkSession', [])).rejects.toMatchObject({
      code: 'must_be_authenticated',
      message: 'User must be authenticated',
    });
    expect(provider.callsTo('/api/v1/sessions/fork')).toEqual([]);
  });
});

describe('gatehouse_token and forked recovery (§2.1, §4.1)', () => {
  it('gatehouse_token is stored and removed from the address, the rest of which stays', () => {
    history.replaceState({ keep: 1 }, '', '/shop?item=3&gatehouse_token=abc#top');
    const storage = memoryStorage();
    adoptForkedToken(storage);
    expect(storage.getItem(STORAGE_KEYS.forkedToken)).toBe('abc');
    expect(location.pathname + location.search + location.hash).toBe('/shop?item=3#top');
    expect(history.state).toEqual({ keep: 1 });
  });

  it('a page opened with ?gatehouse_token= starts logged in as the same user, and the token is spent', async () => {
    const provider = new TermsProvider();
    const source = memoryStorage();
    source.setItem(
      STORAGE_KEYS.refreshToken,
      provider.issue(provider.createUser('alice@example.com')).refresh_token,
    );
    const first = createClient({ storage: source }, provider);
    const handed = (await first.gatehouse.call('forkSession', [])) as string;

    history.replaceState(null, '', `/other?gatehouse_token=${encodeURIComponent(handed)}`);
    const storage = memoryStorage();
    const second = createClient({ storage }, provider);
    await second.gatehouse.ready;
    expect(location.search).toBe('');
    expect(provider.callsTo('/api/v1/sessions/fork/recover').map((r) => r.body)).toEqual([
      { refresh_token: handed },
    ]);
    expect(second.gatehouse.ctx.stores.$user.get()?.email?.address).toBe('alice@example.com');
    expect(storage.getItem(STORAGE_KEYS.forkedToken)).toBeNull();
    expect(storage.getItem(STORAGE_KEYS.refreshToken)).toBeTruthy();
  });

  it('a refused forked token leaves the page logged out and is cleared', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const storage = memoryStorage();
    storage.setItem(STORAGE_KEYS.forkedToken, 'spent');
    const { gatehouse } = createClient({ storage }, new TermsProvider());
    await gatehouse.ready;
    expect(gatehouse.ctx.stores.$authenticated.get()).toBe(false);
    expect(storage.getItem(STORAGE_KEYS.forkedToken)).toBeNull();
  });

  it('a page with its own session ignores (and drops) a forked token', async () => {
    const provider = new TermsProvider();
    const storage = memoryStorage();
    storage.setItem(
      STORAGE_KEYS.refreshToken,
      provider.issue(provider.createUser('bob@example.com')).refresh_token,
    );
    storage.setItem(STORAGE_KEYS.forkedToken, 'someone-else');
    const { gatehouse } = createClient({ storage }, provider);
    await gatehouse.ready;
    expect(gatehouse.ctx.stores.$user.get()?.email?.address).toBe('bob@example.com');
    expect(provider.callsTo('/api/v1/sessions/fork/recover')).toEqual([]);
    expect(storage.getItem(STORAGE_KEYS.forkedToken)).toBeNull();
  });
});
