import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeProvider } from '../helpers/fake-provider.js';
import { button, cleanupWidget, dialog, mountWidget, openLogin, textbox } from '../helpers/widget.js';

afterEach(cleanupWidget);

/** The names of LANDING's method buttons and fields, in order. */
function methods(shadow: ShadowRoot): string[] {
  return [...shadow.querySelectorAll<HTMLElement>('[data-screen] button, [data-screen] input')]
    .filter((el) => el.getAttribute('aria-label') !== 'Back')
    .map((el) => (el.tagName === 'INPUT' ? `[${el.getAttribute('type')}]` : (el.textContent ?? '').trim()))
    .filter((name) => name !== 'Submit');
}

/** The overflow view LANDING shows (§2.3: 'web2-overflow', 'web3-overflow'), or 'default'. */
const view = (shadow: ShadowRoot) => shadow.querySelector('[data-view]')?.getAttribute('data-view');

function socialApp(): FakeProvider {
  const provider = new FakeProvider();
  provider.app = {
    ...provider.app,
    google_oauth: true,
    twitter_oauth: true,
    discord_oauth: true,
    github_oauth: true,
    apple_oauth: true,
    wallet_auth: true,
    farcaster_auth: true,
  };
  return provider;
}

describe('LANDING layout', () => {
  it("shows 4 methods of the primary list and 'More options' opening the rest, with a Back button", async () => {
    const widget = mountWidget(socialApp());
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await widget.handle.call('init', [
      {
        loginMethodsAndOrder: {
          primary: ['github', 'email', 'google', 'apple', 'discord'],
          overflow: ['twitter'],
        },
      },
    ]);
    await openLogin(widget);
    expect(methods(widget.shadow)).toEqual([
      'Continue with GitHub',
      '[email]',
      'Continue with Google',
      'Continue with Apple',
      'More options',
    ]);
    button(widget.shadow, 'More options').click();
    await vi.waitFor(() =>
      expect(methods(widget.shadow)).toEqual(['Continue with Discord', 'Continue with Twitter']),
    );
    button(widget.shadow, 'Back').click();
    await vi.waitFor(() => expect(methods(widget.shadow)).toContain('More options'));
    expect(textbox(widget.shadow, 'Email address')).toBeTruthy();
  });

  it('shows all 5 when there are exactly 5 and no overflow; Farcaster counts as one of them', async () => {
    const widget = mountWidget(socialApp());
    await widget.handle.call('init', [
      {
        loginMethodsAndOrder: {
          primary: ['google', 'twitter', 'farcaster', 'discord', 'github'],
        },
      },
    ]);
    await openLogin(widget);
    expect(methods(widget.shadow)).toEqual([
      'Continue with Google',
      'Continue with Twitter',
      'Continue with Farcaster',
      'Continue with Discord',
      'Continue with GitHub',
    ]);
  });

  it('a social button starts that provider', async () => {
    const widget = mountWidget(socialApp());
    await openLogin(widget);
    button(widget.shadow, 'Continue with Google').click();
    await vi.waitFor(() => expect(widget.provider.callsTo('/api/v1/oauth/init')).toHaveLength(1));
    expect(widget.provider.callsTo('/api/v1/oauth/init')[0]?.body?.provider).toBe('google');
  });

  it('hideDirectWeb2Inputs: Continue with Email opens the field, Back returns', async () => {
    const widget = mountWidget(socialApp());
    await widget.handle.call('init', [
      { loginMethods: ['email', 'google'], appearance: { hideDirectWeb2Inputs: true } },
    ]);
    await openLogin(widget);
    expect(methods(widget.shadow)).toEqual(['Continue with email', 'Continue with Google']);
    button(widget.shadow, 'Continue with email').click();
    await vi.waitFor(() => expect(textbox(widget.shadow, 'Email address')).toBeTruthy());
    expect(dialog(widget.shadow)?.textContent).toContain('Log in or sign up');
    button(widget.shadow, 'Back').click();
    await vi.waitFor(() =>
      expect(methods(widget.shadow)).toEqual(['Continue with email', 'Continue with Google']),
    );
  });

  it("grouped web2-first: email, then socials up to 3 minus the fields, then 'Other socials'", async () => {
    const widget = mountWidget(socialApp());
    await widget.handle.call('init', [{ appearance: { loginGroupPriority: 'web2-first' } }]);
    await openLogin(widget);
    expect(methods(widget.shadow)).toEqual([
      '[email]',
      'Continue with Google',
      'Continue with Twitter',
      'Other socials',
    ]);
    button(widget.shadow, 'Other socials').click();
    await vi.waitFor(() =>
      expect(methods(widget.shadow)).toEqual([
        'Continue with Discord',
        'Continue with GitHub',
        'Continue with Apple',
        'Continue with Farcaster',
        'Continue with a wallet',
      ]),
    );
    expect(view(widget.shadow)).toBe('web2-overflow');
    button(widget.shadow, 'Continue with a wallet').click();
    await vi.waitFor(() => expect(view(widget.shadow)).toBe('web3-overflow'));
    expect(methods(widget.shadow)).not.toContain('Continue with Google');
    button(widget.shadow, 'Back').click();
    await vi.waitFor(() => expect(methods(widget.shadow)).toContain('Other socials'));
  });

  it("grouped web3-first: the wallets first, 'Other wallets' opening web3-overflow, then email and socials", async () => {
    const widget = mountWidget(socialApp());
    await widget.handle.call('init', [
      {
        appearance: {
          loginGroupPriority: 'web3-first',
          walletList: ['metamask', 'rainbow', 'coinbase_wallet', 'okx_wallet'],
        },
      },
    ]);
    await openLogin(widget);
    // The wallet list itself is the lazy external-wallet chunk (its names: e2e/layout.test.ts): up to
    // 3 of its entries may have rendered before 'Other wallets' by now, depending on when it loaded.
    const shown = methods(widget.shadow);
    const overflowAt = shown.indexOf('Other wallets');
    expect(overflowAt).toBeGreaterThanOrEqual(0);
    expect(overflowAt).toBeLessThanOrEqual(3);
    expect(shown.slice(overflowAt)).toEqual([
      'Other wallets',
      '[email]',
      'Continue with Google',
      'Continue with Twitter',
      'Other socials',
    ]);
    button(widget.shadow, 'Other wallets').click();
    await vi.waitFor(() => expect(view(widget.shadow)).toBe('web3-overflow'));
    expect(methods(widget.shadow)).not.toContain('[email]');
    button(widget.shadow, 'Back').click();
    await vi.waitFor(() => expect(methods(widget.shadow)).toContain('Other socials'));
    button(widget.shadow, 'Other socials').click();
    await vi.waitFor(() => expect(view(widget.shadow)).toBe('web2-overflow'));
    expect(methods(widget.shadow)).toEqual([
      'Continue with Discord',
      'Continue with GitHub',
      'Continue with Apple',
      'Continue with Farcaster',
    ]);
  });

  it('only the methods the app has on, whatever the host lists', async () => {
    const widget = mountWidget();
    await widget.handle.call('init', [{ loginMethods: ['google', 'email'] }]);
    await openLogin(widget);
    expect(methods(widget.shadow)).toEqual(['[email]']);
  });
});

