/**
 * Dapps on @wagmi/core and viem (test/fixtures/wagmi-app), built with Vite's API as their own apps
 * would be, in Chromium:
 * - with @gatehousejs/widget/wagmi as the connector, Connect opens the Gatehouse modal, the visitor
 *   logs in with an email code and wagmi's account is the embedded wallet; after a reload wagmi
 *   reconnects from the stored session with no modal; Disconnect logs out;
 * - with no Gatehouse code at all, wagmi's own EIP-6963 discovery lists the embedded wallet by its
 *   announced name once the visitor has logged in on the host's button; the dapp connects it, signs a
 *   message and sends a transaction on the dev chain, each approved by the visitor in the widget's
 *   review on the provider's origin.
 */
import { ethers } from 'ethers';
import { expect, it } from 'vitest';
import { fixturePage, useFixtureWorld } from './fixture-app.js';
import { initOnDevChain, logInByEmail } from './steps.js';
import { clickInSurface, waitForDialog } from './wallet-world.js';

const env = useFixtureWorld('wagmi-app', ['index.html', 'discover.html']);

it('connects through the login modal, reconnects after a reload, and disconnects', async () => {
  const world = env();
  const { context, page, pageErrors } = await fixturePage(world);
  const query = new URLSearchParams({ app: world.appId, provider: world.provider.url });
  await page.goto(`${world.site.origin}/wagmi-app/index.html?${query}`);
  const account = page.getByRole('status');
  await expect.poll(() => account.textContent(), { timeout: 15_000 }).toBe('Status: disconnected');

  // Connect: the Gatehouse modal, an email code, and wagmi's account is the embedded wallet.
  await logInByEmail(world, page, 'wagmi@example.com');
  await expect.poll(() => account.textContent(), { timeout: 30_000 }).toMatch(/^Account: 0x[0-9a-fA-F]{40}$/);
  const wallet = await page.evaluate(() => window.LoginWidget?.user?.wallet?.address);
  expect(await account.textContent()).toBe(`Account: ${wallet}`);

  // A reload: wagmi reconnects from the stored session, and no modal opens.
  await page.reload();
  await expect.poll(() => account.textContent(), { timeout: 15_000 }).toBe(`Account: ${wallet}`);
  expect(await page.getByRole('dialog').count()).toBe(0);

  // Disconnect logs out.
  await page.getByRole('button', { name: 'Disconnect' }).click();
  await expect.poll(() => account.textContent()).toBe('Status: disconnected');
  await expect.poll(() => page.evaluate(() => window.LoginWidget?.authenticated)).toBe(false);
  expect(pageErrors).toEqual([]);
  await context.close();
}, 120_000);

it('finds the embedded wallet by EIP-6963 alone, signs and sends through the widget’s review', async () => {
  const world = env();
  const { chain, context, page, pageErrors } = await fixturePage(world);
  const to = ethers.Wallet.createRandom().address;
  const query = new URLSearchParams({
    app: world.appId,
    provider: world.provider.url,
    chain: String(chain.chainId),
    rpc: chain.rpcUrl,
    to,
  });
  await page.goto(`${world.site.origin}/wagmi-app/discover.html?${query}`);
  await page.waitForFunction(() => (window as { LoginWidget?: { ready?: unknown } }).LoginWidget?.ready);
  await page.evaluate(() => window.LoginWidget.ready);
  await initOnDevChain(world, page);

  // Logged in on the host's button, the wallet made: the dapp lists it by its announced name.
  await logInByEmail(world, page, 'dapp@example.com');
  const wallet = page.getByRole('button', { name: 'Acme Shop wallet' });
  await wallet.waitFor({ timeout: 30_000 });
  await expect.poll(() => page.getByRole('dialog').count(), { timeout: 20_000 }).toBe(0);
  const address = (await page.evaluate(() => window.LoginWidget.user?.wallet?.address)) as string;
  await wallet.click();
  await expect.poll(() => page.getByRole('status').textContent()).toBe(`Account: ${address}`);

  // wagmi's signMessage: the visitor reads it in the widget's review and signs there.
  await page.getByRole('button', { name: 'Sign message' }).click();
  await waitForDialog(page, 'Sign message');
  await clickInSurface(page, 'Sign');
  const signature = page.getByText(/^Signature: 0x[0-9a-f]+$/);
  await signature.waitFor({ timeout: 20_000 });
  const signed = ((await signature.textContent()) ?? '').replace('Signature: ', '');
  expect(ethers.verifyMessage('Hello from a wagmi dapp', signed)).toBe(address);

  // wagmi's sendTransaction: the send review, approved by the visitor, and mined on the dev chain.
  await chain.fund(address, ethers.parseEther('1'));
  await page.getByRole('button', { name: 'Send 0.01 ETH' }).click();
  await waitForDialog(page, 'Send ETH', 20_000);
  await clickInSurface(page, 'Send');
  const sent = page.getByText(/^Transaction: 0x[0-9a-f]{64}$/);
  await sent.waitFor({ timeout: 30_000 });
  const hash = ((await sent.textContent()) ?? '').replace('Transaction: ', '');
  const receipt = await chain.rpc<{ status: string; to: string }>('eth_getTransactionReceipt', [hash]);
  expect(receipt.status).toBe('0x1');
  expect(receipt.to.toLowerCase()).toBe(to.toLowerCase());
  expect(pageErrors).toEqual([]);
  await context.close();
}, 180_000);
