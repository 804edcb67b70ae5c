/**
 * The embedded wallet as a dapp on the host page finds it (EIP-6963), in real Chromium against the
 * built provider: a plain page script that calls nothing of Gatehouse collects the announcements,
 * and once the user has logged in and has the embedded wallet it finds 'Acme Shop wallet' among
 * them and reads the account through its provider; after logout the provider says disconnect.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ALICE, logInAndCreate, openWalletPage, useWalletWorld, world } from './wallet-world.js';

useWalletWorld();

interface Announced {
  info: { uuid: string; name: string; icon: string; rdns: string };
  provider: {
    request(args: { method: string }): Promise<unknown>;
    on(event: string, listener: (value: unknown) => void): void;
  };
}
type DappWindow = Window & { announced: Announced[]; heard: Array<[string, unknown]> };

/**
 * The dapp's script, run before the widget's: EIP-6963 as a dapp does it, listening from the start
 * and asking once; nothing of Gatehouse.
 */
function dappScript(): void {
  const page = window as unknown as DappWindow;
  page.announced = [];
  page.heard = [];
  window.addEventListener('eip6963:announceProvider', (event) => {
    page.announced.push((event as CustomEvent<Announced>).detail);
  });
  window.dispatchEvent(new Event('eip6963:requestProvider'));
}

const namesAnnounced = (page: Page) =>
  page.evaluate(() => (window as unknown as DappWindow).announced.map((a) => a.info.name));

describe('the embedded wallet announced to a dapp on the page (EIP-6963)', () => {
  let page: Page;

  it('is announced once the user has it, and answers the dapp with the account', async () => {
    ({ page } = await openWalletPage('/dapp.html', {}, [dappScript]));
    // Logged out: nothing to announce.
    expect(await namesAnnounced(page)).toEqual([]);
    const address = await logInAndCreate(page, ALICE);
    await expect.poll(() => namesAnnounced(page), { timeout: 10_000 }).toContain('Acme Shop wallet');
    const seen = await page.evaluate(async () => {
      const dapp = window as unknown as DappWindow;
      const wallet = dapp.announced.find((a) => a.info.name === 'Acme Shop wallet');
      if (!wallet) throw new Error('not announced');
      wallet.provider.on('accountsChanged', (accounts) => dapp.heard.push(['accountsChanged', accounts]));
      wallet.provider.on('disconnect', (error) =>
        dapp.heard.push(['disconnect', (error as { code: number }).code]),
      );
      return {
        info: wallet.info,
        requested: await wallet.provider.request({ method: 'eth_requestAccounts' }),
        accounts: await wallet.provider.request({ method: 'eth_accounts' }),
      };
    });
    expect(seen.requested).toEqual([address]);
    expect(seen.accounts).toEqual([address]);
    // The rdns is the provider's host reversed (127.0.0.1 here: 1.0.0.127).
    expect(seen.info.rdns).toBe(new URL(world.provider.url).hostname.split('.').reverse().join('.'));
    expect(seen.info.icon).toMatch(/^data:image\/svg\+xml,/);
    expect(seen.info.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('after logout the dapp hears accountsChanged([]) and disconnect, and a new request goes unanswered', async () => {
    await page.evaluate(() => window.LoginWidget.logout());
    await expect
      .poll(() => page.evaluate(() => (window as unknown as DappWindow).heard))
      .toEqual([
        ['accountsChanged', []],
        ['disconnect', 4900],
      ]);
    const answers = await page.evaluate(() => {
      const dapp = window as unknown as DappWindow;
      const before = dapp.announced.length;
      window.dispatchEvent(new Event('eip6963:requestProvider'));
      return dapp.announced.length - before;
    });
    expect(answers).toBe(0);
  });
});
