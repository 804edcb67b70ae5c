/** What a visitor does on a host page, shared by the browser tests of login completion. */
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { launchChromium } from '../support/browser.js';
import { HostSite } from '../support/host.js';
import { Mailbox } from '../support/mailbox.js';
import { Provider } from '../support/provider.js';
import { hostPage } from './pages.js';

export interface World {
  browser: Browser;
  site: HostSite;
  provider: Provider;
  mailbox: Mailbox;
  appId: string;
}

/**
 * A mailbox, a host site, the built provider with one app for the site (and `otherOrigins`), set
 * up with `gatehouse apps set <app> …settings`, and Chromium.
 */
export async function startWorld(settings: string[] = [], otherOrigins: string[] = []): Promise<World> {
  const world = {} as World;
  world.mailbox = new Mailbox();
  await world.mailbox.start();
  world.site = new HostSite();
  await world.site.start();
  world.provider = new Provider({ smtpUrl: world.mailbox.url });
  world.appId = await world.provider.createApp('Acme Shop', [world.site.origin, ...otherOrigins]);
  if (settings.length > 0) await world.provider.cli('apps', 'set', world.appId, ...settings);
  await world.provider.start();
  world.browser = await launchChromium();
  return world;
}

export async function stopWorld(world: Partial<World> | undefined): Promise<void> {
  await world?.browser?.close();
  await world?.provider?.dispose();
  await world?.site?.stop();
  await world?.mailbox?.stop();
}

/** A fresh browser context on a host page at `path` of the host site. */
export async function openHostPage(world: World, path: string) {
  const url = world.site.set(path, {
    html: hostPage({ loaderUrl: `${world.provider.url}/loader.js`, appId: world.appId }),
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
export async function logInByEmail(world: World, page: Page, email: string): Promise<void> {
  await page.click('#login');
  const dialog = page.getByRole('dialog');
  await expect.poll(() => dialog.getByText('Log in or sign up').isVisible()).toBe(true);
  const since = world.mailbox.messages.length;
  await dialog.getByRole('textbox', { name: 'Email address' }).fill(email);
  await dialog.getByRole('button', { name: 'Submit' }).click();
  const code = await world.mailbox.codeFor(email, since);
  await dialog.getByRole('textbox', { name: 'Digit 1' }).click();
  await page.keyboard.type(code);
}
