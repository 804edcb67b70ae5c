/**
 * External wallets in real Chromium against the built provider: a test wallet is injected into
 * the host page by EIP-6963 (page.addInitScript). Its EIP-1193 requests go to the test process
 * (page.exposeFunction), where an ethers Wallet signs; a switch makes it reject with 4001. It is
 * backed by the hardhat dev chain: transactions are signed by its key and sent there, and the
 * read methods are the chain's.
 */
import { ethers } from 'ethers';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostPage } from './pages.js';
import { logInByEmail } from './steps.js';
import { startWorld, type World } from './world.js';

let world: World;

beforeAll(async () => {
  world = await startWorld({ settings: ['wallet_auth=true'], chain: true });
});

afterAll(async () => {
  await world?.stop();
});

/** The wallet of the test process: answers the page's requests, signing with `signer`. */
class TestWallet {
  readonly signer = ethers.Wallet.createRandom();
  chainId = 1;
  knownChains = new Set([1]);
  reject = false;
  authorized = false;
  readonly calls: string[] = [];

  async handle(method: string, paramsJson: string): Promise<string> {
    this.calls.push(method);
    const params = JSON.parse(paramsJson) as unknown[];
    const ok = (result: unknown) => JSON.stringify({ result });
    const rejected = JSON.stringify({ error: { code: 4001, message: 'User rejected the request.' } });
    switch (method) {
      case 'eth_requestAccounts':
        if (this.reject) return rejected;
        this.authorized = true;
        return ok([this.signer.address.toLowerCase()]);
      case 'eth_accounts':
        return ok(this.authorized ? [this.signer.address.toLowerCase()] : []);
      case 'eth_chainId':
        return ok(`0x${this.chainId.toString(16)}`);
      case 'wallet_switchEthereumChain': {
        const id = Number((params[0] as { chainId: string }).chainId);
        if (!this.knownChains.has(id))
          return JSON.stringify({ error: { code: 4902, message: 'Unrecognized chain' } });
        this.chainId = id;
        return ok(null);
      }
      case 'wallet_addEthereumChain':
        this.knownChains.add(Number((params[0] as { chainId: string }).chainId));
        return ok(null);
      case 'personal_sign':
        if (this.reject) return rejected;
        return ok(await this.signer.signMessage(ethers.getBytes(String(params[0]))));
      case 'eth_sendTransaction': {
        if (this.reject) return rejected;
        const tx = params[0] as { to: string; value?: string; data?: string };
        const chain = new ethers.JsonRpcProvider(devChain().rpcUrls.default.http[0], undefined, {
          staticNetwork: true,
        });
        const sent = await this.signer
          .connect(chain)
          .sendTransaction({ to: tx.to, value: tx.value, data: tx.data });
        return ok(sent.hash);
      }
      default:
        // Read methods are the dev chain's.
        try {
          return ok(await world.chain?.rpc(method, params));
        } catch (error) {
          return JSON.stringify({ error: { code: -32603, message: (error as Error).message } });
        }
    }
  }
}

/** Where the test wallet shows itself to the page: announced by EIP-6963, or where Coinbase's SDK looks for its extension. */
type Injection = 'eip6963' | 'coinbase-extension';

/**
 * Runs in the page before its scripts: an EIP-1193 provider whose requests go to the test process,
 * announced by EIP-6963 as 'Test Wallet', or put at window.coinbaseWalletExtension.
 */
function injectWallet(as: Injection): void {
  const listeners: Record<string, Array<(value: unknown) => void>> = {};
  const provider = {
    isCoinbaseWallet: as === 'coinbase-extension',
    /** What Coinbase's SDK told the extension of the app (setAppInfo). */
    appInfo: null as unknown,
    setAppInfo(...info: unknown[]) {
      provider.appInfo = info;
    },
    async request({ method, params }: { method: string; params?: unknown[] }) {
      const bridge = (window as unknown as { __walletRequest: (m: string, p: string) => Promise<string> })
        .__walletRequest;
      const answer = JSON.parse(await bridge(method, JSON.stringify(params ?? []))) as {
        result?: unknown;
        error?: { code: number; message: string };
      };
      if (answer.error) throw Object.assign(new Error(answer.error.message), { code: answer.error.code });
      return answer.result;
    },
    on(event: string, listener: (value: unknown) => void) {
      listeners[event] = [...(listeners[event] ?? []), listener];
    },
    removeListener(event: string, listener: (value: unknown) => void) {
      listeners[event] = (listeners[event] ?? []).filter((l) => l !== listener);
    },
  };
  if (as === 'coinbase-extension') {
    (window as unknown as { coinbaseWalletExtension: unknown }).coinbaseWalletExtension = provider;
    return;
  }
  const info = {
    uuid: '0d3c1a7e-5c9e-4f6e-9a1b-000000000001',
    name: 'Test Wallet',
    icon: 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg"/%3E',
    rdns: 'test.gatehouse.wallet',
  };
  const announce = () =>
    window.dispatchEvent(
      new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }),
    );
  window.addEventListener('eip6963:requestProvider', announce);
  announce();
}

