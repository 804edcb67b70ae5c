/**
 * Brand marks and the modal's branding line, as the user sees them: every social login and wallet
 * button of LANDING shows its brand's mark (simple-icons), not a letter tile, once the marks' chunk
 * has arrived, in the box its button kept for it; MFA's choices show their method's icon; LANDING
 * shows the app's logo, named after the app; 'Protected by Gatehouse' closes the modal unless the
 * host hides it.
 */
import * as icons from 'simple-icons';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../../../src/core/storage.js';
import { OAUTH_PROVIDER_NAMES } from '../../../src/core/text/ui.js';
import { OAUTH_PROVIDERS, STORAGE_KEYS } from '../../../src/protocol/constants.js';
import { FakeExtensionWallet } from '../helpers/fake-eip1193.js';
import { FakeProvider } from '../helpers/fake-provider.js';
import { createClient } from '../helpers/setup.js';
import { mountUi } from '../helpers/wallet-client-ui.js';
import { button, cleanupWidget, dialog, dialogName, mountWidget, openLogin } from '../helpers/widget.js';

const WAIT = { timeout: 4000 };
const answers: Array<() => void> = [];
afterEach(() => {
  for (const answer of answers.splice(0)) window.removeEventListener('eip6963:requestProvider', answer);
  cleanupWidget();
});

/** The brand a button's mark draws (by its path), or what the button shows instead. */
function markOf(element: Element | null | undefined): { path: string | null; fill: string | null } | string {
  const path = element?.querySelector('svg path');
  if (path) return { path: path.getAttribute('d'), fill: path.getAttribute('fill') };
  const img = element?.querySelector('img');
  if (img) return `img ${img.getAttribute('src')}`;
  const tile = element?.querySelector('span[aria-hidden="true"]');
  if (tile?.textContent) return `tile ${tile.textContent}`;
  return element?.querySelector('svg') ? 'empty box' : 'nothing';
}

/** Coinbase Wallet's app icon (its SDK's): white on its blue square, whatever the theme. */
const COINBASE_WALLET = { path: expect.stringMatching(/^M152 512C152 710/), fill: '#FFFFFF' };
const mark = (icon: { path: string; hex: string }, fill = `#${icon.hex}`) => ({ path: icon.path, fill });

function socialProvider(): FakeProvider {
  const provider = new FakeProvider();
  provider.app = {
    ...provider.app,
    ...Object.fromEntries(OAUTH_PROVIDERS.map((p) => [`${p}_oauth`, true])),
    farcaster_auth: true,
  };
  return provider;
}

async function landing(host: object, provider = socialProvider()) {
  const widget = mountWidget(provider);
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  await widget.handle.call('init', [host]);
  await openLogin(widget);
  return widget;
}

describe('brand marks on LANDING', () => {
  it("each social provider's and Farcaster's button shows its brand mark, in its colour where it stands out", async () => {
    const primary = ['google', 'apple', 'twitter', 'discord', 'farcaster'];
    const overflow = ['github', 'spotify', 'tiktok', 'linkedin'];
    const widget = await landing({ loginMethodsAndOrder: { primary, overflow } });
    const name = (p: string) =>
      p === 'farcaster' ? 'Continue with Farcaster' : `Continue with ${OAUTH_PROVIDER_NAMES[p as 'google']}`;
    const marks = () =>
      Object.fromEntries(primary.slice(0, 4).map((p) => [p, markOf(button(widget.shadow, name(p)))]));
    // The box is there from the first paint; the marks fill it when their chunk arrives.
    expect(button(widget.shadow, name('google')).querySelector('svg')?.getAttribute('width')).toBe('20');
    await vi.waitFor(
      () =>
        expect(marks()).toEqual({
          google: mark(icons.siGoogle),
          apple: mark(icons.siApple),
          // Twitter's button shows X's mark.
          twitter: mark(icons.siX),
          discord: mark(icons.siDiscord),
        }),
      WAIT,
    );
    button(widget.shadow, 'More options').click();
    await vi.waitFor(() =>
      expect(markOf(button(widget.shadow, name('github')))).toEqual(mark(icons.siGithub)),
    );
    expect(markOf(button(widget.shadow, name('tiktok')))).toEqual(mark(icons.siTiktok));
    // Spotify's green is under 3:1 on white: the mark takes the text's colour.
    expect(markOf(button(widget.shadow, name('spotify')))).toEqual(mark(icons.siSpotify, 'currentColor'));
    // simple-icons has no LinkedIn mark: bootstrap-icons' (MIT) stands in, in LinkedIn's blue.
    expect(markOf(button(widget.shadow, name('linkedin')))).toEqual({
      path: expect.stringMatching(/^M0 1\.146C0/),
      fill: '#0A66C2',
    });
  });

  it('Farcaster shows its mark; in the dark theme, black marks take the text colour', async () => {
    const widget = await landing({
      appearance: { theme: 'dark' },
      loginMethodsAndOrder: { primary: ['farcaster', 'apple', 'twitter', 'google'] },
    });
    await vi.waitFor(
      () => expect(markOf(button(widget.shadow, 'Continue with Farcaster'))).toEqual(mark(icons.siFarcaster)),
      WAIT,
    );
    expect(markOf(button(widget.shadow, 'Continue with Apple'))).toEqual(mark(icons.siApple, 'currentColor'));
    expect(markOf(button(widget.shadow, 'Continue with Twitter'))).toEqual(mark(icons.siX, 'currentColor'));
    expect(markOf(button(widget.shadow, 'Continue with Google'))).toEqual(mark(icons.siGoogle));
  });
});

