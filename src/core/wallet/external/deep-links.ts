/**
 * Opening a mobile wallet with a WalletConnect v2 pairing URI (mobile linking): the link of a
 * registry wallet for the phone's platform, the platform itself, how the link is opened, and the
 * monogram shown in place of a wallet's logo.
 */
import { type RegistryWallet, WALLET_REGISTRY } from '../../../protocol/wallet-registry.js';

export type MobilePlatformName = 'ios' | 'android';

export interface WalletMonogram {
  letters: string;
  background: string;
  foreground: string;
}

const SCHEME = /^([a-z][a-z0-9+.-]*):(.*)$/i;
const HTTP_LINK = /^https?:\/\//i;

/** 'https://rnbwapp.com' and 'https://rnbwapp.com/' both give 'https://rnbwapp.com/'. */
function universalBase(universal: string): string {
  return `${universal.replace(/\/+$/, '')}/`;
}

/**
 * 'metamask://', 'metamask:' and 'metamask' all give 'metamask://'; a wallet's own path is kept and
 * ends in a slash: 'okex://main' gives 'okex://main/'.
 */
function nativeBase(native: string): string {
  const match = SCHEME.exec(native);
  const scheme = match?.[1] ?? native.replace(/[:/]+/g, '');
  const rest = (match?.[2] ?? '').replace(/^\/+/, '').replace(/\/+$/, '');
  return rest ? `${scheme}://${rest}/` : `${scheme}://`;
}

/**
 * The link that opens `wallet` with the pairing `uri` (WalletConnect v2 mobile linking): universal
 * links first on iOS (they open the app directly), the native scheme first on Android (intent
 * resolution works on schemes); whichever the wallet has otherwise. The URI is encoded once.
 */
export function walletConnectDeepLink(
  wallet: RegistryWallet,
  uri: string,
  platform: MobilePlatformName,
): string {
  const { native, universal } = wallet.mobile;
  const query = `wc?uri=${encodeURIComponent(uri)}`;
  const viaUniversal = universal ? `${universalBase(universal)}${query}` : undefined;
  const viaNative = native ? `${nativeBase(native)}${query}` : undefined;
  const link = platform === 'ios' ? (viaUniversal ?? viaNative) : (viaNative ?? viaUniversal);
  if (!link) throw new Error(`Wallet ${wallet.id} has no mobile link`);
  return link;
}

/**
 * The phone platform of a user agent, or null on a desktop. iPadOS asks for desktop sites with a Mac
 * user agent: a 'Macintosh' with more than one touch point is an iPad.
 */
export function mobilePlatform(userAgent?: string, maxTouchPoints?: number): MobilePlatformName | null {
  const nav = globalThis.navigator as Navigator | undefined;
  const ua = userAgent ?? nav?.userAgent ?? '';
  const touchPoints = maxTouchPoints ?? (userAgent === undefined ? (nav?.maxTouchPoints ?? 0) : 0);
  if (/iPhone|iPad|iPod/.test(ua)) return 'ios';
  if (/Android/i.test(ua)) return 'android';
  if (/Macintosh/.test(ua) && touchPoints > 1) return 'ios';
  return null;
}

/**
 * http(s) links open in a new tab (an `<a target="_blank" rel="noopener">`, so iOS Safari does not
 * block them); native schemes are navigated to in place.
 */
export function opensInNewTab(link: string): boolean {
  return HTTP_LINK.test(link);
}

/** WCAG relative luminance of '#rrggbb' (0 when the colour cannot be read). */
function relativeLuminance(color: string): number {
  const hex = /^#([0-9a-f]{6})$/i.exec(color)?.[1];
  if (!hex) return 0;
  const [r, g, b] = [0, 2, 4].map((at) => {
    const channel = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Up to two initials of the name's words, leaving out the word 'Wallet'. */
function initials(name: string): string {
  const words = name.split(/\s+/).filter((word) => word !== '');
  const meaningful = words.filter((word) => word.toLowerCase() !== 'wallet');
  return (meaningful.length > 0 ? meaningful : words)
    .slice(0, 2)
    .map((word) => /[\p{L}\p{N}]/u.exec(word)?.[0] ?? '')
    .join('')
    .toUpperCase();
}

/** The letters and colours of a wallet's monogram; the text is black or white, whichever contrasts more. */
export function monogramOf(wallet: RegistryWallet): WalletMonogram {
  const luminance = relativeLuminance(wallet.color);
  const againstBlack = (luminance + 0.05) / 0.05;
  const againstWhite = 1.05 / (luminance + 0.05);
  return {
    letters: wallet.monogram ?? initials(wallet.name),
    background: wallet.color,
    foreground: againstBlack >= againstWhite ? '#000000' : '#ffffff',
  };
}

/** The registry wallet of an id. */
export function registryWallet(id: string): RegistryWallet | undefined {
  return WALLET_REGISTRY.find((wallet) => wallet.id === id);
}

/** The registry wallet of a walletClientType (§3 wallet list values). */
export function registryWalletByClientType(walletClientType: string): RegistryWallet | undefined {
  return WALLET_REGISTRY.find((wallet) => wallet.walletClientType === walletClientType);
}
