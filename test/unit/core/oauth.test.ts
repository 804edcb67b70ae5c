import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loginWithOAuth } from '../../../src/core/host/account.js';
import { oauthState, retryOAuth } from '../../../src/core/login/oauth.js';
import { oauthFailureText } from '../../../src/core/login/oauth-flow.js';
import { memoryStorage } from '../../../src/core/storage.js';
import { toUser } from '../../../src/core/user.js';
import { SCREENS, STORAGE_KEYS } from '../../../src/protocol/index.js';
import { IDP_URL, OAuthFakeProvider } from '../helpers/oauth-provider.js';
import { createClient } from '../helpers/setup.js';

const PAGE = `${location.origin}/shop?item=7`;
const s256 = (value: string) => createHash('sha256').update(value).digest('base64url');

beforeEach(() => {
  history.replaceState(null, '', PAGE);
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** A page load of the host page: a client with the tab's storage, recording where it navigates. */
function pageLoad(
  provider: OAuthFakeProvider,
  tab = { storage: memoryStorage(), oauthStorage: memoryStorage() },
) {
  const navigations: string[] = [];
  const client = createClient(
    { fetch: provider.oauthFetch, navigate: (url) => navigations.push(url), ...tab },
    provider,
  );
  const seen = client.events.seen;
  for (const name of ['link:success', 'link:error']) {
    client.events.target.addEventListener(name, (event) =>
      seen.push({ name, detail: (event as CustomEvent).detail }),
    );
  }
  return { ...client, navigations, tab };
}

async function until(check: () => void): Promise<void> {
  await vi.waitFor(check, { timeout: 2000 });
}

describe('starting an OAuth login (§4.3, §4.4, §5)', () => {
  it('keeps a 36-byte verifier and a state in this tab, sends the S256 challenge, and goes to the provider', async () => {
    const provider = new OAuthFakeProvider();
    const page = pageLoad(provider);
    await page.gatehouse.call('login', []);
    await loginWithOAuth(page.gatehouse.ctx, 'google');

    const [init] = provider.inits;
    const stored = JSON.parse(page.tab.oauthStorage.getItem(STORAGE_KEYS.oauthFlow) ?? '{}');
    expect(Buffer.from(stored.verifier, 'base64url')).toHaveLength(36);
    expect(init).toEqual({
      provider: 'google',
      redirect_to: PAGE,
      code_challenge: s256(stored.verifier),
      state_code: stored.state,
    });
    expect(stored).toMatchObject({ provider: 'google', mode: 'login' });
    expect(page.navigations).toEqual([`${IDP_URL}?client_id=x&state=idp-1`]);
    expect(page.gatehouse.ctx.modal.$modal.get()).toMatchObject({
      open: true,
      screen: SCREENS.awaitingOauth,
    });
    expect(oauthState(page.gatehouse.ctx).get()).toMatchObject({ provider: 'google', status: 'redirecting' });
  });

  it('refuses Google inside an in-app browser without calling the provider; other providers still go', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 Instagram 312.0');
    const provider = new OAuthFakeProvider();
    const page = pageLoad(provider);
    await loginWithOAuth(page.gatehouse.ctx, 'google');
    expect(page.gatehouse.ctx.modal.$modal.get().screen).toBe(SCREENS.inAppBrowserLoginNotPossible);
    expect(provider.inits).toEqual([]);
    await loginWithOAuth(page.gatehouse.ctx, 'github');
    expect(provider.inits.map((i) => i.provider)).toEqual(['github']);
  });

  it('a refused init shows ERROR_SCREEN and keeps nothing for a return', async () => {
    const provider = new OAuthFakeProvider();
    provider.failures.set('/api/v1/oauth/init', ['disallowed_login_method']);
    const page = pageLoad(provider);
    await loginWithOAuth(page.gatehouse.ctx, 'discord');
    expect(page.gatehouse.ctx.modal.$modal.get()).toMatchObject({
      screen: SCREENS.error,
      previousScreen: SCREENS.landing,
    });
    expect(page.gatehouse.ctx.modal.$flow.get().error?.code).toBe('disallowed_login_method');
    expect(page.tab.oauthStorage.getItem(STORAGE_KEYS.oauthFlow)).toBeNull();
  });
});

describe('back on the host page (§2.1, §4.4)', () => {
  async function goAndReturn(overrides: Parameters<OAuthFakeProvider['returnUrl']>[1] = {}) {
    const provider = new OAuthFakeProvider();
    const first = pageLoad(provider);
    await loginWithOAuth(first.gatehouse.ctx, 'google');
    history.replaceState(null, '', provider.returnUrl(PAGE, overrides));
    const back = pageLoad(provider, first.tab);
    await back.gatehouse.ready;
    return { provider, back };
  }

  it('verifies, logs in with the provider account, fires login:success and cleans the address', async () => {
    const { provider, back } = await goAndReturn();
    expect(location.href).toBe(PAGE);
    expect(back.gatehouse.ctx.modal.$modal.get()).toMatchObject({
      open: true,
      screen: SCREENS.awaitingOauth,
    });
    await until(() => expect(oauthState(back.gatehouse.ctx).get().status).toBe('connected'));
    const user = back.gatehouse.ctx.stores.$user.get();
    expect(user?.google).toEqual({
      subject: 'google-sub-1',
      email: 'alice@gmail.test',
      name: 'Alice Example',
    });
    expect(user?.linkedAccounts[0]).toMatchObject({ type: 'google_oauth', subject: 'google-sub-1' });
    expect(back.events.seen.find((e) => e.name === 'login:success')?.detail).toMatchObject({
      isNewUser: true,
      loginMethod: 'google_oauth',
    });
    expect(provider.callsTo('/api/v1/oauth/authenticate')).toHaveLength(1);
    expect(back.tab.oauthStorage.getItem(STORAGE_KEYS.oauthFlow)).toBeNull();
  });

  it('a state that is not the one stored is refused as a possible phishing attempt, before any call', async () => {
    const { provider, back } = await goAndReturn({ state: 'forged-state' });
    await until(() => expect(oauthState(back.gatehouse.ctx).get().status).toBe('failed'));
    expect(oauthState(back.gatehouse.ctx).get().error?.message).toBe(
      'Unexpected auth flow, possibly a phishing attempt',
    );
    expect(provider.callsTo('/api/v1/oauth/authenticate')).toEqual([]);
    expect(back.events.seen.find((e) => e.name === 'login:error')?.detail).toMatchObject({
      code: 'unknown_auth_error',
    });
    expect(location.href).toBe(PAGE);
  });

  it("the code 'undefined' means the user denied: oauth_user_denied", async () => {
    const { back } = await goAndReturn({ code: 'undefined' });
    await until(() => expect(oauthState(back.gatehouse.ctx).get().status).toBe('failed'));
    expect(oauthState(back.gatehouse.ctx).get().error).toMatchObject({
      code: 'oauth_user_denied',
      message: 'User denied confirmation during OAuth flow',
    });
  });

  it("a code without its state: unknown_auth_error 'Invalid code during OAuth flow.'", async () => {
    const { back } = await goAndReturn({ state: '' });
    await until(() => expect(oauthState(back.gatehouse.ctx).get().status).toBe('failed'));
    expect(oauthState(back.gatehouse.ctx).get().error).toMatchObject({
      code: 'unknown_auth_error',
      message: 'Invalid code during OAuth flow.',
    });
  });

  it('without the verifier of this tab: Authentication error.', async () => {
    const provider = new OAuthFakeProvider();
    const first = pageLoad(provider);
    await loginWithOAuth(first.gatehouse.ctx, 'google');
    history.replaceState(null, '', provider.returnUrl(PAGE));
    const otherTab = pageLoad(provider);
    await otherTab.gatehouse.ready;
    await until(() => expect(oauthState(otherTab.gatehouse.ctx).get().status).toBe('failed'));
    expect(oauthState(otherTab.gatehouse.ctx).get().error?.message).toBe('Authentication error.');
  });

  it('a refusal of the provider (linked_to_another_user, suspended) fails with its code', async () => {
    const provider = new OAuthFakeProvider();
    const first = pageLoad(provider);
    await loginWithOAuth(first.gatehouse.ctx, 'twitter');
    provider.refuseWith = 'oauth_account_suspended';
    history.replaceState(null, '', provider.returnUrl(PAGE));
    const back = pageLoad(provider, first.tab);
    await until(() => expect(oauthState(back.gatehouse.ctx).get().status).toBe('failed'));
    expect(oauthState(back.gatehouse.ctx).get()).toMatchObject({
      provider: 'twitter',
      error: { code: 'oauth_account_suspended' },
    });
    const { error } = oauthState(back.gatehouse.ctx).get();
    expect(error && oauthFailureText(error, 'twitter').detail).toBe(
      'Your Twitter account is suspended. Please try another login method.',
    );
    expect(back.gatehouse.ctx.stores.$authenticated.get()).toBe(false);
  });

  it('retry starts the same provider again', async () => {
    const { provider, back } = await goAndReturn({ code: 'undefined' });
    await until(() => expect(oauthState(back.gatehouse.ctx).get().status).toBe('failed'));
    await retryOAuth(back.gatehouse.ctx);
    expect(provider.inits.map((i) => i.provider)).toEqual(['google', 'google']);
    expect(back.navigations).toHaveLength(1);
  });
});

describe('linking and unlinking (§5)', () => {
  async function loggedInTab(provider: OAuthFakeProvider) {
    const tab = { storage: memoryStorage(), oauthStorage: memoryStorage() };
    const { refresh_token } = provider.issue(provider.createUser('linker@example.com'));
    tab.storage.setItem(STORAGE_KEYS.refreshToken, refresh_token);
    return tab;
  }

  it('linkGithub() goes to the provider and, back on the page, links: link:success with the account', async () => {
    const provider = new OAuthFakeProvider();
    const tab = await loggedInTab(provider);
    const first = pageLoad(provider, tab);
    await first.gatehouse.call('linkGithub', []);
    expect(provider.inits.map((i) => i.provider)).toEqual(['github']);
    expect(JSON.parse(tab.oauthStorage.getItem(STORAGE_KEYS.oauthFlow) ?? '{}').mode).toBe('link');

    history.replaceState(null, '', provider.returnUrl(PAGE));
    const back = pageLoad(provider, tab);
    await until(() => expect(back.events.seen.some((e) => e.name === 'link:success')).toBe(true));
    const [link] = provider.callsTo('/api/v1/oauth/link');
    expect(link?.headers.authorization).toMatch(/^Bearer /);
    expect(back.events.seen.find((e) => e.name === 'link:success')?.detail).toMatchObject({
      linkMethod: 'github_oauth',
      linkedAccount: { type: 'github_oauth', subject: 'github-sub-1' },
    });
    expect(back.gatehouse.ctx.stores.$user.get()?.github?.subject).toBe('github-sub-1');
    expect(back.events.seen.some((e) => e.name === 'login:success')).toBe(false);
  });

  it('linking needs a logged-in user: link:error and a rejection', async () => {
    const provider = new OAuthFakeProvider();
    const page = pageLoad(provider);
    await expect(page.gatehouse.call('linkApple', [])).rejects.toThrow('User must be authenticated');
    expect(page.events.seen.find((e) => e.name === 'link:error')?.detail).toMatchObject({
      code: 'must_be_authenticated',
    });
    expect(provider.inits).toEqual([]);
  });

  it('unlinkOAuth(provider, subject) posts with the session and resolves with the updated user', async () => {
    const provider = new OAuthFakeProvider();
    const page = pageLoad(provider, await loggedInTab(provider));
    const user = await page.gatehouse.call('unlinkOAuth', ['google', 'google-sub-1']);
    const [call] = provider.callsTo('/api/v1/oauth/unlink');
    expect(call?.body).toEqual({ provider: 'google', subject: 'google-sub-1' });
    expect(call?.headers.authorization).toMatch(/^Bearer /);
    expect(user).toMatchObject({ email: { address: 'linker@example.com' } });
  });
});

describe('social accounts on the user (§3)', () => {
  it('maps each provider’s fields, keeps the most recently verified one as the shortcut, and nulls what is missing', () => {
    const at = (seconds: number) => ({
      verified_at: seconds,
      first_verified_at: seconds,
      latest_verified_at: seconds,
    });
    const user = toUser({
      id: 'u1',
      created_at: 1,
      mfa_methods: [],
      has_accepted_terms: false,
      linked_accounts: [
        { type: 'google_oauth', subject: 'g-old', email: 'old@g.test', name: 'Old', ...at(10) },
        { type: 'google_oauth', subject: 'g-new', email: 'new@g.test', name: 'New', ...at(20) },
        {
          type: 'twitter_oauth',
          subject: 't',
          username: 'tw',
          name: 'T',
          profilePictureUrl: 'https://p/t.png',
          ...at(5),
        },
        { type: 'discord_oauth', subject: 'd', username: 'dc', email: 'd@d.test', ...at(5) },
        { type: 'github_oauth', subject: '42', username: 'gh', name: null, email: 'g@h.test', ...at(5) },
        { type: 'spotify_oauth', subject: 's', email: 's@s.test', name: 'S', ...at(5) },
        { type: 'tiktok_oauth', subject: 'tt', username: 'tk', name: 'TT', ...at(5) },
        { type: 'linkedin_oauth', subject: 'li', name: 'L', email: 'l@l.test', ...at(5) },
        { type: 'apple_oauth', subject: 'ap', ...at(5) },
      ],
    });
    expect(user.google).toEqual({ subject: 'g-new', email: 'new@g.test', name: 'New' });
    expect(user.twitter).toEqual({
      subject: 't',
      username: 'tw',
      name: 'T',
      profilePictureUrl: 'https://p/t.png',
    });
    expect(user.discord).toEqual({ subject: 'd', username: 'dc', email: 'd@d.test' });
    expect(user.github).toEqual({ subject: '42', username: 'gh', name: null, email: 'g@h.test' });
    expect(user.spotify).toEqual({ subject: 's', email: 's@s.test', name: 'S' });
    expect(user.tiktok).toEqual({ subject: 'tt', username: 'tk', name: 'TT' });
    expect(user.linkedin).toEqual({ subject: 'li', name: 'L', email: 'l@l.test' });
    expect(user.apple).toEqual({ subject: 'ap', email: null });
    expect(user.linkedAccounts).toHaveLength(9);
    expect(user.linkedAccounts[0]).toMatchObject({ type: 'google_oauth', verifiedAt: new Date(10_000) });
  });
});
