/**
 * One user's embedded wallet in real Chromium, from a plain host page on one origin against the
 * built provider on another, on the hardhat dev chain: creation on login, signing, sending with the
 * review screen, key export inside the provider-origin frame only, the EIP-1193 provider under
 * ethers and viem, and what the frame posted to the host over the whole session.
 */
import { join, resolve } from 'node:path';
import { ethers } from 'ethers';
import type { Page } from 'playwright-core';
import { build } from 'vite';
import { describe, expect, it } from 'vitest';
import { framePosts, type HostWindow } from './wallet-frames.js';
import {
  ALICE,
  approveOnReview,
  balanceOf,
  chain,
  clickInSurface,
  devChain,
  dialogNamed,
  logInAndCreate,
  openWalletPage,
  signOnPage,
  surfaceOf,
  useWalletWorld,
  waitForDialog,
  waitForNoDialog,
  walletOf,
  world,
} from './wallet-world.js';

useWalletWorld();

const ROOT = resolve(import.meta.dirname, '../..');
const ETHERS_UMD = join(ROOT, 'node_modules/ethers/dist/ethers.umd.min.js');

describe('the embedded wallet on the dev chain', () => {
  let page: Page;
  let pageErrors: string[];
  let alice: string;
  let _aliceLoggedInAt = 0;
  let alicePrivateKey = '';
  const signatures: string[] = [];

  it('creates a wallet on login: the created screen, wallet:created, and the linked wallet account', async () => {
    ({ page, pageErrors } = await openWalletPage('/shop.html'));
    _aliceLoggedInAt = Date.now();
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
    // The first request's 'Success' close (1400 ms) does not take the new request's screen with it.
    await page.waitForTimeout(1600);
    expect(await dialog.isVisible()).toBe(true);
    // What is signed shows in the provider's surface, from the request the frame signs.
    const surface = surfaceOf(page);
    await surface.locator('pre').waitFor({ timeout: 20_000 });
    expect(await surface.getByText('Signing this data will not cost you any fees.').isVisible()).toBe(true);
    const shown = await surface.locator('body').textContent();
    expect(shown).toContain('Acme Shop');
    expect(shown).toContain('Message: Order');
    expect(shown).toContain('Blue mug');
    await clickInSurface(page, 'Sign');
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
    // Cancel in the surface, beside its Send.
    await clickInSurface(page, 'Cancel');
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
    // The surface shows what the frame signs: from (shortened) and the recipient (in full, grouped),
    // each with its full address as title, the amount, the most the fees can cost, and links nowhere.
    const surface = surfaceOf(page);
    await surface.getByRole('button', { name: 'Send', exact: true }).waitFor({ timeout: 20_000 });
    expect(await surface.getByTitle(alice).isVisible()).toBe(true);
    expect(await surface.getByTitle(recipient).isVisible()).toBe(true);
    expect(await surface.getByRole('link').count()).toBe(0);
    const signed = await surface.locator('body').innerText();
    expect(signed).toContain('Amount\n0.25 ETH');
    expect(signed).toMatch(/Max network fee\n<?0\.\d+ ETH/);
    // Beside it the host keeps what only it knows: the total and the balance. Native amounts only
    // (no price source answers here), §9 formatting; no link either (no block explorer).
    const rows = await review.innerText();
    expect(rows).toMatch(/Total\n0\.250\d* ETH/);
    expect(rows).toContain('Available balance\n2 ETH');
    expect(await review.getByRole('link').count()).toBe(0);
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

    await done.getByRole('button', { name: 'All done' }).click();
    await waitForNoDialog(page);
  });

  it('exports the key inside the provider-origin surface only, after a click in it', async () => {
    const exported = page.evaluate(() => window.LoginWidget.exportWallet());
    const dialog = await waitForDialog(page, 'Export wallet');
    const iframe = dialog.locator('iframe[title="Export wallet"]');
    await expect.poll(() => iframe.count(), { timeout: 10_000 }).toBe(1);
    const src = new URL((await iframe.getAttribute('src')) as string);
    expect(src.origin).toBe(world.provider.url);
    expect(src.pathname).toBe(`/apps/${world.appId}/embedded-wallets/surface`);
    // Nothing of the session in the surface's address: it names only the frame's prompt.
    const accessToken = await page.evaluate(() => window.LoginWidget.getAccessToken() as Promise<string>);
    expect(src.toString()).not.toContain(accessToken.split('.')[1]);

    const frame = surfaceOf(page);
    await frame.getByRole('button', { name: 'Reveal private key' }).waitFor({ timeout: 10_000 });
    // Before the click, the key is nowhere in the frame.
    expect(await frame.getByTestId('private-key').count()).toBe(0);
    await clickInSurface(page, 'Reveal private key');
    const keyElement = frame.getByTestId('private-key');
    await expect.poll(() => keyElement.count(), { timeout: 10_000 }).toBe(1);
    const privateKey = ((await keyElement.textContent()) ?? '').trim();
    expect(new ethers.Wallet(privateKey).address).toBe(alice);
    alicePrivateKey = privateKey;

    // The host page cannot read the frame, and the key is nowhere in its DOM (light or shadow).
    const hostView = await page.evaluate(() => {
      const root = document.getElementById('gatehouse-root')?.shadowRoot;
      const frameElement = root?.querySelector('iframe[title="Export wallet"]') as HTMLIFrameElement | null;
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

    // The surface posted nothing to the host but its size (and no Escape here), to the host's origin.
    const surfacePosts = await framePosts(page, world.appId, '/surface');
    expect(new Set(surfacePosts.map((p) => p.targetOrigin))).toEqual(new Set([world.site.origin]));
    for (const post of surfacePosts) {
      expect(JSON.parse(post.message)).toMatchObject({ type: 'gatehouse:surface:size' });
      expect(post.message.toLowerCase()).not.toContain(bareKey);
    }

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
    await waitForDialog(page, 'Sign message');
    await surfaceOf(page).locator('pre').waitFor({ timeout: 20_000 });
    expect(await surfaceOf(page).locator('pre').textContent()).toBe(message);
    await clickInSurface(page, 'Sign');
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
    let dialog = await approveOnReview(page, '0.1 ETH');
    await dialog.getByRole('button', { name: 'All done' }).click();
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
    await waitForDialog(page, 'Sign message');
    await surfaceOf(page).locator('pre').waitFor({ timeout: 20_000 });
    expect(await surfaceOf(page).locator('pre').textContent()).toBe(viemMessage);
    await clickInSurface(page, 'Sign');
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
    await dialog.getByRole('button', { name: 'All done' }).click();
    const viaViemTx = await viemSent;
    expect(viaViemTx.status).toBe('success');
    expect(await balanceOf(toViem)).toBe(ethers.parseEther('0.05'));
    await waitForNoDialog(page);
    expect(pageErrors).toEqual([]);
  });

  it('the wallet frame posted every message of this session to the host origin only, never the key', async () => {
    const posts = await framePosts(page, world.appId);
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
