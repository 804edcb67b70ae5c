/** What a visitor does on a host page, shared by the browser tests of login completion. */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { hostPage } from './pages.js';
import type { World } from './world.js';

/** A fresh browser context on a host page at `path` of the host site (pages.ts's, or `html`). */
export async function openHostPage(world: World, path: string, html?: string) {
  const url = world.site.set(path, {
    html: html ?? hostPage({ loaderUrl: `${world.provider.url}/loader.js`, appId: world.appId }),
  });
  const context = await world.browser.newContext();
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto(url);
  await page.evaluate(() => window.LoginWidget.ready);
  return { page, context, pageErrors };
}

/** The names of the DOM events the page has seen so far. */
export const seenEvents = (page: Page) =>
  page.evaluate(() => window.seen.map((e: { name: string }) => e.name));

/** Opens the modal with the host's button and logs in with the code from the mailbox. */
export async function logInByEmail(
  world: Pick<World, 'mailbox'>,
  page: Page,
  email: string,
  /** The visitor reading the code before typing it (by default, they type it at once). */
  reading?: () => Promise<unknown>,
): Promise<void> {
  await page.click('#login');
  const dialog = page.getByRole('dialog');
  await expect.poll(() => dialog.getByText('Log in or sign up').isVisible()).toBe(true);
  const since = world.mailbox.messages.length;
  await dialog.getByRole('textbox', { name: 'Email address' }).fill(email);
  await dialog.getByRole('button', { name: 'Submit' }).click();
  const code = await world.mailbox.codeFor(email, since);
  await reading?.();
  await dialog.getByRole('textbox', { name: 'Digit 1' }).click();
  await page.keyboard.type(code);
}

/** The dev chain as a host's chain config, its only supported and default chain. */
export function devChain(world: World) {
  const chain = world.chain;
  if (!chain) throw new Error('this world was started without a chain');
  return {
    id: chain.chainId,
    name: 'Hardhat',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [chain.rpcUrl] } },
  };
}

/** `LoginWidget.init` on the dev chain with wallets created on login, plus the host's `extra`. */
export async function initOnDevChain(world: World, page: Page, extra: Record<string, unknown> = {}) {
  await page.evaluate(
    ([chainConfig, more]) =>
      window.LoginWidget.init({
        embeddedWallets: { createOnLogin: 'users-without-wallets' },
        supportedChains: [chainConfig],
        defaultChain: chainConfig,
        ...more,
      }),
    [devChain(world), extra] as const,
  );
}
