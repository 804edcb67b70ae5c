import { getAddress, verifyMessage } from 'ethers';
import { describe, expect, it, vi } from 'vitest';
import { EXTERNAL_WALLET_TEXT } from '../../../../src/core/errors/external-wallet-text.js';
import { WalletDiscovery } from '../../../../src/core/wallet/external/discovery.js';
import { siweMessage } from '../../../../src/core/wallet/external/siwe.js';
import type { AuthResult, UserWire } from '../../../../src/protocol/api.js';
import type { ConnectedWallet } from '../../../../src/protocol/external-wallet.js';
import { SIWE_API_PATHS } from '../../../../src/protocol/siwe-api.js';
import { freshWallets, walletsOf } from '../../helpers/external-wallets.js';
import { FakeExtensionWallet, fakePage, RAINBOW_INFO } from '../../helpers/fake-eip1193.js';
import { FakeProvider } from '../../helpers/fake-provider.js';
import { createClient } from '../../helpers/setup.js';

/** The fake provider, answering siwe/* with real signature checks (ethers.verifyMessage). */
class SiweProvider extends FakeProvider {
  nonces = new Map<string, string>();
  walletUsers = new Map<string, UserWire>();
  linkError: string | null = null;
  private count = 0;

  readonly siweFetch = async (input: string, init: RequestInit): Promise<Response> => {
    const path = new URL(input).pathname;
    if (!path.startsWith('/api/v1/siwe/')) return this.fetch(input, init);
    const body = JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>;
    this.requests.push({ method: 'POST', path, headers: {}, body, credentials: init.credentials });
    const json = (value: unknown, status = 200) =>
      new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });
    if (path === SIWE_API_PATHS.init) {
      const nonce = `nonce${++this.count}abcdefgh`;
      this.nonces.set(String(body.address).toLowerCase(), nonce);
      return json({ nonce, address: getAddress(String(body.address)), expires_at: new Date().toISOString() });
    }
    const message = String(body.message);
    const address = message.split('\n')[1] ?? '';
    const nonce = /Nonce: (\S+)/.exec(message)?.[1];
    if (
      verifyMessage(message, String(body.signature)) !== address ||
      this.nonces.get(address.toLowerCase()) !== nonce
    )
      return json({ code: 'invalid_credentials', message: 'bad signature' }, 422);
    const account = {
      type: 'wallet',
      address,
      chain_type: 'ethereum',
      chain_id: `eip155:${body.chainId}`,
      wallet_client: 'unknown',
      wallet_client_type: body.walletClientType,
      connector_type: body.connectorType,
      verified_at: this.now(),
      first_verified_at: this.now(),
      latest_verified_at: this.now(),
    };
    if (path === SIWE_API_PATHS.authenticate) {
      const existing = this.walletUsers.get(address);
      const user: UserWire = existing ?? {
        id: `wallet-user-${this.count}`,
        created_at: this.now(),
        linked_accounts: [account],
        mfa_methods: [],
        has_accepted_terms: false,
      };
      this.walletUsers.set(address, user);
      const result: AuthResult = { user, ...this.issue(user), is_new_user: !existing };
      return json(result);
    }
    if (this.linkError) return json({ code: this.linkError, message: 'refused' }, 400);
    const user = this.createUser('linker@example.com');
    return json({ ...user, linked_accounts: [...user.linked_accounts, account] });
  };
}

async function setup(options: { wallet?: FakeExtensionWallet; host?: object; provider?: SiweProvider } = {}) {
  const provider = options.provider ?? new SiweProvider();
  // The client's fetch goes through the siwe-aware wrapper.
  const client = createClient({ fetch: provider.siweFetch }, provider);
  await client.gatehouse.ready;
  if (options.host) await client.gatehouse.call('init', [options.host]);
  const wallet = options.wallet ?? new FakeExtensionWallet();
  const page = fakePage();
  wallet.announceOn(page, RAINBOW_INFO);
  const seen: Array<{ name: string; detail: unknown }> = [];
  for (const name of ['wallet:connected', 'wallet:disconnected', 'link:success', 'link:error']) {
    client.events.target.addEventListener(name, (e) =>
      seen.push({ name, detail: (e as CustomEvent).detail }),
    );
  }
  const wallets = walletsOf(client.gatehouse, { page, sleep: async () => {}, discoveryWaitMs: 5 });
  const detected = await wallets.detect().find((info) => info.rdns === RAINBOW_INFO.rdns);
  if (!detected) throw new Error('the test wallet was not discovered');
  return { ...client, provider, wallet, wallets, detected, page, seen };
}

