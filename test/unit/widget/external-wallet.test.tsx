/**
 * The external-wallet screens in the mounted widget (happy-dom): extension wallets announced on the
 * page by EIP-6963, the siwe/* endpoints checking real signatures. What the user sees: the wallet
 * list and 'Other wallets' (§2.3), 'Sign with your wallet' (§4.4), the captcha before a wallet
 * login (§4.4), 'Switching networks' (§8), a wallet that is gone (§5).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TurnstileApi, TurnstileRenderParams } from '../../../src/core/turnstile.js';
import { FakeExtensionWallet } from '../helpers/fake-eip1193.js';
import { appConfig } from '../helpers/fake-provider.js';
import { SiweProvider } from '../helpers/siwe-client.js';
import { cleanupWidget, dialog, dialogName, mountWidget, openLogin } from '../helpers/widget.js';

/** The page's EIP-6963 answers of this test, removed after it. */
const answers: Array<() => void> = [];

afterEach(() => {
  for (const answer of answers.splice(0)) window.removeEventListener('eip6963:requestProvider', answer);
  cleanupWidget();
});

const WAIT = { timeout: 4000 };

/** A wallet announced on the page as `name` (an rdns of no known wallet: a detected wallet). */
function announce(name: string, wallet = new FakeExtensionWallet()): FakeExtensionWallet {
  const slug = name.toLowerCase().replace(/\W+/g, '-');
  const info = { uuid: `uuid-${slug}`, name, icon: '', rdns: `test.${slug}` };
  const answer = () =>
    window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: { info, provider: wallet } }));
  window.addEventListener('eip6963:requestProvider', answer);
  answers.push(answer);
  answer();
  return wallet;
}

/** The widget over a provider with wallet login on, the page's fetch answering siwe/* too. */
async function walletWidget(host: object = {}, app: object = {}) {
  const provider = new SiweProvider();
  provider.app = appConfig({ wallet_auth: true, ...app });
  const widget = mountWidget(provider);
  vi.stubGlobal('fetch', provider.siweFetch);
  await widget.handle.ready;
  await widget.handle.call('init', [{ appearance: { walletList: ['detected_wallets'] }, ...host }]);
  return { ...widget, provider };
}

type Widget = Awaited<ReturnType<typeof walletWidget>>;
const text = (widget: Widget) => dialog(widget.shadow)?.textContent ?? '';
/** The buttons' names; a wallet's icon (its initial, aria-hidden) is not part of it. */
const names = (widget: Widget) =>
  [...widget.shadow.querySelectorAll('button')].map(
    (b) =>
      b.getAttribute('aria-label') ??
      [...b.childNodes]
        .filter((n) => !(n instanceof Element && n.getAttribute('aria-hidden') === 'true'))
        .map((n) => n.textContent)
        .join('')
        .trim(),
  );

function button(widget: Widget, name: string): HTMLButtonElement {
  const index = names(widget).indexOf(name);
  const found = widget.shadow.querySelectorAll('button')[index];
  if (index < 0 || !found) throw new Error(`no button named "${name}"`);
  return found;
}

/** The wallet's button on the current screen, once the wallet list has it. */
async function walletButton(widget: Widget, name: string): Promise<HTMLButtonElement> {
  await vi.waitFor(() => expect(names(widget)).toContain(name), WAIT);
  return button(widget, name);
}

/** connectWallet() connects 'Test Wallet'; then the login chooses it: 'Sign with your wallet' shows. */
async function connectedBeforeLogin() {
  const wallet = announce('Test Wallet');
  const widget = await walletWidget();
  await widget.handle.call('connectWallet', []);
  (await walletButton(widget, 'Test Wallet')).click();
  await vi.waitFor(() => expect(widget.stores.$wallets.get()).toHaveLength(1), WAIT);
  // Connected: a check, and the address shortened on one line (the full one its title).
  await vi.waitFor(() => expect(dialogName(widget.shadow)).toBe('Connected'), WAIT);
  const status = widget.shadow.querySelector<HTMLElement>('[role="status"]');
  const full = status?.title ?? '';
  expect(full).toMatch(/^0x[0-9a-fA-F]{40}$/);
  expect(status?.textContent).toBe(`Your wallet ${full.slice(0, 5)}…${full.slice(-4)} is connected.`);
  expect(widget.shadow.querySelectorAll('[data-screen] svg')).toHaveLength(1);
  button(widget, 'Close').click();
  await openLogin(widget);
  (await walletButton(widget, 'Test Wallet')).click();
  await walletButton(widget, 'Sign with your wallet');
  return { wallet, widget };
}