describe('the Farcaster entry (§4.3)', () => {
  it('without a captcha the login starts at once: the channel opens and AWAITING_FARCASTER_CONNECTION shows', async () => {
    const provider = socialApp();
    const inner = provider.fetch;
    const calls: string[] = [];
    // The provider's Farcaster channel: opened on init, pending while the user has not scanned.
    (provider as { fetch: typeof fetch }).fetch = (async (input: string, init: RequestInit) => {
      const { pathname } = new URL(input);
      calls.push(pathname);
      if (pathname === '/api/v1/farcaster/init') {
        return Response.json({
          connect_uri: 'https://farcaster.test/connect?channelToken=c1',
          channel_token: 'c1',
        });
      }
      if (pathname === '/api/v1/farcaster/status') return Response.json({ state: 'pending' });
      return inner(input, init);
    }) as typeof fetch;
    const widget = mountWidget(provider);
    await widget.handle.call('init', [{ loginMethods: ['farcaster', 'email'] }]);
    await openLogin(widget);
    button(widget.shadow, 'Continue with Farcaster').click();
    await vi.waitFor(
      () =>
        expect(widget.shadow.querySelector('[data-screen]')?.getAttribute('data-screen')).toBe(
          'AWAITING_FARCASTER_CONNECTION',
        ),
      { timeout: 5000 },
    );
    expect(calls).toContain('/api/v1/farcaster/init');
    expect(calls.filter((path) => path.includes('captcha'))).toEqual([]);
    // Closing ends the channel's polling, so nothing of the flow renders after the test's page is gone.
    button(widget.shadow, 'Close').click();
    await vi.waitFor(() => expect(dialog(widget.shadow)).toBeNull());
    const polled = calls.length;
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(calls.length).toBe(polled);
  });
});