/** A second wallet of the same (unknown) kind, 'Second Test Wallet', answered by `__secondWalletRequest`. */
function injectSecondWallet(): void {
  const provider = {
    async request({ method, params }: { method: string; params?: unknown[] }) {
      const bridge = (
        window as unknown as { __secondWalletRequest: (m: string, p: string) => Promise<string> }
      ).__secondWalletRequest;
      const answer = JSON.parse(await bridge(method, JSON.stringify(params ?? []))) as { result?: unknown };
      return answer.result;
    },
  };
  const info = {
    uuid: '0d3c1a7e-5c9e-4f6e-9a1b-000000000002',
    name: 'Second Test Wallet',
    icon: 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg"/%3E',
    rdns: 'test.gatehouse.second-wallet',
  };
  const announce = () =>
    window.dispatchEvent(
      new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }),
    );
  window.addEventListener('eip6963:requestProvider', announce);
  announce();
}

/** The dev chain as the host passes it to LoginWidget.init (a custom chain). */
const devChain = () => {
  if (!world.chain) throw new Error('the dev chain is not running');
  return {
    id: world.chain.chainId,
    name: 'Hardhat',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [world.chain.rpcUrl] } },
    testnet: true,
  };
};

async function openPage(wallet: TestWallet, path: string, as: Injection = 'eip6963') {
  const url = world.site.set(path, {
    html: hostPage({ loaderUrl: `${world.provider.url}/loader.js`, appId: world.appId }),
  });
  const context = await world.browser.newContext();
  await context.exposeFunction('__walletRequest', (method: string, params: string) =>
    wallet.handle(method, params),
  );
  await context.addInitScript(injectWallet, as);
  const page = await context.newPage();
  await page.goto(url);
  await page.evaluate(() => window.LoginWidget.ready);
  return { page, context, url };
}

const wallets = (page: Page) =>
  page.evaluate(() =>
    window.LoginWidget.$wallets.get().map((w: { address: string; connectorType: string }) => ({
      address: w.address,
      connectorType: w.connectorType,
    })),
  );