describe('external wallets in the widget', () => {
  it("shows 3 wallets and 'Other wallets' when there are more than 4; the rest behind it", async () => {
    for (const name of ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo']) announce(`${name} Wallet`);
    const widget = await walletWidget();
    await openLogin(widget);
    await walletButton(widget, 'Other wallets');
    const wallets = () => names(widget).filter((n) => n.endsWith('Wallet'));
    expect(wallets()).toEqual(['Alpha Wallet', 'Bravo Wallet', 'Charlie Wallet']);
    button(widget, 'Other wallets').click();
    await vi.waitFor(() => expect(wallets()).toHaveLength(5));
    expect(wallets()).toEqual([
      'Alpha Wallet',
      'Bravo Wallet',
      'Charlie Wallet',
      'Delta Wallet',
      'Echo Wallet',
    ]);
    expect(names(widget)).not.toContain('Other wallets');
  });

  it("shows 4 wallets as they are, with no 'Other wallets'", async () => {
    for (const name of ['Alpha', 'Bravo', 'Charlie', 'Delta']) announce(`${name} Wallet`);
    const widget = await walletWidget();
    await openLogin(widget);
    await walletButton(widget, 'Delta Wallet');
    expect(names(widget).filter((n) => n.endsWith('Wallet'))).toHaveLength(4);
    expect(names(widget)).not.toContain('Other wallets');
  });

  it("a wallet connected before the login: 'Sign with your wallet', whose click asks it for the SIWE signature", async () => {
    const { wallet, widget } = await connectedBeforeLogin();
    expect(text(widget)).toContain('Sign the message in your wallet to verify it belongs to you.');
    expect(wallet.calls.filter((m) => m === 'eth_requestAccounts')).toHaveLength(1);
    expect(wallet.calls).not.toContain('personal_sign');

    button(widget, 'Sign with your wallet').click();
    await vi.waitFor(() => expect(widget.stores.$authenticated.get()).toBe(true), WAIT);
    expect(wallet.calls.filter((m) => m === 'personal_sign')).toHaveLength(1);
    const [auth] = widget.provider.callsTo('/api/v1/siwe/authenticate');
    expect(String(auth?.body?.message)).toContain(
      `wants you to sign in with your Ethereum account:\n${wallet.address}`,
    );
  });

  it("the wallet left before 'Sign with your wallet': 'Wallet is not currently connected.', and Retry connects it again", async () => {
    const { wallet, widget } = await connectedBeforeLogin();

    wallet.emit('accountsChanged', []);
    button(widget, 'Sign with your wallet').click();
    await vi.waitFor(
      () => expect(dialogName(widget.shadow)).toBe('Wallet is not currently connected.'),
      WAIT,
    );
    button(widget, 'Retry').click();
    await vi.waitFor(() => expect(widget.stores.$authenticated.get()).toBe(true), WAIT);
    expect(wallet.calls.filter((m) => m === 'eth_requestAccounts')).toHaveLength(2);
  });

  it("on an unsupported chain with enforcement: 'Switching networks' while the wallet switches", async () => {
    const wallet = announce('Test Wallet');
    wallet.chainId = 137;
    let switched!: () => void;
    const real = wallet.request;
    Object.assign(wallet, {
      request: async (args: { method: string; params?: unknown }) => {
        if (args.method === 'wallet_switchEthereumChain') await new Promise<void>((r) => (switched = r));
        return real(args);
      },
    });
    const widget = await walletWidget({ supportedChains: [1], shouldEnforceDefaultChainOnConnect: true });
    await openLogin(widget);
    (await walletButton(widget, 'Test Wallet')).click();
    await vi.waitFor(() => expect(dialogName(widget.shadow)).toBe('Switching networks'), WAIT);
    expect(text(widget)).toContain('Switch your wallet to the requested network.');
    switched();
    await vi.waitFor(() => expect(widget.stores.$authenticated.get()).toBe(true), WAIT);
    expect(widget.provider.callsTo('/api/v1/siwe/authenticate')[0]?.body).toMatchObject({ chainId: 1 });
  });

  it('captcha on: a wallet login goes through CAPTCHA_SCREEN first; siwe/init carries the token', async () => {
    const challenges: TurnstileRenderParams[] = [];
    const turnstile: TurnstileApi = {
      render: (_container, params) => String(challenges.push(params) - 1),
      reset() {},
      remove() {},
    };
    vi.stubGlobal('turnstile', turnstile);
    const wallet = announce('Test Wallet');
    const widget = await walletWidget({}, { captcha_enabled: true, captcha_site_key: 't:0x4AAA-site' });
    await openLogin(widget);
    (await walletButton(widget, 'Test Wallet')).click();
    await vi.waitFor(() => expect(dialogName(widget.shadow)).toBe('Confirm you are human'), WAIT);
    await vi.waitFor(() => expect(challenges).toHaveLength(1), WAIT);
    expect(wallet.calls).toEqual([]);

    challenges[0]?.callback('turnstile-token');
    await vi.waitFor(() => expect(widget.stores.$authenticated.get()).toBe(true), WAIT);
    expect(wallet.calls).toEqual(['eth_requestAccounts', 'eth_chainId', 'personal_sign']);
    expect(widget.provider.callsTo('/api/v1/siwe/init').map((r) => r.body?.token)).toEqual([
      'turnstile-token',
    ]);
  });
});
