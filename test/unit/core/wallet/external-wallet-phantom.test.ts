/**
 * External wallets in core over the fake provider with the siwe/* endpoints: Phantom, installed or not, on a desktop or a phone (§2.1, §2.2, §4.4).
 */

import { describe, expect, it } from 'vitest';
import { SIWE_API_PATHS } from '../../../../src/protocol/siwe-api.js';
import { freshWallets } from '../../helpers/external-wallets.js';
import { FakeExtensionWallet, fakePage } from '../../helpers/fake-eip1193.js';
import { siweClient } from '../../helpers/siwe-client.js';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const DESKTOP =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const PHANTOM_INFO = { uuid: 'phantom-uuid', name: 'Phantom', icon: '', rdns: 'app.phantom' };

/** The addresses `run` puts in the history (the fake page's origin is not happy-dom's). */
async function recordingAddress(run: () => Promise<void>): Promise<string[]> {
  const replaced: string[] = [];
  const replaceState = history.replaceState.bind(history);
  history.replaceState = (state, title, url) => {
    replaced.push(String(url));
    replaceState(state, title, '/');
  };
  try {
    await run();
  } finally {
    history.replaceState = replaceState;
  }
  return replaced;
}

describe('Phantom (§2.1, §2.2, §4.4)', () => {
  async function phantomSetup(userAgent: string, href = 'https://app.test/shop?item=7') {
    const t = await siweClient();
    const page = Object.assign(fakePage(), { navigator: { userAgent, maxTouchPoints: 0 } });
    page.location.href = href;
    const wallets = freshWallets(t.gatehouse, { page, sleep: async () => {}, discoveryWaitMs: 5 });
    return { ...t, page, wallets };
  }

  it('not installed, on a desktop: INSTALL_PHANTOM_SCREEN, whose Reload reloads the page', async () => {
    const t = await phantomSetup(DESKTOP);
    t.gatehouse.ctx.modal.open();
    const [choice] = t.wallets.choices([], ['phantom']);
    if (!choice) throw new Error('no Phantom entry');
    await t.wallets.chooseWallet(choice, 'login');
    expect(t.gatehouse.ctx.modal.$modal.get().screen).toBe('INSTALL_PHANTOM_SCREEN');
    t.wallets.reloadPage();
    expect(t.page.location.reloads).toBe(1);
  });

  it("not installed, on a phone: PHANTOM_INTERSTITIAL_SCREEN, whose link opens this page in Phantom's browser to resume", async () => {
    const t = await phantomSetup(IPHONE);
    t.gatehouse.ctx.modal.open();
    const [choice] = t.wallets.choices([], ['phantom']);
    if (!choice) throw new Error('no Phantom entry');
    await t.wallets.chooseWallet(choice, 'login');
    expect(t.gatehouse.ctx.modal.$modal.get().screen).toBe('PHANTOM_INTERSTITIAL_SCREEN');
    const link = new URL(t.wallets.phantomBrowseLink());
    expect(`${link.origin}${link.pathname.split('/').slice(0, 3).join('/')}`).toBe(
      'https://phantom.app/ul/browse',
    );
    const target = new URL(decodeURIComponent(link.pathname.slice('/ul/browse/'.length)));
    expect(target.href).toBe(
      'https://app.test/shop?item=7&gatehouse_connector=phantom&gatehouse_wallet_client=phantom',
    );
    expect(link.searchParams.get('ref')).toBe('https://app.test');
  });

  it('resumed in Phantom (gatehouse_connector): the parameters leave the address and the wallet signs in', async () => {
    const t = await phantomSetup(
      IPHONE,
      'https://app.test/shop?item=7&gatehouse_connector=phantom&gatehouse_wallet_client=phantom',
    );
    const phantom = new FakeExtensionWallet();
    phantom.announceOn(t.page, PHANTOM_INFO);
    const replaced = await recordingAddress(() => t.wallets.resumeFromUrl());
    expect(replaced).toEqual(['https://app.test/shop?item=7']);
    expect(phantom.calls).toEqual(['eth_requestAccounts', 'eth_chainId', 'personal_sign']);
    expect(t.gatehouse.ctx.stores.$authenticated.get()).toBe(true);
    const [auth] = t.provider.callsTo(SIWE_API_PATHS.authenticate);
    expect(auth?.body).toMatchObject({ walletClientType: 'phantom', connectorType: 'injected' });
  });

  it('a Phantom connector on a desktop browser leads to LOGIN_FAILED_SCREEN', async () => {
    const t = await phantomSetup(
      DESKTOP,
      'https://app.test/?gatehouse_connector=phantom&gatehouse_wallet_client=phantom',
    );
    expect(await recordingAddress(() => t.wallets.resumeFromUrl())).toEqual(['https://app.test/']);
    expect(t.gatehouse.ctx.modal.$modal.get()).toMatchObject({ open: true, screen: 'LOGIN_FAILED_SCREEN' });
    expect(t.gatehouse.ctx.stores.$authenticated.get()).toBe(false);
  });
});