describe('external wallets: discovery (EIP-6963, §4.4)', () => {
  it('lists announced wallets by their info, and window.ethereum only when no announcement carries it', async () => {
    const wallet = new FakeExtensionWallet();
    const page = fakePage(wallet);
    wallet.announceOn(page, RAINBOW_INFO);
    const discovery = new WalletDiscovery({ page, waitMs: 5 });
    expect(discovery.wallets().map((w) => w.info.name)).toEqual(['Rainbow']);

    const legacyOnly = new WalletDiscovery({
      page: fakePage(Object.assign(new FakeExtensionWallet(), { isMetaMask: true })),
      waitMs: 5,
    });
    expect(legacyOnly.wallets().map((w) => [w.info.name, w.info.rdns])).toEqual([
      ['MetaMask', 'io.metamask'],
    ]);
    await legacyOnly.settled;
  });
});

describe('external wallets: Sign-In With Ethereum (§4.4, §5)', () => {
  it('the message is EIP-4361 with the statement of ownership, no transaction and no fees', () => {
    const text = siweMessage({
      domain: 'app.test',
      address: '0x0000000000000000000000000000000000000001',
      uri: 'https://app.test',
      chainId: 1,
      nonce: 'abcdefgh12',
      issuedAt: '2026-01-01T00:00:00.000Z',
    });
    expect(text).toBe(
      [
        'app.test wants you to sign in with your Ethereum account:',
        '0x0000000000000000000000000000000000000001',
        '',
        'By signing, you are proving you own this wallet and logging in. This does not initiate a transaction or cost any fees.',
        '',
        'URI: https://app.test',
        'Version: 1',
        'Chain ID: 1',
        'Nonce: abcdefgh12',
        'Issued At: 2026-01-01T00:00:00.000Z',
      ].join('\n'),
    );
  });

  it('logs in: connect, nonce, personal_sign, authenticate; the wallet is in $wallets and remembered', async () => {
    const t = await setup();
    const logins: unknown[] = [];
    t.events.target.addEventListener('login:success', (e) => logins.push((e as CustomEvent).detail));
    await t.wallets.choose(t.detected, 'login');
    expect(t.wallet.calls).toEqual(['eth_requestAccounts', 'eth_chainId', 'personal_sign']);
    const [auth] = t.provider.callsTo(SIWE_API_PATHS.authenticate);
    expect(auth?.body).toMatchObject({ chainId: 1, walletClientType: 'rainbow', connectorType: 'injected' });
    expect(String(auth?.body?.message)).toContain(
      `app.test wants you to sign in with your Ethereum account:\n${t.wallet.address}`,
    );
    expect(t.gatehouse.ctx.stores.$authenticated.get()).toBe(true);
    expect(logins).toMatchObject([{ loginMethod: 'siwe', isNewUser: true }]);
    const [connected] = t.gatehouse.ctx.stores.$wallets.get() as ConnectedWallet[];
    expect(connected).toMatchObject({
      address: t.wallet.address.toLowerCase(),
      chainId: 1,
      walletClientType: 'rainbow',
      connectorType: 'injected',
      branding: { name: 'Rainbow' },
    });
    expect(await connected?.getEthereumProvider()).toBe(t.wallet);
    expect(t.seen.map((s) => s.name)).toEqual(['wallet:connected']);
    expect(JSON.parse(t.storage.getItem('gatehouse:wallet_connections') ?? '[]')).toMatchObject([
      { address: t.wallet.address.toLowerCase(), connectorType: 'injected', walletClientType: 'rainbow' },
    ]);
  });

  it('a rejected signature says so and can be retried twice, then Unable to connect wallet', async () => {
    const t = await setup();
    t.wallet.rejectSign = true;
    await t.wallets.choose(t.detected, 'login');
    expect(t.wallets.$flow.get().error).toMatchObject({
      message: EXTERNAL_WALLET_TEXT.rejected,
      retryable: true,
    });
    await t.wallets.retry();
    expect(t.wallets.$flow.get().error).toMatchObject({
      message: EXTERNAL_WALLET_TEXT.rejected,
      retryable: true,
    });
    await t.wallets.retry();
    expect(t.wallets.$flow.get().error).toMatchObject({
      message: EXTERNAL_WALLET_TEXT.unableToConnect,
      retryable: false,
    });
    expect(t.gatehouse.ctx.stores.$authenticated.get()).toBe(false);
  });

  it('rejected once, then signed on Retry: logged in', async () => {
    const t = await setup();
    t.wallet.rejectSign = true;
    await t.wallets.choose(t.detected, 'login');
    expect(t.gatehouse.ctx.modal.$modal.get().screen).toBe('AWAITING_CONNECTION');
    t.wallet.rejectSign = false;
    await t.wallets.retry();
    expect(t.gatehouse.ctx.stores.$authenticated.get()).toBe(true);
  });

  it('a refused connection: You rejected the request', async () => {
    const t = await setup();
    t.wallet.rejectConnect = true;
    await t.wallets.choose(t.detected, 'login');
    expect(t.wallets.$flow.get()).toMatchObject({
      status: 'disconnected',
      error: { message: 'You rejected the request' },
    });
    expect(t.gatehouse.ctx.stores.$wallets.get()).toEqual([]);
  });

  it('a busy or locked wallet (-32002): the §8 variant with where to look, and no Retry', async () => {
    const detail = "Don't see your wallet? Check your other browser windows.";
    const pending = { method: 'eth_requestAccounts', code: -32002 };
    const t = await setup();
    t.wallet.failWith = { ...pending, message: 'Already processing eth_requestAccounts. Please wait.' };
    await t.wallets.choose(t.detected, 'login');
    expect(t.wallets.$flow.get().error).toMatchObject({
      message: 'Connection request already pending',
      detail,
      retryable: false,
    });

    const locked = await setup();
    locked.wallet.failWith = { ...pending, message: 'The wallet is locked.' };
    await locked.wallets.choose(locked.detected, 'login');
    expect(locked.wallets.$flow.get().error).toMatchObject({ message: 'Wallet might be locked', detail });

    // Connected, then busy when asked to sign: another request is pending.
    const signing = await setup();
    signing.wallet.failWith = { method: 'personal_sign', code: -32002, message: 'Request already pending.' };
    await signing.wallets.choose(signing.detected, 'login');
    expect(signing.wallets.$flow.get().error).toMatchObject({
      message: 'Resource request already pending',
      detail,
      retryable: false,
    });
    expect(signing.gatehouse.ctx.stores.$authenticated.get()).toBe(false);
  });

  it('a wallet that does not answer: Wallet request timed out', async () => {
    const provider = new SiweProvider();
    const t = await setup({ provider });
    const slow = new FakeExtensionWallet();
    const page = fakePage();
    slow.announceOn(page, { ...RAINBOW_INFO, uuid: 'slow' });
    const never = { ...slow, request: () => new Promise(() => {}) };
    const wallets = freshWallets(t.gatehouse, { page, requestTimeoutMs: 5, discoveryWaitMs: 5 });
    await wallets.choose({ info: RAINBOW_INFO, provider: never }, 'login');
    expect(wallets.$flow.get().error).toMatchObject({ message: 'Wallet request timed out', retryable: true });
  });
});