/** The wallet buttons of the list, by their visible name. */
function walletButtons(shadow: ShadowRoot): Record<string, Element> {
  return Object.fromEntries(
    [...(dialog(shadow)?.querySelectorAll('[data-screen] button') ?? [])].map((b) => [
      // Its name: the icon (aria-hidden, a tile's letters too) is not part of it.
      [...b.childNodes]
        .filter((n) => !(n instanceof Element && n.getAttribute('aria-hidden') === 'true'))
        .map((n) => n.textContent)
        .join('')
        .trim(),
      b,
    ]),
  );
}

describe('brand marks on the wallet buttons', () => {
  it('Coinbase Wallet, OKX and WalletConnect show their marks; an extension its own icon; a wallet without a mark its tile', async () => {
    const icon = 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg"/%3E';
    const info = { uuid: 'uuid-test', name: 'Test Wallet', icon, rdns: 'test.wallet' };
    const answer = () =>
      window.dispatchEvent(
        new CustomEvent('eip6963:announceProvider', {
          detail: { info, provider: new FakeExtensionWallet() },
        }),
      );
    window.addEventListener('eip6963:requestProvider', answer);
    answers.push(answer);
    const provider = new FakeProvider();
    provider.app = { ...provider.app, wallet_auth: true };
    const widget = await landing(
      {
        walletConnectCloudProjectId: 'project',
        appearance: { walletList: ['detected_wallets', 'coinbase_wallet', 'okx_wallet', 'wallet_connect'] },
      },
      provider,
    );
    await vi.waitFor(
      () => expect(Object.keys(walletButtons(widget.shadow))).toContain('WalletConnect'),
      WAIT,
    );
    await vi.waitFor(() => {
      const wallets = walletButtons(widget.shadow);
      expect(markOf(wallets['Coinbase Wallet'])).toEqual(COINBASE_WALLET);
      expect(markOf(wallets['OKX Wallet'])).toEqual(mark(icons.siOkx));
      // WalletConnect's blue reaches 2.97:1 on white, under 3:1: the text's colour.
      expect(markOf(wallets.WalletConnect)).toEqual(mark(icons.siWalletconnect, 'currentColor'));
    }, WAIT);
    await vi.waitFor(
      () => expect(markOf(walletButtons(widget.shadow)['Test Wallet'])).toBe(`img ${icon}`),
      WAIT,
    );
  });

  it('MetaMask, Rainbow and Phantom, which simple-icons lacks, show their app icons; others their tile', async () => {
    const provider = new FakeProvider();
    provider.app = { ...provider.app, wallet_auth: true };
    const widget = await landing(
      {
        walletConnectCloudProjectId: 'project',
        appearance: { walletList: ['metamask', 'rainbow', 'phantom'] },
      },
      provider,
    );
    // Each app icon draws its own square first: MetaMask's white, Phantom's lilac, Rainbow's gradient.
    const square = (fill: string) => ({ path: 'M24 0H0v24h24z', fill });
    await vi.waitFor(
      () => expect(markOf(walletButtons(widget.shadow).MetaMask)).toEqual(square('#fff')),
      WAIT,
    );
    const wallets = walletButtons(widget.shadow);
    expect(markOf(wallets.Phantom)).toEqual(square('#AB9FF2'));
    expect(markOf(wallets.Rainbow)).toEqual(square('url(#rainbow__b)'));
    cleanupWidget();
    const other = await landing(
      { walletConnectCloudProjectId: 'project', appearance: { walletList: ['zerion'] } },
      provider,
    );
    await vi.waitFor(() => expect(markOf(walletButtons(other.shadow).Zerion)).toBe('tile Z'), WAIT);
  });
});

