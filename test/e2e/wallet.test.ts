/**
 * The embedded wallet in real Chromium, from a plain host page on one origin against the built
 * provider on another, on the hardhat dev chain: creation on login, signing, sending with the
 * review screen, recovery on a fresh browser (silent, and by password), key export inside the
 * provider-origin frame only, the EIP-1193 provider under ethers and viem, and the frame's
 * origin rules.
 */
import { join, resolve } from 'node:path';
import { ethers } from 'ethers';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Chain } from '../support/chain.js';
import { HostSite } from '../support/host.js';
import { hostPage } from './pages.js';
import { logInByEmail } from './steps.js';
import { startWorld, type World } from './world.js';

const ROOT = resolve(import.meta.dirname, '../..');
const ETHERS_UMD = join(ROOT, 'node_modules/ethers/dist/ethers.umd.min.js');
const INVALID_RECOVERY_PASSWORD = 'Invalid recovery password, please try again.';
/** GATEHOUSE_RECOVERY_MAX_AUTH_AGE of this file's provider. */
const MAX_AUTH_AGE_SECONDS = 30;
const NEW_DEVICE_MAIL = /a new device recovered your wallet/i;

// What the host page logs for the test: every message event it receives, and `wallet:created`.
const HOST_HEAD = `<script>
  window.hostMessages = [];
  window.addEventListener('message', (e) => {
    let data;
    try { data = JSON.stringify(e.data); } catch { data = String(e.data); }
    window.hostMessages.push({ origin: e.origin, data });
  });
  window.walletEvents = [];
  window.addEventListener('wallet:created', (e) => window.walletEvents.push(e.detail));
</script>`;

/**
 * Runs in every frame of the test's browser contexts before the page's own scripts. In the
 * provider's wallet frames only, it records each postMessage to the parent with its target origin
 * (window.__framePosts): the frame's \`parent\` becomes a recording stand-in, and a message event
 * from the real parent reports that stand-in as its source, so the frame's own checks are unchanged.
 */
function recordFramePosts(): void {
  if (!location.pathname.includes('/embedded-wallets')) return;
  const posts: Array<{ targetOrigin: string; message: string }> = [];
  Object.defineProperty(window, '__framePosts', { value: posts });
  const real = window.parent;
  if (real === window) return;
  const recorder = {
    postMessage(message: unknown, targetOrigin: unknown) {
      posts.push({ targetOrigin: String(targetOrigin), message: JSON.stringify(message) });
      real.postMessage(message, targetOrigin as string);
    },
  };
  const sourceOf = Object.getOwnPropertyDescriptor(MessageEvent.prototype, 'source')?.get;
  Object.defineProperty(MessageEvent.prototype, 'source', {
    configurable: true,
    get(this: MessageEvent) {
      const source = sourceOf?.call(this);
      return source === real ? recorder : source;
    },
  });
  Object.defineProperty(window, 'parent', { configurable: true, get: () => recorder });
}

/** What a wallet frame of this page posted to its parent, by URL path ('' for the hidden frame, '/export'). */
async function framePosts(page: Page, view: '' | '/export' = '') {
  const frame = page
    .frames()
    .find((f) => new URL(f.url()).pathname === `/apps/${world.appId}/embedded-wallets${view}`);
  if (!frame) throw new Error(`no wallet frame${view} in the page`);
  return frame.evaluate(
    () =>
      (window as unknown as { __framePosts: Array<{ targetOrigin: string; message: string }> }).__framePosts,
  );
}

// Page globals this file adds (the rest: globals.d.ts).
type HostWindow = Window &
  typeof globalThis & {
    hostMessages: Array<{ origin: string; data: string }>;
    walletEvents: Array<{ address: string; recoveryMethod: string; walletClientType: string }>;
    // biome-ignore lint/suspicious/noExplicitAny: ethers' UMD bundle, loaded into the page by the test
    ethers: any;
    // biome-ignore lint/suspicious/noExplicitAny: viem, bundled for the page by the test
    viem: any;
  };

let world: World;
let chain: Chain;
let browser: Browser;
/** An allowed second origin of the app (for the frame's origin rules). */
let otherSite: HostSite;
/** An origin the app does not list. */
let strangerSite: HostSite;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  otherSite = new HostSite();
  await otherSite.start();
  strangerSite = new HostSite();
  await strangerSite.start();
  world = await startWorld({
    chain: true,
    otherOrigins: [otherSite.origin],
    // No price source in the sandbox: the review shows native amounts only (§9), without waiting on the network.
    // A new browser recovers only within MAX_AUTH_AGE_SECONDS of a login (issue 11).
    env: {
      GATEHOUSE_COINGECKO_URL: 'http://127.0.0.1:9',
      GATEHOUSE_RECOVERY_MAX_AUTH_AGE: String(MAX_AUTH_AGE_SECONDS),
    },
  });
  chain = world.chain as Chain;
  browser = world.browser;
});

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await world?.stop();
  await otherSite?.stop();
  await strangerSite?.stop();
});

