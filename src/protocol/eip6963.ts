/**
 * The embedded wallet as the page's dapps find it (EIP-6963): the name, icon and rdns it announces
 * itself with. The event names are in external-wallet.ts, beside the discovery that listens.
 */

/** Beside the app's name: 'Acme wallet'. Not translated: a dapp lists and finds the wallet by it. */
export const ANNOUNCED_WALLET_SUFFIX = ' wallet';

/** A square, neutral wallet glyph (EIP-6963 asks for a data URI; 96 px and up shows it sharp). */
const WALLET_GLYPH =
  '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 32 32">' +
  '<rect width="32" height="32" rx="7" fill="#eef0f3"/>' +
  '<g fill="none" stroke="#4a5260" stroke-width="2" stroke-linejoin="round">' +
  '<path d="M8 11V10a2 2 0 0 1 2-2h10a2 2 0 0 1 2 2v1"/>' +
  '<rect x="7" y="11" width="18" height="13" rx="3"/>' +
  '<path d="M25 15.5h-4a2 2 0 0 0 0 4h4"/></g></svg>';
export const ANNOUNCED_WALLET_ICON = `data:image/svg+xml,${encodeURIComponent(WALLET_GLYPH)}`;

/**
 * The announced rdns: the labels of the provider's host (the API URL's), reversed, so that the
 * provider behind api.gatehouse.example announces example.gatehouse.api. A port is not part of it.
 */
export const announcedWalletRdns = (apiUrl: string): string =>
  new URL(apiUrl).hostname.split('.').reverse().join('.');
