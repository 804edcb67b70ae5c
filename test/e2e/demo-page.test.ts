/**
 * The demo's host page (public/demo/index.html, served by scripts/demo.js) in Chromium at a
 * phone's width, on its own (no provider: the page's requests other than itself are answered
 * 404): it fits 390 px without a sideways scroll, has an icon of its own, shows ETH first, and
 * reads the wallet's balance again when money arrives while the modal is open.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser.js';

const PAGE = readFileSync(resolve(import.meta.dirname, '../../public/demo/index.html'), 'utf8')
  .replaceAll('{{APP_ID}}', 'demo-app')
  .replaceAll('{{PROVIDER_URL}}', 'http://127.0.0.1:8787')
  .replaceAll('{{CHAIN_RPC_URL}}', 'http://127.0.0.1:8545');

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

describe('the demo page', () => {
  it('fits a 390 px phone and asks for no favicon', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const asked: string[] = [];
    await page.route('**/*', (route) => {
      const url = route.request().url();
      asked.push(new URL(url).pathname);
      return url === 'http://localhost:8788/'
        ? route.fulfill({ body: PAGE, contentType: 'text/html' })
        : route.fulfill({ status: 404, body: '' });
    });
    await page.goto('http://localhost:8788/');
    const sizes = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    expect(sizes[0]).toBe(sizes[1]);
    // Its own icon: a browser asks the demo server for no /favicon.ico (a 404 in the console).
    expect(await page.locator('link[rel="icon"]').getAttribute('href')).toMatch(/^data:image\/svg\+xml,/);
    expect(asked).not.toContain('/favicon.ico');
    // The review shows ETH first: no token price lookup (a 503 offline) on the local chain.
    expect(PAGE).toContain("priceDisplay: { primary: 'native-token'");
    await page.close();
  });

  it('reads the balance again when a card purchase or a late receipt lands', async () => {
    const page = await browser.newPage();
    let balance = 0n;
    await page.route('**/*', async (route) => {
      const url = route.request().url();
      if (url === 'http://localhost:8788/') return route.fulfill({ body: PAGE, contentType: 'text/html' });
      if (url.startsWith('http://127.0.0.1:8545')) {
        const result = `0x${balance.toString(16)}`;
        return route.fulfill({
          json: { jsonrpc: '2.0', id: 1, result },
          headers: { 'access-control-allow-origin': '*' },
        });
      }
      return route.fulfill({ status: 404, body: '' });
    });
    await page.goto('http://localhost:8788/');
    const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
    await page.evaluate((address) => {
      (window as unknown as { LoginWidget: unknown }).LoginWidget = {
        user: { linkedAccounts: [{ type: 'wallet', walletClientType: 'gatehouse', address }] },
      };
    }, address);
    for (const [event, wei, shown] of [
      ['fund:status', 5n * 10n ** 16n, '0.05 ETH'],
      ['transaction:confirmed', 4n * 10n ** 16n, '0.04 ETH'],
    ] as const) {
      balance = wei;
      await page.evaluate((name) => window.dispatchEvent(new CustomEvent(name, { detail: {} })), event);
      await expect.poll(() => page.locator('#wallet-balance').textContent()).toBe(shown);
    }
    await page.close();
  });
});