describe("'Protected by Gatehouse'", () => {
  const line = (shadow: ShadowRoot) =>
    [...(dialog(shadow)?.querySelectorAll('p') ?? [])].find(
      (p) => p.textContent === 'Protected by Gatehouse',
    );

  it('closes the modal by default, and appearance.hideBranding hides it', async () => {
    const widget = await landing({});
    expect(line(widget.shadow)).toBeTruthy();
    await widget.handle.call('init', [{ appearance: { hideBranding: true } }]);
    await vi.waitFor(() => expect(line(widget.shadow)).toBeUndefined());
    await widget.handle.call('init', [{ appearance: { hideBranding: false } }]);
    await vi.waitFor(() => expect(line(widget.shadow)).toBeTruthy());
  });

  it('appearance.hideBranding must be a boolean', async () => {
    const widget = mountWidget();
    await widget.handle.ready;
    await expect(widget.handle.call('init', [{ appearance: { hideBranding: 'yes' } }])).rejects.toThrow(
      /appearance\.hideBranding/,
    );
  });
});

describe("MFA_ENROLLMENT_FLOW_SCREEN's choices", () => {
  it('the authenticator app, SMS and passkey each show their icon before their name', async () => {
    vi.stubGlobal('PublicKeyCredential', class {});
    const provider = new FakeProvider();
    provider.app = { ...provider.app, mfa_methods: ['totp', 'sms', 'passkey'] };
    const alice = provider.createUser('alice@example.com');
    const storage = memoryStorage();
    storage.setItem(STORAGE_KEYS.refreshToken, provider.issue(alice).refresh_token);
    const { gatehouse } = createClient({ storage }, provider);
    const shadow = await mountUi(gatehouse);
    await gatehouse.call('showMfaEnrollment', []);
    await vi.waitFor(() => button(shadow, 'Continue'), WAIT).then((b) => b.click());
    await vi.waitFor(() => expect(dialogName(shadow)).toBe('Two-step verification'));
    const choices = [...(dialog(shadow)?.querySelectorAll('[data-screen] button') ?? [])];
    const icons = choices.map((b) => [
      b.textContent,
      b.firstElementChild?.tagName,
      b.querySelector('path')?.getAttribute('d'),
    ]);
    expect(icons.map(([name, tag]) => [name, tag])).toEqual([
      ['Passkey · Recommended', 'svg'],
      ['Authenticator app ', 'svg'],
      ['SMS ', 'svg'],
    ]);
    // Three different glyphs.
    expect(new Set(icons.map(([, , d]) => d)).size).toBe(3);
  });
});

describe("LANDING's logo", () => {
  it("the host's appearance.logo over the app's logo_url, named after the host's name; a data:image logo too", async () => {
    const provider = new FakeProvider();
    provider.app = { ...provider.app, logo_url: 'https://acme.test/app-logo.png' };
    const widget = await landing(
      { name: 'Host Shop', appearance: { logo: 'https://host.test/logo.svg' } },
      provider,
    );
    const logo = () => dialog(widget.shadow)?.querySelector('img');
    expect(logo()?.getAttribute('src')).toBe('https://host.test/logo.svg');
    expect(logo()?.getAttribute('alt')).toBe('Host Shop logo');
    const data = 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg"/%3E';
    await widget.handle.call('init', [{ appearance: { logo: data } }]);
    await vi.waitFor(() => expect(logo()?.getAttribute('src')).toBe(data));
  });

  it('no logo configured: none shown; a logo that is not an image URL is refused', async () => {
    const widget = await landing({});
    expect(dialog(widget.shadow)?.querySelector('img')).toBeNull();
    await expect(
      widget.handle.call('init', [{ appearance: { logo: 'javascript:alert(1)' } }]),
    ).rejects.toThrow(/appearance\.logo/);
  });
});