/** The dev chain as the host passes it to LoginWidget.init (a custom chain). */
const devChain = () => ({
  id: chain.chainId,
  name: 'Hardhat',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [chain.rpcUrl] } },
  testnet: true,
});

/**
 * A fresh browser context (new storage, new IndexedDB for the frame) on a host page that calls
 * LoginWidget.init with the dev chain and `embeddedWallets`.
 */
async function openWalletPage(path: string, embeddedWallets: Record<string, unknown> = {}) {
  const url = world.site.set(path, {
    html: hostPage({ loaderUrl: `${world.provider.url}/loader.js`, appId: world.appId, head: HOST_HEAD }),
  });
  const context = await browser.newContext();
  contexts.push(context);
  await context.addInitScript(recordFramePosts);
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto(url);
  await page.evaluate(() => window.LoginWidget.ready);
  await page.evaluate(
    ([chainConfig, wallets]) =>
      window.LoginWidget.init({
        embeddedWallets: { createOnLogin: 'users-without-wallets', ...wallets },
        supportedChains: [chainConfig],
        defaultChain: chainConfig,
      }),
    [devChain(), embeddedWallets] as const,
  );
  return { page, context, pageErrors };
}

const frameUrl = (hostOrigin: string) =>
  `${world.provider.url}/apps/${world.appId}/embedded-wallets?caid=e2e&origin=${encodeURIComponent(hostOrigin)}`;

/** A page that embeds the wallet frame itself (no widget) and logs what it receives. */
function framingPage(site: HostSite, path: string, src: string) {
  return site.set(path, {
    html: `<!doctype html><html><head><meta charset="utf-8">${HOST_HEAD}</head><body>
<iframe id="wallet" title="wallet" src="${src}"></iframe>
<iframe id="sibling" title="sibling" srcdoc="<p>sibling</p>"></iframe>
</body></html>`,
  });
}

const dialogNamed = (page: Page, name: string) => page.getByRole('dialog', { name });

async function waitForDialog(page: Page, name: string, timeout = 15_000) {
  const dialog = dialogNamed(page, name);
  await expect.poll(() => dialog.isVisible(), { timeout }).toBe(true);
  return dialog;
}

const waitForNoDialog = (page: Page, timeout = 5000) =>
  expect.poll(() => page.getByRole('dialog').count(), { timeout }).toBe(0);

const walletOf = (page: Page) =>
  page.evaluate(() => {
    const user = window.LoginWidget.user;
    const linked = user?.linkedAccounts.find(
      (a: { type: string; walletClientType?: string }) =>
        a.type === 'wallet' && a.walletClientType === 'gatehouse',
    );
    return { active: user?.wallet ?? null, linked: linked ?? null };
  });

/** Logs in with the mailbox code and waits for the wallet created on that login. */
async function logInAndCreate(page: Page, email: string): Promise<string> {
  await logInByEmail(world, page, email);
  const dialog = await waitForDialog(page, 'Your wallet is ready', 20_000);
  const [event] = await page.evaluate(() => (window as HostWindow).walletEvents);
  expect(event).toBeTruthy();
  const address = event?.address as string;
  // The created screen shows the address (shortened, the full one in its title).
  expect(await dialog.getByTitle(address).isVisible()).toBe(true);
  // It closes by itself for a new user (2.5 s).
  await waitForNoDialog(page, 6000);
  return address;
}

/** signMessage from the page; the user reads the message and clicks to sign. */
async function signOnPage(page: Page, message: string, waitForClose = true): Promise<string> {
  const signed = page.evaluate((m) => window.LoginWidget.signMessage(m) as Promise<string>, message);
  const dialog = await waitForDialog(page, 'Sign message');
  expect(await dialog.locator('pre').textContent()).toBe(message);
  await dialog.getByRole('button', { name: 'Sign and continue' }).click();
  const signature = await signed;
  if (waitForClose) await waitForNoDialog(page);
  return signature;
}

const balanceOf = async (address: string) =>
  BigInt(await chain.rpc<string>('eth_getBalance', [address, 'latest']));

/** The transaction review is up (prepared): the user approves it and sees it complete. */
async function approveOnReview(page: Page, amountText: string) {
  const dialog = await waitForDialog(page, 'Send ETH');
  const approve = dialog.getByRole('button', { name: 'Approve' });
  await expect.poll(() => approve.isEnabled(), { timeout: 15_000 }).toBe(true);
  const text = await dialog.textContent();
  expect(text).toContain(amountText);
  await approve.click();
  await expect
    .poll(() => page.getByRole('dialog').getByRole('status').first().textContent(), { timeout: 20_000 })
    .toContain('Transaction complete!');
  return page.getByRole('dialog');
}

const ALICE = 'alice.wallet@example.com';
const BOB = 'bob.wallet@example.com';