describe('external wallets: chains and accounts (§4.5)', () => {
  it('an unsupported chain switches to the default chain on connect; 4902 adds it first', async () => {
    const t = await setup({
      host: { supportedChains: [11155111], shouldEnforceDefaultChainOnConnect: true },
    });
    await t.wallets.choose(t.detected, 'connect');
    expect(t.wallet.calls).toEqual([
      'eth_requestAccounts',
      'eth_chainId',
      'wallet_switchEthereumChain',
      'wallet_addEthereumChain',
      'wallet_switchEthereumChain',
    ]);
    expect(t.wallet.chainId).toBe(11155111);
    expect((t.gatehouse.ctx.stores.$wallets.get() as ConnectedWallet[])[0]?.chainId).toBe(11155111);
    expect(t.gatehouse.ctx.modal.$modal.get().screen).toBe('CONNECT_ONLY_AUTHENTICATED_SCREEN');
    expect(t.gatehouse.ctx.stores.$authenticated.get()).toBe(false);
  });

  it('chainChanged updates the wallet; accountsChanged with no accounts disconnects it', async () => {
    const t = await setup();
    await t.wallets.choose(t.detected, 'connect');
    t.wallet.emit('chainChanged', '0x89');
    expect((t.gatehouse.ctx.stores.$wallets.get() as ConnectedWallet[])[0]?.chainId).toBe(137);
    t.wallet.emit('accountsChanged', []);
    expect(t.gatehouse.ctx.stores.$wallets.get()).toEqual([]);
    expect(t.seen.map((s) => s.name)).toEqual(['wallet:connected', 'wallet:disconnected']);
    expect(t.storage.getItem('gatehouse:wallet_connections')).toBeNull();
  });

  it('reconnects a remembered wallet on load with eth_accounts, without a prompt', async () => {
    const t = await setup();
    await t.wallets.choose(t.detected, 'connect');
    t.gatehouse.ctx.stores.$wallets.set([]);
    t.wallet.calls.length = 0;
    const again = freshWallets(t.gatehouse, { page: t.page, discoveryWaitMs: 5 });
    await again.reconnect();
    expect(t.wallet.calls).toEqual(['eth_accounts', 'eth_accounts', 'eth_chainId']);
    expect((t.gatehouse.ctx.stores.$wallets.get() as ConnectedWallet[]).map((w) => w.address)).toEqual([
      t.wallet.address.toLowerCase(),
    ]);
  });
});

