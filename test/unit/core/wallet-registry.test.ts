import { describe, expect, it } from 'vitest';
import {
  mobilePlatform,
  monogramOf,
  opensInNewTab,
  registryWallet,
  registryWalletByClientType,
  walletConnectDeepLink,
} from '../../../src/core/wallet/external/deep-links.js';
import { WALLET_LIST_VALUES } from '../../../src/protocol/constants.js';
import { WALLET_CLIENT_TYPES_BY_RDNS } from '../../../src/protocol/external-wallet.js';
import { type RegistryWallet, WALLET_REGISTRY } from '../../../src/protocol/wallet-registry.js';

const URI =
  'wc:7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9@2?relay-protocol=irn&symKey=587d5484ce2a2a6ee3ba1962fdd7e8588e06200c46823bd18fbd67def96ad303&expiryTimestamp=1735689600';
const ENCODED =
  'wc%3A7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9%402%3Frelay-protocol%3Dirn%26symKey%3D587d5484ce2a2a6ee3ba1962fdd7e8588e06200c46823bd18fbd67def96ad303%26expiryTimestamp%3D1735689600';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const IPAD_DESKTOP_MODE =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';
const DESKTOP_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

/** A native link: a scheme, '://', and optionally the wallet's own path, with no query or fragment. */
const NATIVE_LINK = /^[a-z][a-z0-9+.-]*:\/\/[^?#\s]*$/i;

function wallet(mobile: RegistryWallet['mobile']): RegistryWallet {
  return { id: 'test', name: 'Test Wallet', mobile, color: '#123456' };
}

function get(id: string): RegistryWallet {
  const found = registryWallet(id);
  if (!found) throw new Error(`no wallet ${id}`);
  return found;
}

describe('wallet registry', () => {
  it('holds at least 45 wallets with unique ids and names', () => {
    expect(WALLET_REGISTRY.length).toBeGreaterThanOrEqual(45);
    const ids = WALLET_REGISTRY.map((entry) => entry.id);
    const names = WALLET_REGISTRY.map((entry) => entry.name.toLowerCase());
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(names).size).toBe(names.length);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+$/);
  });

  it('gives every wallet a brand colour, a short monogram if any, and an rdns in reverse-DNS form', () => {
    for (const entry of WALLET_REGISTRY) {
      expect(entry.color, entry.id).toMatch(/^#[0-9a-f]{6}$/);
      if (entry.monogram !== undefined) expect(entry.monogram, entry.id).toMatch(/^[\p{L}\p{N}]{1,2}$/u);
      if (entry.rdns !== undefined) expect(entry.rdns, entry.id).toMatch(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/);
    }
  });

  it('gives every wallet at least one link: native schemes the builder normalises, https universal links without a query', () => {
    for (const { id, mobile } of WALLET_REGISTRY) {
      expect(mobile.native ?? mobile.universal, id).toBeTruthy();
      if (mobile.native !== undefined) {
        expect(mobile.native, id).toMatch(NATIVE_LINK);
        expect(mobile.native.startsWith('http'), id).toBe(false);
      }
      if (mobile.universal !== undefined) {
        const url = new URL(mobile.universal);
        expect(url.protocol, id).toBe('https:');
        expect(url.search, id).toBe('');
        expect(url.hash, id).toBe('');
      }
    }
  });

  it('builds a well-formed link for every wallet on both platforms, the URI encoded once', () => {
    for (const entry of WALLET_REGISTRY) {
      for (const platform of ['ios', 'android'] as const) {
        const link = walletConnectDeepLink(entry, URI, platform);
        expect(link, entry.id).toMatch(/[^/]\/wc\?uri=|:\/\/wc\?uri=/);
        expect(link.endsWith(`wc?uri=${ENCODED}`), entry.id).toBe(true);
        expect(link.split('?').length, entry.id).toBe(2);
        expect(link, entry.id).not.toContain('%25');
      }
    }
  });

  it("has an entry for each of the spec's wallet list values, matching the rdns table of the extensions", () => {
    const required = [
      'metamask',
      'coinbase_wallet',
      'rainbow',
      'okx_wallet',
      'zerion',
      'cryptocom',
      'uniswap',
      'phantom',
    ];
    for (const type of required) {
      expect(WALLET_LIST_VALUES).toContain(type);
      expect(registryWalletByClientType(type)?.walletClientType, type).toBe(type);
    }
    const types = WALLET_REGISTRY.flatMap((entry) =>
      entry.walletClientType ? [entry.walletClientType] : [],
    );
    expect(new Set(types).size).toBe(types.length);
    for (const entry of WALLET_REGISTRY) {
      if (entry.walletClientType !== undefined) {
        expect(WALLET_LIST_VALUES as readonly string[], entry.id).toContain(entry.walletClientType);
      }
      const known = entry.rdns ? WALLET_CLIENT_TYPES_BY_RDNS[entry.rdns] : undefined;
      if (known) expect(entry.walletClientType, entry.id).toBe(known);
    }
  });

  it('finds wallets by id', () => {
    expect(registryWallet('rainbow')?.name).toBe('Rainbow');
    expect(registryWallet('nope')).toBeUndefined();
    expect(registryWalletByClientType('unknown')).toBeUndefined();
  });
});

