/**
 * A dapp on web3-onboard (test/fixtures/onboard-app), built with Vite's API as its own app would
 * be, with no Gatehouse code: once the visitor has logged in on the host's button, web3-onboard's
 * own modal lists the embedded wallet by the name it announces (EIP-6963), and choosing it
 * connects the wallet's account. Screenshot onboard-modal.png for a person to look at.
 */
import { expect, it } from 'vitest';
import { fixturePage, useFixtureWorld } from './fixture-app.js';
import { initOnDevChain, logInByEmail } from './steps.js';

const env = useFixtureWorld('onboard-app');

it('lists the embedded wallet by its announced name in its own modal, and connects it', async () => {
  const world = env();
  const { chain, context, page, pageErrors } = await fixturePage(world);
  const query = new URLSearchParams({
    app: world.appId,
    provider: world.provider.url,
    chain: String(chain.chainId),
    rpc: chain.rpcUrl,
  });
  await page.goto(`${world.site.origin}/onboard-app/index.html?${query}`);
  await page.waitForFunction(() => (window as { LoginWidget?: { ready?: unknown } }).LoginWidget?.ready);
  await page.evaluate(() => window.LoginWidget.ready);
  await initOnDevChain(world, page);
  await logInByEmail(world, page, 'onboard@example.com');
  await expect
    .poll(() => page.evaluate(() => window.LoginWidget.user?.wallet?.address ?? null), {
      timeout: 30_000,
    })
    .not.toBe(null);
  await expect.poll(() => page.getByRole('dialog').count(), { timeout: 20_000 }).toBe(0);
  const address = (await page.evaluate(() => window.LoginWidget.user?.wallet?.address)) as string;

  // web3-onboard's modal, in its own shadow root: the wallet under its announced name.
  await page.getByRole('button', { name: 'Connect a wallet' }).click();
  const listed = page.getByRole('button', { name: /Acme Shop wallet/ });
  await listed.waitFor({ timeout: 20_000 });
  // Its fade-in (a Svelte transition in its own shadow root) over, for the picture only.
  await page.waitForTimeout(800);
  await page.screenshot({ path: 'test-results/screenshots/onboard-modal.png' });
  await listed.click();
  await expect
    .poll(() => page.getByRole('status').textContent(), { timeout: 20_000 })
    .toBe(`Acme Shop wallet: ${address}`);
  expect(pageErrors).toEqual([]);
  await context.close();
}, 180_000);
