/**
 * The wallet e2e files' world: a provider on the dev chain with an allowed second origin and a
 * stranger origin, fresh browser contexts on a host page that inits the widget with the dev chain,
 * and the user's steps through the wallet's screens.
 */

import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { SURFACE_MIN_VISIBLE_MS } from '../../src/protocol/surface.js';
import type { Chain } from '../support/chain.js';
import { HostSite } from '../support/host.js';
import { hostPage } from './pages.js';
import { logInByEmail } from './steps.js';
import { HOST_HEAD, type HostWindow, recordFramePosts } from './wallet-frames.js';
import { startWorld, type World } from './world.js';

export const INVALID_RECOVERY_PASSWORD = 'Invalid recovery password, please try again.';
export const NEW_DEVICE_MAIL = /a new device recovered your wallet/i;

export let world: World;
export let chain: Chain;
export let browser: Browser;
/** An allowed second origin of the app (for the frame's origin rules). */
export let otherSite: HostSite;
/** An origin the app does not list. */
export let strangerSite: HostSite;
export const contexts: BrowserContext[] = [];

/** Starts the world before the file's tests and stops it (and every context opened) after them. */
export function useWalletWorld(options: { settings?: string[]; providerHost?: string } = {}): void {
  beforeAll(async () => {
    otherSite = new HostSite();
    await otherSite.start();
    strangerSite = new HostSite();
    await strangerSite.start();
    world = await startWorld({
      chain: true,
      otherOrigins: [otherSite.origin],
      settings: options.settings,
      providerHost: options.providerHost,
      // No price source in the sandbox: the review shows native amounts only (§9), without waiting on the network.
      env: { GATEHOUSE_COINGECKO_URL: 'http://127.0.0.1:9' },
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
}

/** The dev chain as the host passes it to LoginWidget.init (a custom chain). */
export const devChain = () => ({
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
export async function openWalletPage(
  path: string,
  embeddedWallets: Record<string, unknown> = {},
  /** Scripts of the page's own, run before the widget's (page-script.ts). */
  pageScripts: Array<() => void> = [],
  /** Response headers of the host page (a Permissions-Policy). */
  headers?: Record<string, string>,
) {
  const url = world.site.set(path, {
    html: hostPage({ loaderUrl: `${world.provider.url}/loader.js`, appId: world.appId, head: HOST_HEAD }),
    headers,
  });
  const context = await browser.newContext();
  contexts.push(context);
  await context.addInitScript(recordFramePosts);
  for (const script of pageScripts) await context.addInitScript(script);
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

export const frameUrl = (hostOrigin: string) =>
  `${world.provider.url}/apps/${world.appId}/embedded-wallets?caid=e2e&origin=${encodeURIComponent(hostOrigin)}`;

export const dialogNamed = (page: Page, name: string) => page.getByRole('dialog', { name });

export async function waitForDialog(page: Page, name: string, timeout = 15_000) {
  const dialog = dialogNamed(page, name);
  await expect.poll(() => dialog.isVisible(), { timeout }).toBe(true);
  return dialog;
}

export const waitForNoDialog = (page: Page, timeout = 5000) =>
  expect.poll(() => page.getByRole('dialog').count(), { timeout }).toBe(0);

export const walletOf = (page: Page) =>
  page.evaluate(() => {
    const user = window.LoginWidget.user;
    const linked = user?.linkedAccounts.find(
      (a: { type: string; walletClientType?: string }) =>
        a.type === 'wallet' && a.walletClientType === 'gatehouse',
    );
    return { active: user?.wallet ?? null, linked: linked ?? null };
  });

/** Logs in with the mailbox code and waits for the wallet created on that login. */
export async function logInAndCreate(
  page: Page,
  email: string,
  reading?: () => Promise<unknown>,
): Promise<string> {
  await logInByEmail(world, page, email, reading);
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

/** The provider-origin surface in the open dialog: a frame of the provider's origin. */
export const surfaceOf = (page: Page) => page.frameLocator('iframe[data-surface]');

/**
 * A person's click on a button of the surface (a trusted click in its own document), once the
 * button has been on screen longer than SURFACE_MIN_VISIBLE_MS: an earlier click does not count.
 */
export async function clickInSurface(page: Page, name: string): Promise<void> {
  const button = surfaceOf(page).getByRole('button', { name, exact: true });
  await button.waitFor({ state: 'visible', timeout: 20_000 });
  await page.waitForTimeout(SURFACE_MIN_VISIBLE_MS + 300);
  await button.click();
}

/** signMessage from the page; the user reads the message in the surface and clicks Sign there. */
export async function signOnPage(page: Page, message: string, waitForClose = true): Promise<string> {
  const signed = page.evaluate((m) => window.LoginWidget.signMessage(m) as Promise<string>, message);
  await waitForDialog(page, 'Sign message');
  const shown = surfaceOf(page).locator('pre');
  await shown.waitFor({ timeout: 20_000 });
  expect(await shown.textContent()).toBe(message);
  await clickInSurface(page, 'Sign');
  const signature = await signed;
  if (waitForClose) await waitForNoDialog(page);
  return signature;
}

export const balanceOf = async (address: string) =>
  BigInt(await chain.rpc<string>('eth_getBalance', [address, 'latest']));

/**
 * The transaction review is up (prepared): the user reads the amount in the surface, which shows
 * what the frame signs, clicks Send there and sees it complete.
 */
export async function approveOnReview(page: Page, amountText: string) {
  const dialog = await waitForDialog(page, 'Send ETH');
  const surface = surfaceOf(page);
  await surface.getByRole('button', { name: 'Send', exact: true }).waitFor({ timeout: 20_000 });
  expect(await surface.locator('body').textContent()).toContain(amountText);
  expect(await dialog.textContent()).toContain(amountText);
  await clickInSurface(page, 'Send');
  await expect
    .poll(() => page.getByRole('dialog').getByRole('heading').first().textContent(), { timeout: 20_000 })
    .toBe('Transaction complete');
  return page.getByRole('dialog');
}

export const ALICE = 'alice.wallet@example.com';
export const BOB = 'bob.wallet@example.com';