describe('walletConnectDeepLink (WalletConnect v2 mobile linking)', () => {
  it('prefers the universal link on iOS and the native scheme on Android', () => {
    const metamask = get('metamask');
    expect(walletConnectDeepLink(metamask, URI, 'ios')).toBe(
      'https://metamask.app.link/wc?uri=wc%3A7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9%402%3Frelay-protocol%3Dirn%26symKey%3D587d5484ce2a2a6ee3ba1962fdd7e8588e06200c46823bd18fbd67def96ad303%26expiryTimestamp%3D1735689600',
    );
    expect(walletConnectDeepLink(metamask, URI, 'android')).toBe(
      'metamask://wc?uri=wc%3A7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9%402%3Frelay-protocol%3Dirn%26symKey%3D587d5484ce2a2a6ee3ba1962fdd7e8588e06200c46823bd18fbd67def96ad303%26expiryTimestamp%3D1735689600',
    );
  });

  it('uses the native scheme on both platforms for a wallet with only that', () => {
    const ledger = get('ledger');
    const expected = `ledgerlive://wc?uri=${ENCODED}`;
    expect(walletConnectDeepLink(ledger, URI, 'ios')).toBe(expected);
    expect(walletConnectDeepLink(ledger, URI, 'android')).toBe(expected);
  });

  it('uses the universal link on both platforms for a wallet with only that', () => {
    const onlyUniversal = wallet({ universal: 'https://link.example-wallet.io' });
    const expected = `https://link.example-wallet.io/wc?uri=${ENCODED}`;
    expect(walletConnectDeepLink(onlyUniversal, URI, 'ios')).toBe(expected);
    expect(walletConnectDeepLink(onlyUniversal, URI, 'android')).toBe(expected);
  });

  it('encodes the URI exactly once', () => {
    const link = walletConnectDeepLink(get('rainbow'), URI, 'ios');
    expect(link).toBe(`https://rnbwapp.com/wc?uri=${ENCODED}`);
    expect(link).not.toContain('%25');
    expect(decodeURIComponent(link.slice(link.indexOf('uri=') + 4))).toBe(URI);
    expect(new URL(link).searchParams.get('uri')).toBe(URI);
  });

  it("normalises trailing slashes of universal links and 'scheme:' / 'scheme://' of native ones", () => {
    expect(walletConnectDeepLink(get('safe'), URI, 'ios')).toBe(`https://app.safe.global/wc?uri=${ENCODED}`);
    expect(walletConnectDeepLink(wallet({ universal: 'https://x.example/app//' }), URI, 'ios')).toBe(
      `https://x.example/app/wc?uri=${ENCODED}`,
    );
    for (const native of ['metamask://', 'metamask:', 'metamask']) {
      expect(walletConnectDeepLink(wallet({ native }), URI, 'android')).toBe(`metamask://wc?uri=${ENCODED}`);
    }
  });

  it("keeps a wallet's own path in front of 'wc'", () => {
    expect(walletConnectDeepLink(get('okx'), URI, 'ios')).toBe(`okex://main/wc?uri=${ENCODED}`);
    expect(walletConnectDeepLink(get('binance'), URI, 'android')).toBe(
      `bnc://app.binance.com/cedefi/wc?uri=${ENCODED}`,
    );
    expect(walletConnectDeepLink(get('argent'), URI, 'android')).toBe(`argent://app/wc?uri=${ENCODED}`);
  });

  it('refuses a wallet without links', () => {
    expect(() => walletConnectDeepLink(wallet({}), URI, 'ios')).toThrow(/no mobile link/);
  });
});