describe('external wallets: link and unlink (§4.4, §6, §8)', () => {
  async function loggedIn(provider = new SiweProvider()) {
    const t = await setup({ provider });
    const user = provider.createUser('linker@example.com');
    t.gatehouse.ctx.session.signIn({ user, ...provider.issue(user), is_new_user: false });
    return t;
  }

  it('links the wallet to the logged-in user: link:success with the wallet account', async () => {
    const t = await loggedIn();
    await t.wallets.linkWallet();
    expect(t.gatehouse.ctx.modal.$modal.get().screen).toBe('LINK_WALLET_SCREEN');
    await t.wallets.choose(t.detected, 'link');
    expect(t.provider.callsTo(SIWE_API_PATHS.link)).toHaveLength(1);
    const success = t.seen.find((s) => s.name === 'link:success')?.detail as {
      linkMethod: string;
      linkedAccount: { address: string };
    };
    expect(success.linkMethod).toBe('siwe');
    expect(success.linkedAccount.address).toBe(t.wallet.address);
  });

  it('a wallet of another user: User already exists for this address, with Use a different wallet', async () => {
    const provider = new SiweProvider();
    provider.linkError = 'linked_to_another_user';
    const t = await loggedIn(provider);
    await t.wallets.linkWallet();
    await t.wallets.choose(t.detected, 'link');
    expect(t.wallets.$flow.get().error).toEqual({
      code: 'linked_to_another_user',
      message: 'User already exists for this address',
      detail: 'Try another address!',
      retryable: false,
    });
    expect(t.seen.find((s) => s.name === 'link:error')?.detail).toMatchObject({
      code: 'linked_to_another_user',
    });
    t.wallets.useDifferentWallet();
    expect(t.gatehouse.ctx.modal.$modal.get().screen).toBe('LINK_WALLET_SCREEN');
  });

  it('linkWallet without a session is refused; unlinkWallet refuses the embedded wallet', async () => {
    const t = await setup();
    expect(() => t.wallets.linkWallet()).toThrow('User must be authenticated');
    t.gatehouse.ctx.stores.$user.set({
      linkedAccounts: [{ type: 'wallet', address: '0xAbC', walletClientType: 'gatehouse' }],
    } as never);
    await expect(t.wallets.unlinkWallet('0xabc')).rejects.toThrow('Cannot unlink an embedded wallet');
  });
});

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const DESKTOP =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const PHANTOM_INFO = { uuid: 'phantom-uuid', name: 'Phantom', icon: '', rdns: 'app.phantom' };

/** The addresses `run` puts in the history (the fake page's origin is not happy-dom's). */
async function recordingAddress(run: () => Promise<void>): Promise<string[]> {
  const replaced: string[] = [];
  const replaceState = history.replaceState.bind(history);
  history.replaceState = (state, title, url) => {
    replaced.push(String(url));
    replaceState(state, title, '/');
  };
  try {
    await run();
  } finally {
    history.replaceState = replaceState;
  }
  return replaced;
}

