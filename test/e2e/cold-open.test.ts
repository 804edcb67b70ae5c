/**
 * A cold open: the host page calls LoginWidget.login() from an inline script right after the
 * loader's tag, before the widget's entry has arrived. The loader then preloads the first modal's
 * files (<link rel="modulepreload">, with the tag's nonce) beside the entry: their requests start
 * before the entry's response has ended, instead of one round trip after it. With
 * data-preload="none" the loader adds nothing: the entry fetches the modal when it opens it.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorld, type World } from './world.js';

let world: World;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(async () => {
  await world?.stop();
});

const NONCE = 'c0ldN0nce';
/** Chromium's network emulation: 150 ms on every request, so that the entry's response ends late enough to see. */
const SLOW = { offline: false, latency: 150, downloadThroughput: -1, uploadThroughput: -1 };

const coldPage = (preload: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Host</title>
<script nonce="${NONCE}">window.cspViolations = [];
document.addEventListener('securitypolicyviolation', (e) => {
  window.cspViolations.push(e.violatedDirective + ' ' + e.blockedURI);
});</script>
<script nonce="${NONCE}" src="${world.provider.url}/loader.js" data-app-id="${world.appId}" data-nonce="${NONCE}"${preload}></script>
<script nonce="${NONCE}">LoginWidget.login();</script>
</head><body><h1>Shop</h1></body></html>`;

interface Timing {
  name: string;
  startTime: number;
  responseEnd: number;
}

/** Opens the page under a nonce-only CSP and SLOW, waits for LANDING, returns the provider's files as timed by the page. */
async function coldOpen(path: string, preload: string) {
  const url = world.site.set(path, {
    html: coldPage(preload),
    headers: {
      'content-security-policy': `default-src 'self'; script-src 'nonce-${NONCE}'; style-src 'nonce-${NONCE}'; connect-src ${world.provider.url}; img-src ${world.provider.url} data:`,
    },
  });
  const context = await world.browser.newContext();
  const page: Page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(url);
  await page.getByRole('dialog', { name: 'Log in or sign up' }).waitFor({ timeout: 15_000 });
  const files = await page.evaluate((origin) => {
    const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    return entries
      .filter((entry) => entry.name.startsWith(origin) && entry.name.endsWith('.js'))
      .map(({ name, startTime, responseEnd }) => ({ name: new URL(name).pathname, startTime, responseEnd }));
  }, world.provider.url);
  const preloads = await page.evaluate(() => document.querySelectorAll('link[rel="modulepreload"]').length);
  const violations = await page.evaluate(() => (window as { cspViolations?: string[] }).cspViolations);
  await context.close();
  const file = (part: string): Timing => {
    const found = files.filter((entry) => entry.name.includes(part));
    expect(found, `${part} fetched once`).toHaveLength(1);
    return found[0] as Timing;
  };
  return { entry: file('/widget.js'), modal: file('/modal-'), preloads, violations, errors };
}

describe('login() called at load, before the widget entry has arrived', () => {
  it("fetches the first modal's files beside the entry, under the tag's nonce", async () => {
    const { entry, modal, preloads, violations, errors } = await coldOpen('/cold-open', '');
    expect(modal.startTime).toBeLessThan(entry.responseEnd);
    expect(preloads).toBeGreaterThan(0);
    expect(violations).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('with data-preload="none" fetches nothing more: the modal comes after the entry', async () => {
    const { entry, modal, preloads, violations } = await coldOpen('/cold-open-none', ' data-preload="none"');
    expect(modal.startTime).toBeGreaterThanOrEqual(entry.responseEnd);
    expect(preloads).toBe(0);
    expect(violations).toEqual([]);
  });
});