describe('external wallets in Chromium (EIP-6963 test wallet)', () => {
  it('logs in by wallet from LANDING: the user has the wallet as a linked account', async () => {
    const wallet = new TestWallet();
    const { page, context } = await openPage(wallet, '/wallet-login');
    await page.click('#login');
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Test Wallet' }).click();
    await expect
      .poll(() => page.evaluate(() => window.LoginWidget.authenticated), { timeout: 15_000 })
      .toBe(true);
    const user = await page.evaluate(() => window.LoginWidget.user);
    expect(user?.linkedAccounts).toContainEqual(
      expect.objectContaining({ type: 'wallet', address: wallet.signer.address }),
    );
    expect(wallet.calls).toEqual(['eth_requestAccounts', 'eth_chainId', 'personal_sign']);
    // The wallet answers in lower case; the page gets one casing, EIP-55, as in the user's accounts.
    expect(await wallets(page)).toEqual([{ address: wallet.signer.address, connectorType: 'injected' }]);
    await context.close();
  });

  it('a rejected signature shows You rejected the request; Retry signs and logs in', async () => {
    const wallet = new TestWallet();
    const { page, context } = await openPage(wallet, '/wallet-reject');
    await page.click('#login');
    const dialog = page.getByRole('dialog');
    wallet.authorized = true;
    await dialog.getByRole('button', { name: 'Test Wallet' }).click();
    wallet.reject = true;
    await expect
      .poll(() => dialog.getByText('You rejected the request').isVisible(), { timeout: 15_000 })
      .toBe(true);
    wallet.reject = false;
    await dialog.getByRole('button', { name: 'Retry' }).click();
    await expect
      .poll(() => page.evaluate(() => window.LoginWidget.authenticated), { timeout: 15_000 })
      .toBe(true);
    await context.close();
  });

  it('links a wallet to an email user: link:success, and the user has both accounts', async () => {
    const wallet = new TestWallet();
    const { page, context } = await openPage(wallet, '/wallet-link');
    await logInByEmail(world, page, 'linker@example.com');
    await expect
      .poll(() => page.evaluate(() => window.LoginWidget.authenticated), { timeout: 15_000 })
      .toBe(true);
    await expect.poll(() => page.getByRole('dialog').count(), { timeout: 15_000 }).toBe(0);
    await page.evaluate(() => window.LoginWidget.linkWallet());
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Test Wallet' }).click();
    await expect
      .poll(() => page.evaluate(() => window.seen.map((e: { name: string }) => e.name)), { timeout: 15_000 })
      .toContain('link:success');
    const user = await page.evaluate(() => window.LoginWidget.user);
    expect(user?.linkedAccounts.map((a: { type: string }) => a.type).sort()).toEqual(['email', 'wallet']);
    await context.close();
  });

  it('on connect, an unsupported chain switches to the default chain (4902 adds it first)', async () => {
    const wallet = new TestWallet();
    const { page, context } = await openPage(wallet, '/wallet-chain');
    await page.evaluate(() =>
      window.LoginWidget.init({ supportedChains: [11155111], shouldEnforceDefaultChainOnConnect: true }),
    );
    await page.evaluate(() => window.LoginWidget.connectWallet());
    await page.getByRole('dialog').getByRole('button', { name: 'Test Wallet' }).click();
    await expect
      .poll(() => page.evaluate(() => window.LoginWidget.$wallets.get()[0]?.chainId), { timeout: 15_000 })
      .toBe(11155111);
    expect(wallet.calls).toEqual([
      'eth_requestAccounts',
      'eth_chainId',
      'wallet_switchEthereumChain',
      'wallet_addEthereumChain',
      'wallet_switchEthereumChain',
    ]);
    await context.close();
  });

  it('connectWallet without login, and the wallet reconnects after a reload without a prompt', async () => {
    const wallet = new TestWallet();
    const { page, context } = await openPage(wallet, '/wallet-connect');
    await page.evaluate(() => window.LoginWidget.connectWallet());
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Test Wallet' }).click();
    await expect
      .poll(() => dialog.getByText('Connected', { exact: true }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    expect(await page.evaluate(() => window.LoginWidget.authenticated)).toBe(false);
    expect(await wallets(page)).toHaveLength(1);
    wallet.calls.length = 0;
    await page.reload();
    await page.evaluate(() => window.LoginWidget.ready);
    await expect.poll(() => wallets(page), { timeout: 15_000 }).toHaveLength(1);
    expect(wallet.calls).not.toContain('eth_requestAccounts');
    await context.close();
  });

  it('two remembered wallets of one kind both come back after a reload', async () => {
    const [first, second] = [new TestWallet(), new TestWallet()];
    const url = world.site.set('/wallet-two', {
      html: hostPage({ loaderUrl: `${world.provider.url}/loader.js`, appId: world.appId }),
    });
    const context = await world.browser.newContext();
    await context.exposeFunction('__walletRequest', (m: string, p: string) => first.handle(m, p));
    await context.exposeFunction('__secondWalletRequest', (m: string, p: string) => second.handle(m, p));
    await context.addInitScript(injectSecondWallet);
    await context.addInitScript(injectWallet, 'eip6963' as Injection);
    const page = await context.newPage();
    await page.goto(url);
    await page.evaluate(() => window.LoginWidget.ready);
    const dialog = page.getByRole('dialog');
    for (const name of ['Test Wallet', 'Second Test Wallet']) {
      await page.evaluate(() => window.LoginWidget.connectWallet());
      await dialog.getByRole('button', { name, exact: true }).click();
      await expect
        .poll(() => dialog.getByText('Connected', { exact: true }).isVisible(), { timeout: 15_000 })
        .toBe(true);
      await dialog.getByRole('button', { name: 'Close' }).click();
    }
    const both = [first.signer.address, second.signer.address].sort();
    const addresses = async () => (await wallets(page)).map((w: { address: string }) => w.address).sort();
    expect(await addresses()).toEqual(both);
    await page.reload();
    await page.evaluate(() => window.LoginWidget.ready);
    await expect.poll(addresses, { timeout: 15_000 }).toEqual(both);
    await context.close();
  });

  it("Coinbase Wallet: the SDK's chunk loads in the page, finds the extension, and the wallet signs in", async () => {
    const wallet = new TestWallet();
    const { page, context } = await openPage(wallet, '/wallet-coinbase', 'coinbase-extension');
    await page.click('#login');
    await page.getByRole('dialog').getByRole('button', { name: 'Coinbase Wallet' }).click();
    await expect
      .poll(() => page.evaluate(() => window.LoginWidget.authenticated), { timeout: 15_000 })
      .toBe(true);
    expect(wallet.calls).toEqual(['eth_requestAccounts', 'eth_chainId', 'personal_sign']);
    expect(
      await page.evaluate(
        () =>
          (window as unknown as { coinbaseWalletExtension: { appInfo: unknown[] } }).coinbaseWalletExtension
            .appInfo[0],
      ),
    ).toBe('Acme Shop');
    expect(await wallets(page)).toEqual([
      { address: wallet.signer.address, connectorType: 'coinbase_wallet' },
    ]);
    await context.close();
  });

  it("a connected wallet's getEthereumProvider() sends a transaction on the dev chain", async () => {
    const wallet = new TestWallet();
    const chain = devChain();
    wallet.chainId = chain.id;
    wallet.knownChains = new Set([chain.id]);
    const { page, context } = await openPage(wallet, '/wallet-send');
    await page.evaluate((c) => window.LoginWidget.init({ supportedChains: [c] }), chain);
    await page.evaluate(() => window.LoginWidget.connectWallet());
    await page.getByRole('dialog').getByRole('button', { name: 'Test Wallet' }).click();
    await expect.poll(() => wallets(page), { timeout: 15_000 }).toHaveLength(1);
    await world.chain?.fund(wallet.signer.address, 10n ** 18n);
    const to = ethers.Wallet.createRandom().address;
    const hash = await page.evaluate(async (recipient) => {
      const [connected] = window.LoginWidget.$wallets.get();
      const provider = await connected.getEthereumProvider();
      return provider.request({
        method: 'eth_sendTransaction',
        params: [{ from: connected.address, to: recipient, value: '0x2386f26fc10000' }],
      });
    }, to);
    const receipt = await world.chain?.rpc<{ status: string; from: string }>('eth_getTransactionReceipt', [
      hash,
    ]);
    expect(receipt?.status).toBe('0x1');
    expect(receipt?.from.toLowerCase()).toBe(wallet.signer.address.toLowerCase());
    expect(BigInt((await world.chain?.rpc<string>('eth_getBalance', [to, 'latest'])) ?? '0')).toBe(
      10n ** 16n,
    );
    // A read method through the wallet's provider is the chain's answer.
    const balance = await page.evaluate(async (recipient) => {
      const provider = await window.LoginWidget.$wallets.get()[0].getEthereumProvider();
      return provider.request({ method: 'eth_getBalance', params: [recipient, 'latest'] });
    }, to);
    expect(BigInt(String(balance))).toBe(10n ** 16n);
    await context.close();
  });

  it('Phantom not installed, on a desktop: Create a Phantom wallet, with Get Phantom and Reload', async () => {
    const wallet = new TestWallet();
    const { page, context } = await openPage(wallet, '/wallet-phantom');
    await page.evaluate(() => window.LoginWidget.init({ appearance: { walletList: ['phantom'] } }));
    await page.click('#login');
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Phantom' }).click();
    await dialog.getByRole('heading', { name: 'Create a Phantom wallet' }).waitFor();
    expect(await dialog.getByRole('link', { name: 'Get Phantom' }).getAttribute('href')).toBe(
      'https://phantom.app/download',
    );
    await Promise.all([page.waitForEvent('load'), dialog.getByRole('button', { name: 'Reload' }).click()]);
    await page.evaluate(() => window.LoginWidget.ready);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await context.close();
  });
});