describe('mobilePlatform', () => {
  it('recognises iPhone, iPad in desktop mode (a touch Mac), Android and desktop', () => {
    expect(mobilePlatform(IPHONE)).toBe('ios');
    expect(mobilePlatform(IPAD_DESKTOP_MODE, 5)).toBe('ios');
    expect(mobilePlatform(IPAD_DESKTOP_MODE, 0)).toBeNull();
    expect(mobilePlatform(IPAD_DESKTOP_MODE)).toBeNull();
    expect(mobilePlatform(ANDROID)).toBe('android');
    expect(mobilePlatform(DESKTOP_CHROME)).toBeNull();
    expect(mobilePlatform('')).toBeNull();
  });

  it("reads the browser's navigator when given no user agent", () => {
    expect(mobilePlatform()).toBe(mobilePlatform(navigator.userAgent, navigator.maxTouchPoints ?? 0));
  });
});

describe('opensInNewTab', () => {
  it('opens http(s) links in a new tab and navigates to native schemes in place', () => {
    expect(opensInNewTab(walletConnectDeepLink(get('metamask'), URI, 'ios'))).toBe(true);
    expect(opensInNewTab('http://example.com/wc?uri=x')).toBe(true);
    expect(opensInNewTab(walletConnectDeepLink(get('metamask'), URI, 'android'))).toBe(false);
    expect(opensInNewTab('okex://main/wc?uri=x')).toBe(false);
  });
});

describe('monogramOf', () => {
  it("takes up to two initials of the name, leaving out 'Wallet', unless the wallet gives its own", () => {
    expect(monogramOf(get('trust')).letters).toBe('T');
    expect(monogramOf(get('mew')).letters).toBe('M');
    expect(monogramOf(get('unstoppabledomains')).letters).toBe('UD');
    expect(monogramOf(get('ledger')).letters).toBe('LL');
    expect(monogramOf(get('keyring')).letters).toBe('KP');
    expect(monogramOf(get('dcent')).letters).toBe('D');
    expect(monogramOf(get('atwallet')).letters).toBe('AT');
    expect(monogramOf(get('imtoken')).letters).toBe('iT');
    expect(monogramOf({ ...wallet({ native: 'x://' }), name: 'Wallet' }).letters).toBe('W');
  });

  it('writes in black on light backgrounds and in white on dark ones', () => {
    expect(monogramOf(get('safe'))).toEqual({ letters: 'S', background: '#12ff80', foreground: '#000000' });
    expect(monogramOf(get('robinhood')).foreground).toBe('#000000');
    expect(monogramOf({ ...wallet({ native: 'x://' }), color: '#ffffff' }).foreground).toBe('#000000');
    expect(monogramOf(get('okx'))).toEqual({ letters: 'O', background: '#000000', foreground: '#ffffff' });
    expect(monogramOf(get('coinbase')).foreground).toBe('#ffffff');
    expect(monogramOf(get('rainbow')).foreground).toBe('#ffffff');
  });
});