/** Posts one request to the page's wallet frame with the page's token, as the widget does; its reply. */
async function frameRequest(
  target: Page,
  id: string,
  type: string,
  data: Record<string, unknown>,
): Promise<{ data?: unknown; error?: { type: string; message: string } }> {
  return target.evaluate(
    async ([id, type, data]) => {
      const accessToken = await window.LoginWidget.getAccessToken();
      const frame = [...document.querySelectorAll('iframe')].find((f) =>
        f.src.includes('/embedded-wallets?'),
      );
      if (!frame?.contentWindow) throw new Error('no wallet frame');
      const reply = new Promise<{ data?: unknown; error?: { type: string; message: string } }>((resolve) => {
        window.addEventListener('message', (event) => {
          if (event.data?.id === id) resolve(event.data);
        });
      });
      frame.contentWindow.postMessage(
        { source: 'gatehouse', id, type, data: { ...data, accessToken } },
        new URL(frame.src).origin,
      );
      return reply;
    },
    [id, type, data] as const,
  );
}

describe('the embedded wallet on the dev chain', () => {
  let page: Page;
  let pageErrors: string[];
  let alice: string;
  let aliceLoggedInAt = 0;
  let alicePrivateKey = '';
  const signatures: string[] = [];

  it('creates a wallet on login: the created screen, wallet:created, and the linked wallet account', async () => {
    ({ page, pageErrors } = await openWalletPage('/shop.html'));
    aliceLoggedInAt = Date.now();
    alice = await logInAndCreate(page, ALICE);
    expect(ethers.getAddress(alice)).toBe(alice);

    const [event] = await page.evaluate(() => (window as HostWindow).walletEvents);
    expect(event).toMatchObject({
      address: alice,
      chainType: 'ethereum',
      walletClientType: 'gatehouse',
      recoveryMethod: 'gatehouse',
    });
    const success = await page.evaluate(
      () => window.seen.find((e: { name: string }) => e.name === 'login:success')?.detail,
    );
    expect(success.isNewUser).toBe(true);
    const { active, linked } = await walletOf(page);
    expect(linked).toMatchObject({ type: 'wallet', address: alice, chainType: 'ethereum' });
    expect(active?.address).toBe(alice);
    expect(pageErrors).toEqual([]);
  });

  it('signs a message and typed data on the sign screen; the signatures recover to the wallet', async () => {
    const message = 'Welcome to Acme Shop!\nNonce: 8f3a';
    const signature = await signOnPage(page, message, false);
    expect(ethers.verifyMessage(message, signature)).toBe(alice);
    signatures.push(signature);
    // 'Success' shows, and the host asks for the next signature before the modal has closed.
    await expect
      .poll(() => dialogNamed(page, 'Sign message').getByRole('status').first().textContent())
      .toBe('Success');

    const domain = { name: 'Acme Shop', version: '1', chainId: chain.chainId };
    const types = {
      Order: [
        { name: 'item', type: 'string' },
        { name: 'quantity', type: 'uint256' },
        { name: 'buyer', type: 'address' },
      ],
    };
    const order = { item: 'Blue mug', quantity: 3, buyer: alice };
    const typedSigned = page.evaluate((data) => window.LoginWidget.signTypedData(data) as Promise<string>, {
      domain,
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'version', type: 'string' },
          { name: 'chainId', type: 'uint256' },
        ],
        ...types,
      },
      primaryType: 'Order',
      message: order,
    });
    const dialog = await waitForDialog(page, 'Sign message');
    expect(await dialog.getByText('Signing this data will not cost you any fees.').isVisible()).toBe(true);
    // The first request's 'Success' close (1400 ms) does not take the new request's screen with it.
    await page.waitForTimeout(1600);
    expect(await dialog.isVisible()).toBe(true);
    const shown = await dialog.textContent();
    expect(shown).toContain('Acme Shop');
    expect(shown).toContain('Order');
    expect(shown).toContain('Blue mug');
    await dialog.getByRole('button', { name: 'Sign and continue' }).click();
    const typedSignature = await typedSigned;
    expect(ethers.verifyTypedData(domain, types, order, typedSignature)).toBe(alice);
    signatures.push(typedSignature);
    await waitForNoDialog(page);
  });

  it('sends ETH through the review screen; the receipt resolves and the recipient receives it', async () => {
    expect(await balanceOf(alice)).toBe(0n);
    await chain.fund(alice, ethers.parseEther('2'));
    const recipient = ethers.Wallet.createRandom().address;
    const value = ethers.parseEther('0.25');
    const before = await balanceOf(recipient);

    // Cancelling the review rejects with 4001 and sends nothing.
    const cancelled = page.evaluate(
      ([to, wei]) =>
        window.LoginWidget.sendTransaction({ to, value: BigInt(wei) }).then(
          () => 'sent',
          (e: { code?: number }) => e.code,
        ),
      [recipient, value.toString()] as const,
    );
    const first = await waitForDialog(page, 'Send ETH');
    await expect.poll(() => first.getByText('Available balance').isVisible(), { timeout: 15_000 }).toBe(true);
    await first.getByRole('button', { name: 'Cancel' }).click();
    expect(await cancelled).toBe(4001);
    await waitForNoDialog(page);
    expect(await balanceOf(recipient)).toBe(before);

    const sent = page.evaluate(
      ([to, wei]) => window.LoginWidget.sendTransaction({ to, value: BigInt(wei) }),
      [recipient, value.toString()] as const,
    );
    const review = await waitForDialog(page, 'Send ETH');
    await expect
      .poll(() => review.getByText('Available balance').isVisible(), { timeout: 15_000 })
      .toBe(true);
    // From and to link to a block explorer, by their full addresses.
    expect(await review.getByRole('link', { name: `${alice} on the block explorer` }).isVisible()).toBe(true);
    expect(
      (
        await review
          .getByRole('link', { name: /on the block explorer$/ })
          .nth(1)
          .getAttribute('title')
      )?.toLowerCase(),
    ).toBe(recipient.toLowerCase());
    // Native amounts only (no price source answers here), §9 formatting.
    const rows = await review.innerText();
    expect(rows).toContain('Amount\n0.25 ETH');
    expect(rows).toMatch(/Network fee\n<?0\.\d+ ETH/);
    expect(rows).toMatch(/Total\n0\.250\d* ETH/);
    expect(rows).toContain('Network\nHardhat');
    expect(rows).toContain('Available balance\n2 ETH');
    const done = await approveOnReview(page, '0.25 ETH');
    const receipt = await sent;
    expect(receipt.status).toBe('success');
    expect(receipt.from.toLowerCase()).toBe(alice.toLowerCase());
    expect(receipt.to.toLowerCase()).toBe(recipient.toLowerCase());
    expect(receipt.blockNumber).toBeGreaterThan(0);
    const onChain = await chain.rpc<{ status: string; from: string }>('eth_getTransactionReceipt', [
      receipt.transactionHash,
    ]);
    expect(onChain.status).toBe('0x1');
    expect(onChain.from.toLowerCase()).toBe(alice.toLowerCase());
    expect((await balanceOf(recipient)) - before).toBe(value);
    // The wallet paid the value and the fee the receipt names.
    const fee = BigInt(receipt.gasUsed) * BigInt(receipt.effectiveGasPrice);
    expect(await balanceOf(alice)).toBe(ethers.parseEther('2') - value - fee);

    await done.getByRole('button', { name: 'All Done' }).click();
    await waitForNoDialog(page);
  });

  it('exports the key inside the provider-origin frame only, after a click in it', async () => {
    const exported = page.evaluate(() => window.LoginWidget.exportWallet());
    const dialog = await waitForDialog(page, 'Transfer Wallet');
    const iframe = dialog.locator('iframe[title="Transfer Wallet"]');
    await expect.poll(() => iframe.count(), { timeout: 10_000 }).toBe(1);
    const src = new URL((await iframe.getAttribute('src')) as string);
    expect(src.origin).toBe(world.provider.url);
    expect(src.pathname).toBe(`/apps/${world.appId}/embedded-wallets/export`);
    expect(src.searchParams.get('address')).toBe(alice);
    // The access token is not in the view's address (proxy logs, history): the view asks its parent.
    const accessToken = await page.evaluate(() => window.LoginWidget.getAccessToken() as Promise<string>);
    expect(src.searchParams.get('token')).toBeNull();
    expect(src.toString()).not.toContain(accessToken);
    expect(src.toString()).not.toContain(accessToken.split('.')[1]);

    const frame = dialog.frameLocator('iframe[title="Transfer Wallet"]');
    const reveal = frame.getByRole('button', { name: 'Reveal private key' });
    await expect.poll(() => reveal.isVisible(), { timeout: 10_000 }).toBe(true);
    // Before the click, the key is nowhere in the frame.
    expect(await frame.getByTestId('private-key').count()).toBe(0);
    await reveal.click();
    const keyElement = frame.getByTestId('private-key');
    await expect.poll(() => keyElement.count(), { timeout: 10_000 }).toBe(1);
    const privateKey = ((await keyElement.textContent()) ?? '').trim();
    expect(new ethers.Wallet(privateKey).address).toBe(alice);
    alicePrivateKey = privateKey;

    // The host page cannot read the frame, and the key is nowhere in its DOM (light or shadow).
    const hostView = await page.evaluate(() => {
      const root = document.getElementById('gatehouse-root')?.shadowRoot;
      const frameElement = root?.querySelector('iframe[title="Transfer Wallet"]') as HTMLIFrameElement | null;
      let readable = true;
      try {
        readable = frameElement?.contentDocument != null;
      } catch {
        readable = false;
      }
      return { html: document.documentElement.outerHTML + (root?.innerHTML ?? ''), readable };
    });
    expect(hostView.readable).toBe(false);
    const bareKey = privateKey.replace(/^0x/, '').toLowerCase();
    expect(hostView.html.toLowerCase()).not.toContain(bareKey);

    // No message the page received since it loaded holds the key — though it did receive the
    // frame's replies (the signatures are there).
    const received = await page.evaluate(() => (window as HostWindow).hostMessages);
    const all = received.map((m) => m.data).join('\n');
    for (const signature of signatures) expect(all).toContain(signature);
    expect(all.toLowerCase()).not.toContain(bareKey);

    // The export view posted nothing to the host but its request for the token, to the host's origin.
    const exportPosts = await framePosts(page, '/export');
    expect(exportPosts.map((p) => p.targetOrigin)).toEqual([world.site.origin]);
    expect(JSON.parse(exportPosts[0]?.message ?? '{}')).toMatchObject({ type: 'gatehouse:export:ready' });
    expect(exportPosts[0]?.message).not.toContain(accessToken);

    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await exported;
    await waitForNoDialog(page);
  });

  it('serves ethers BrowserProvider and viem custom() over getEthereumProvider(): read, sign and send', async () => {
    // Raw EIP-1193 calls.
    const raw = await page.evaluate(async () => {
      const provider = await window.LoginWidget.getEthereumProvider();
      return {
        accounts: await provider.request({ method: 'eth_accounts' }),
        chainId: await provider.request({ method: 'eth_chainId' }),
        blockNumber: await provider.request({ method: 'eth_blockNumber', params: [] }),
      };
    });
    expect(raw.accounts).toEqual([alice]);
    expect(raw.chainId).toBe(`0x${chain.chainId.toString(16)}`);
    expect(raw.blockNumber).toBe(await chain.rpc('eth_blockNumber'));

    // ethers, loaded into the page.
    await page.addScriptTag({ path: ETHERS_UMD });
    const message = 'Signed through ethers';
    const ethersSigned = page.evaluate(async (m) => {
      const w = window as HostWindow;
      const provider = new w.ethers.BrowserProvider(await window.LoginWidget.getEthereumProvider());
      const signer = await provider.getSigner();
      return { address: await signer.getAddress(), signature: await signer.signMessage(m) };
    }, message);
    let dialog = await waitForDialog(page, 'Sign message');
    expect(await dialog.locator('pre').textContent()).toBe(message);
    await dialog.getByRole('button', { name: 'Sign and continue' }).click();
    const viaEthers = await ethersSigned;
    expect(viaEthers.address).toBe(alice);
    expect(ethers.verifyMessage(message, viaEthers.signature)).toBe(alice);
    await waitForNoDialog(page);

    const toEthers = ethers.Wallet.createRandom().address;
    const ethersSent = page.evaluate(async (to) => {
      const w = window as HostWindow;
      const provider = new w.ethers.BrowserProvider(await window.LoginWidget.getEthereumProvider());
      const signer = await provider.getSigner();
      const tx = await signer.sendTransaction({ to, value: w.ethers.parseEther('0.1') });
      const receipt = await tx.wait();
      return { hash: tx.hash, status: receipt.status };
    }, toEthers);
    dialog = await approveOnReview(page, '0.1 ETH');
    await dialog.getByRole('button', { name: 'All Done' }).click();
    const viaEthersTx = await ethersSent;
    expect(viaEthersTx.status).toBe(1);
    expect(await balanceOf(toEthers)).toBe(ethers.parseEther('0.1'));
    await waitForNoDialog(page);

    // viem, bundled for the page from the installed package.
    await page.addScriptTag({ content: await viemForThePage() });
    const viemMessage = 'Signed through viem';
    const viemSigned = page.evaluate(
      async ([m, chainConfig]) => {
        const { viem } = window as HostWindow;
        const transport = viem.custom(await window.LoginWidget.getEthereumProvider());
        const client = viem.createWalletClient({ chain: chainConfig, transport });
        const [account] = await client.getAddresses();
        return { account, signature: await client.signMessage({ account, message: m }) };
      },
      [viemMessage, devChain()] as const,
    );
    dialog = await waitForDialog(page, 'Sign message');
    expect(await dialog.locator('pre').textContent()).toBe(viemMessage);
    await dialog.getByRole('button', { name: 'Sign and continue' }).click();
    const viaViem = await viemSigned;
    expect(viaViem.account).toBe(alice);
    expect(ethers.verifyMessage(viemMessage, viaViem.signature)).toBe(alice);
    await waitForNoDialog(page);

    const toViem = ethers.Wallet.createRandom().address;
    const viemSent = page.evaluate(
      async ([to, chainConfig]) => {
        const { viem } = window as HostWindow;
        const transport = viem.custom(await window.LoginWidget.getEthereumProvider());
        const client = viem.createWalletClient({ chain: chainConfig, transport });
        const reader = viem.createPublicClient({ chain: chainConfig, transport });
        const [account] = await client.getAddresses();
        const hash = await client.sendTransaction({ account, to, value: viem.parseEther('0.05') });
        const receipt = await reader.waitForTransactionReceipt({ hash, pollingInterval: 200 });
        return { hash, status: receipt.status };
      },
      [toViem, devChain()] as const,
    );
    dialog = await approveOnReview(page, '0.05 ETH');
    await dialog.getByRole('button', { name: 'All Done' }).click();
    const viaViemTx = await viemSent;
    expect(viaViemTx.status).toBe('success');
    expect(await balanceOf(toViem)).toBe(ethers.parseEther('0.05'));
    await waitForNoDialog(page);
    expect(pageErrors).toEqual([]);
  });

  it('the wallet frame posted every message of this session to the host origin only, never the key', async () => {
    const posts = await framePosts(page);
    // ready, create, two signatures, three transactions signed, two provider signatures, and more.
    expect(posts.length).toBeGreaterThanOrEqual(9);
    expect(posts[0]?.message).toBe('{"source":"gatehouse","type":"gatehouse:iframe:ready"}');
    expect(new Set(posts.map((p) => p.targetOrigin))).toEqual(new Set([world.site.origin]));
    const all = posts
      .map((p) => p.message)
      .join('\n')
      .toLowerCase();
    expect(alicePrivateKey).toMatch(/^0x[0-9a-f]{64}$/i);
    expect(all).not.toContain(alicePrivateKey.slice(2).toLowerCase());
    for (const signature of signatures) expect(all).toContain(signature.toLowerCase());
  });

  it('refuses the recovery to a new browser context holding only an old token', async () => {
    const wait = aliceLoggedInAt + (MAX_AUTH_AGE_SECONDS + 1) * 1000 - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    // A token as a script on the page could take it, used in another browser's wallet frame.
    const stolen = await page.evaluate(() => window.LoginWidget.getAccessToken() as Promise<string>);
    const context = await browser.newContext();
    contexts.push(context);
    const thief = await context.newPage();
    await thief.goto(framingPage(world.site, '/thief.html', frameUrl(world.site.origin)));
    await expect
      .poll(() => thief.evaluate(() => (window as HostWindow).hostMessages.length), { timeout: 10_000 })
      .toBeGreaterThan(0);
    const request = { accessToken: stolen, address: alice };
    await thief.evaluate(
      ([message, origin]) =>
        (document.getElementById('wallet') as HTMLIFrameElement).contentWindow?.postMessage(message, origin),
      [
        { source: 'gatehouse', id: 'stolen', type: 'wallet:recover', data: request },
        world.provider.url,
      ] as const,
    );
    await expect
      .poll(
        async () =>
          (await thief.evaluate(() => (window as HostWindow).hostMessages))
            .filter((m) => m.data.includes('"stolen"'))
            .map((m) => JSON.parse(m.data).error?.type),
        { timeout: 15_000 },
      )
      .toEqual(['recent_login_required']);
  });

  it('recovers the wallet silently on a fresh browser context after a login, signs with it, and the user is mailed; revoked by the first browser, it gets no share', async () => {
    const fresh = await openWalletPage('/shop-again.html');
    const since = world.mailbox.messages.length;
    await logInByEmail(world, fresh.page, ALICE);
    await expect
      .poll(() => fresh.page.evaluate(() => window.LoginWidget.authenticated), { timeout: 10_000 })
      .toBe(true);
    expect((await walletOf(fresh.page)).active?.address).toBe(alice);
    const message = 'Back on a new device';
    const signature = await signOnPage(fresh.page, message);
    expect(ethers.verifyMessage(message, signature)).toBe(alice);
    // Recovered silently: no password was asked, no wallet created again.
    expect(await fresh.page.evaluate(() => (window as HostWindow).walletEvents.length)).toBe(0);
    expect(fresh.pageErrors).toEqual([]);
    const mail = await world.mailbox.waitFor(ALICE, since, 15_000, NEW_DEVICE_MAIL);
    expect(mail.raw).toContain(alice);
    // The creating browser and every one that recovered (each mailed) are listed; this one is `current`.
    // (Where the browser refuses storage to the frame, as this Chromium does, the export view, a page of
    // its own, recovered as a device too.)
    const devices = await fresh.page.evaluate(() => window.LoginWidget.getWalletDevices());
    const mailed = world.mailbox.messages.filter(
      (m) => m.to.includes(ALICE) && NEW_DEVICE_MAIL.test(m.subject),
    );
    expect(devices).toHaveLength(mailed.length + 1);
    expect(devices.filter((d: { current: boolean }) => d.current)).toHaveLength(1);
    expect(devices.at(-1)?.current).toBe(true);

    // The first browser revokes this one: it is no longer listed, and its frame gets no auth share.
    const revokedId = devices.at(-1)?.id as string;
    const left = await page.evaluate((id) => window.LoginWidget.revokeWalletDevice(id), revokedId);
    expect(left.map((d: { id: string }) => d.id)).not.toContain(revokedId);
    const refused = await frameRequest(fresh.page, 'revoked', 'wallet:rpc', {
      address: alice,
      request: { method: 'personal_sign', params: ['0x1234', alice] },
    });
    expect(refused.error?.type).toBe('wallet_not_on_device');
  });

  it('after logout in the page, the frame refuses to sign with the old token within the same second', async () => {
    const outcome = await page.evaluate(async (address) => {
      const token = await window.LoginWidget.getAccessToken();
      const frame = [...document.querySelectorAll('iframe')].find((f) =>
        f.src.includes('/embedded-wallets?'),
      );
      if (!frame?.contentWindow) throw new Error('no wallet frame');
      await window.LoginWidget.logout();
      const started = Date.now();
      const reply = new Promise<{ data?: unknown; error?: { type: string; message: string } }>((resolve) => {
        window.addEventListener('message', (event) => {
          if (event.data?.id === 'after-logout') resolve(event.data);
        });
      });
      const request = { method: 'personal_sign', params: ['0x1234', address] };
      frame.contentWindow.postMessage(
        {
          source: 'gatehouse',
          id: 'after-logout',
          type: 'wallet:rpc',
          data: { accessToken: token, address, request },
        },
        new URL(frame.src).origin,
      );
      const answer = await reply;
      return { answer, elapsed: Date.now() - started };
    }, alice);
    expect(outcome.answer.data).toBeUndefined();
    expect(outcome.answer.error).toEqual({ type: 'error', message: 'Missing or invalid token.' });
    expect(outcome.elapsed).toBeLessThan(1000);
  });

  it('a password-protected wallet asks "Load your account" on a fresh context; a wrong password is refused', async () => {
    const first = await openWalletPage('/secure.html');
    const bob = await logInAndCreate(first.page, BOB);

    // setWalletPassword through its screens: the splash, then creating, saving, confirming, finalizing.
    const password = 'Sw0rdfish!!xy';
    const secured = first.page.evaluate(() => window.LoginWidget.setWalletPassword());
    let dialog = await waitForDialog(first.page, 'Secure Your Account');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    dialog = first.page.getByRole('dialog');
    await dialog.getByLabel('Password', { exact: true }).fill(password);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => dialog.getByText(password).count()).toBeGreaterThan(0);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByLabel('Confirm password').fill(password);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByLabel('I understand losing my password means losing my account.').check();
    await dialog.getByRole('button', { name: 'Set password' }).click();
    const wallet = await secured;
    expect(wallet).toMatchObject({ address: bob, recoveryMethod: 'user-passcode' });
    const done = await waitForDialog(first.page, 'Success');
    expect(await done.getByText('Your wallet is secured with your password.').isVisible()).toBe(true);
    await done.getByRole('button', { name: 'Close' }).last().click();
    await waitForNoDialog(first.page);

    const fresh = await openWalletPage('/secure-again.html');
    await logInByEmail(world, fresh.page, BOB);
    await expect
      .poll(() => fresh.page.evaluate(() => window.LoginWidget.authenticated), { timeout: 10_000 })
      .toBe(true);
    expect((await walletOf(fresh.page)).active).toMatchObject({
      address: bob,
      recoveryMethod: 'user-passcode',
    });

    const message = 'Signed after recovery';
    const signed = fresh.page.evaluate((m) => window.LoginWidget.signMessage(m) as Promise<string>, message);
    const recovery = await waitForDialog(fresh.page, 'Load your account');
    await recovery.getByLabel('Recovery password').fill('not-the-password');
    await recovery.getByRole('button', { name: 'Continue' }).click();
    await expect
      .poll(() => recovery.getByRole('alert').textContent(), { timeout: 15_000 })
      .toBe(INVALID_RECOVERY_PASSWORD);
    await recovery.getByLabel('Recovery password').fill(password);
    await recovery.getByRole('button', { name: 'Continue' }).click();
    const sign = await waitForDialog(fresh.page, 'Sign message', 20_000);
    expect(await sign.locator('pre').textContent()).toBe(message);
    await sign.getByRole('button', { name: 'Sign and continue' }).click();
    expect(ethers.verifyMessage(message, await signed)).toBe(bob);
    expect(fresh.pageErrors).toEqual([]);
  });
});