describe('Phantom (§2.1, §2.2, §4.4)', () => {
  async function phantomSetup(userAgent: string, href = 'https://app.test/shop?item=7') {
    const t = await setup();
    const page = Object.assign(fakePage(), { navigator: { userAgent, maxTouchPoints: 0 } });
    page.location.href = href;
    const wallets = freshWallets(t.gatehouse, { page, sleep: async () => {}, discoveryWaitMs: 5 });
    return { ...t, page, wallets };
  }

  it('not installed, on a desktop: INSTALL_PHANTOM_SCREEN, whose Reload reloads the page', async () => {
    const t = await phantomSetup(DESKTOP);
    t.gatehouse.ctx.modal.open();
    const [choice] = t.wallets.choices([], ['phantom']);
    if (!choice) throw new Error('no Phantom entry');
    await t.wallets.chooseWallet(choice, 'login');
    expect(t.gatehouse.ctx.modal.$modal.get().screen).toBe('INSTALL_PHANTOM_SCREEN');
    t.wallets.reloadPage();
    expect(t.page.location.reloads).toBe(1);
  });

  it("not installed, on a phone: PHANTOM_INTERSTITIAL_SCREEN, whose link opens this page in Phantom's browser to resume", async () => {
    const t = await phantomSetup(IPHONE);
    t.gatehouse.ctx.modal.open();
    const [choice] = t.wallets.choices([], ['phantom']);
    if (!choice) throw new Error('no Phantom entry');
    await t.wallets.chooseWallet(choice, 'login');
    expect(t.gatehouse.ctx.modal.$modal.get().screen).toBe('PHANTOM_INTERSTITIAL_SCREEN');
    const link = new URL(t.wallets.phantomBrowseLink());
    expect(`${link.origin}${link.pathname.split('/').slice(0, 3).join('/')}`).toBe(
      'https://phantom.app/ul/browse',
    );
    const target = new URL(decodeURIComponent(link.pathname.slice('/ul/browse/'.length)));
    expect(target.href).toBe(
      'https://app.test/shop?item=7&gatehouse_connector=phantom&gatehouse_wallet_client=phantom',
    );
    expect(link.searchParams.get('ref')).toBe('https://app.test');
  });

  it('resumed in Phantom (gatehouse_connector): the parameters leave the address and the wallet signs in', async () => {
    const t = await phantomSetup(
      IPHONE,
      'https://app.test/shop?item=7&gatehouse_connector=phantom&gatehouse_wallet_client=phantom',
    );
    const phantom = new FakeExtensionWallet();
    phantom.announceOn(t.page, PHANTOM_INFO);
    const replaced = await recordingAddress(() => t.wallets.resumeFromUrl());
    expect(replaced).toEqual(['https://app.test/shop?item=7']);
    expect(phantom.calls).toEqual(['eth_requestAccounts', 'eth_chainId', 'personal_sign']);
    expect(t.gatehouse.ctx.stores.$authenticated.get()).toBe(true);
    const [auth] = t.provider.callsTo(SIWE_API_PATHS.authenticate);
    expect(auth?.body).toMatchObject({ walletClientType: 'phantom', connectorType: 'injected' });
  });

  it('a Phantom connector on a desktop browser leads to LOGIN_FAILED_SCREEN', async () => {
    const t = await phantomSetup(
      DESKTOP,
      'https://app.test/?gatehouse_connector=phantom&gatehouse_wallet_client=phantom',
    );
    expect(await recordingAddress(() => t.wallets.resumeFromUrl())).toEqual(['https://app.test/']);
    expect(t.gatehouse.ctx.modal.$modal.get()).toMatchObject({ open: true, screen: 'LOGIN_FAILED_SCREEN' });
    expect(t.gatehouse.ctx.stores.$authenticated.get()).toBe(false);
  });
});

describe('Coinbase Wallet through @coinbase/wallet-sdk', () => {
  it("uses the Coinbase extension the SDK finds, with the app's name and chains, and signs in", async () => {
    const t = await setup({ host: { supportedChains: [8453, 1] } });
    const extension = Object.assign(new FakeExtensionWallet(), {
      appInfo: [] as unknown[],
      setAppInfo(...info: unknown[]) {
        this.appInfo = info;
      },
    });
    extension.chainId = 8453;
    (globalThis as { coinbaseWalletExtension?: unknown }).coinbaseWalletExtension = extension;
    // The SDK asks the page's own origin for its Cross-Origin-Opener-Policy; this page has none.
    const pageFetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null));
    try {
      t.gatehouse.ctx.modal.open();
      const choice = t.wallets.choices([], ['coinbase_wallet']).find((c) => c.kind === 'coinbase');
      if (!choice) throw new Error('no Coinbase entry');
      await t.wallets.chooseWallet(choice, 'login');
    } finally {
      delete (globalThis as { coinbaseWalletExtension?: unknown }).coinbaseWalletExtension;
      pageFetch.mockRestore();
    }
    expect([extension.appInfo[0], extension.appInfo[2]]).toEqual(['Acme Shop', [8453, 1]]);
    expect(extension.calls).toEqual(['eth_requestAccounts', 'eth_chainId', 'personal_sign']);
    const [auth] = t.provider.callsTo(SIWE_API_PATHS.authenticate);
    expect(auth?.body).toMatchObject({
      chainId: 8453,
      walletClientType: 'coinbase_wallet',
      connectorType: 'coinbase_wallet',
    });
    expect(t.gatehouse.ctx.stores.$authenticated.get()).toBe(true);
  });
});