describe('the wallet frame talks only to its host', () => {
  it('answers only its parent on the host origin, and posts only to that origin', async () => {
    // A logged-in user without a wallet: a wallet:create that the frame acted on would leave one.
    const { page, context } = await openWalletPage('/plain.html', { createOnLogin: 'off' });
    await logInByEmail(world, page, 'carol.wallet@example.com');
    await expect
      .poll(() => page.evaluate(() => window.LoginWidget.authenticated), { timeout: 10_000 })
      .toBe(true);
    const accessToken = await page.evaluate(() => window.LoginWidget.getAccessToken() as Promise<string>);
    const create = (id: string) => ({
      source: 'gatehouse',
      id,
      type: 'wallet:create',
      data: { accessToken },
    });

    // 1. Framed by another of the app's origins while told the host is the site: the frame posts its
    //    ready message to the site's origin only (so this parent never gets it), and ignores this parent.
    const wrongParent = await context.newPage();
    await wrongParent.goto(framingPage(otherSite, '/other.html', frameUrl(world.site.origin)));
    await expect
      .poll(() => framePosts(wrongParent).catch(() => []), { timeout: 10_000 })
      .toEqual([
        {
          targetOrigin: world.site.origin,
          message: '{"source":"gatehouse","type":"gatehouse:iframe:ready"}',
        },
      ]);
    await wrongParent.evaluate(
      ([message, origin]) =>
        (document.getElementById('wallet') as HTMLIFrameElement).contentWindow?.postMessage(message, origin),
      [create('from-wrong-origin'), world.provider.url] as const,
    );

    // 2. On the site's own origin, the frame's sibling (same origin, not its parent) asks too.
    const hostUrl = framingPage(world.site, '/framing.html', frameUrl(world.site.origin));
    await page.goto(hostUrl);
    await expect
      .poll(() =>
        page.evaluate(() =>
          (window as HostWindow).hostMessages.filter((m) => m.data.includes('gatehouse:iframe:ready')),
        ),
      )
      .toEqual([
        { origin: world.provider.url, data: '{"source":"gatehouse","type":"gatehouse:iframe:ready"}' },
      ]);
    const sibling = page.frames().find((f) => f.url() === 'about:srcdoc');
    expect(sibling).toBeTruthy();
    await sibling?.evaluate(([message, origin]) => window.parent.frames[0]?.postMessage(message, origin), [
      create('from-sibling'),
      world.provider.url,
    ] as const);
    await page.waitForTimeout(1500);
    expect(await wrongParent.evaluate(() => (window as HostWindow).hostMessages)).toEqual([]);
    expect(
      await sibling?.evaluate(() => (window as unknown as { hostMessages?: unknown }).hostMessages),
    ).toBeUndefined();
    const afterIgnored = await page.evaluate(() => (window as HostWindow).hostMessages.map((m) => m.data));
    expect(afterIgnored.filter((d) => d.includes('from-'))).toEqual([]);

    // 3. The same request from the parent on the host origin is answered: a wallet is created — so
    //    neither ignored request had made one (a second would be refused).
    await page.evaluate(
      ([message, origin]) =>
        (document.getElementById('wallet') as HTMLIFrameElement).contentWindow?.postMessage(message, origin),
      [create('from-parent'), world.provider.url] as const,
    );
    await expect
      .poll(
        async () =>
          (await page.evaluate(() => (window as HostWindow).hostMessages))
            .filter((m) => m.data.includes('"from-parent"'))
            .map((m) => ({ origin: m.origin, reply: JSON.parse(m.data) })),
        { timeout: 15_000 },
      )
      .toEqual([
        {
          origin: world.provider.url,
          reply: {
            source: 'gatehouse',
            id: 'from-parent',
            type: 'wallet:create',
            data: expect.objectContaining({ address: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/) }),
          },
        },
      ]);
    expect(await wrongParent.evaluate(() => (window as HostWindow).hostMessages)).toEqual([]);
    // Everything the frames posted went to the site's origin.
    for (const framed of [page, wrongParent]) {
      for (const post of await framePosts(framed)) expect(post.targetOrigin).toBe(world.site.origin);
    }
    expect((await framePosts(wrongParent)).length).toBe(1);
  });

  it('refuses to be framed by an origin outside the app’s list (CSP frame-ancestors)', async () => {
    const context = await browser.newContext();
    contexts.push(context);
    const page = await context.newPage();
    const consoleLines: string[] = [];
    page.on('console', (m) => consoleLines.push(m.text()));
    await page.goto(framingPage(strangerSite, '/stranger.html', frameUrl(world.site.origin)));
    await expect
      .poll(() => consoleLines.some((l) => l.includes('frame-ancestors')), { timeout: 10_000 })
      .toBe(true);
    await page.waitForTimeout(500);
    // The frame's document never loaded: no wallet page in the frame tree, nothing posted.
    expect(page.frames().some((f) => f.url().startsWith(world.provider.url))).toBe(false);
    expect(await page.evaluate(() => (window as HostWindow).hostMessages)).toEqual([]);
  });
});

/** viem's wallet and public clients and custom() as an IIFE (`window.viem`), built in memory. */
async function viemForThePage(): Promise<string> {
  const entry = '\0viem-for-the-page';
  const result = await build({
    configFile: false,
    root: ROOT,
    logLevel: 'silent',
    plugins: [
      {
        name: 'viem-for-the-page',
        resolveId: (id) => (id === 'viem-for-the-page' ? entry : null),
        load: (id) =>
          id === entry
            ? "export { createPublicClient, createWalletClient, custom, parseEther } from 'viem';"
            : null,
      },
    ],
    build: {
      write: false,
      minify: false,
      rolldownOptions: {
        input: 'viem-for-the-page',
        preserveEntrySignatures: 'strict',
        output: { format: 'iife', name: 'viem' },
      },
    },
  });
  const output = (Array.isArray(result) ? result[0] : result) as { output: Array<{ code?: string }> };
  const code = output.output[0]?.code;
  if (!code) throw new Error('viem could not be bundled for the page');
  return code;
}
