/**
 * External wallets (browser extensions found by EIP-6963 or `window.ethereum`): the constants of
 * §3, §4.4, §4.5 and §9, the screens they drive, and the shape of `LoginWidget.$wallets`.
 * Only the lazily loaded wallet code and its screens read this module.
 */

/** EIP-6963 events: wallets answer the request with one announcement each. */
export const EIP6963_ANNOUNCE_EVENT = 'eip6963:announceProvider';
export const EIP6963_REQUEST_EVENT = 'eip6963:requestProvider';

/** §9: the wallet request timeout by default (a host may set its own per wallet type). */
export const WALLET_REQUEST_TIMEOUT_MS = 120_000;
/** §9: how long a wallet that is asked for may take to announce itself. */
export const WALLET_DISCOVERY_WAIT_MS = 3000;
/** §4.4: MetaMask needs a moment before it answers a connection. */
export const METAMASK_CONNECT_DELAY_MS = 2500;
export const METAMASK_RDNS = 'io.metamask';
/** §4.4, §9: a failed connection or signature can be tried again this many times. */
export const CONNECT_RETRY_LIMIT = 2;
/** §2.3: the wallet list shows this many wallets, plus an overflow entry when there are more than WALLET_LIST_OVERFLOW_ABOVE. */
export const WALLET_LIST_SHOWN = 3;
export const WALLET_LIST_OVERFLOW_ABOVE = 4;

/** The connectorType of a browser extension (EIP-6963 or the legacy `window.ethereum`). */
export const INJECTED_CONNECTOR = 'injected';
/** The connectorType of a wallet paired by WalletConnect v2 (QR or deep link). */
export const WALLET_CONNECT_CONNECTOR = 'wallet_connect';
/** The connectorType of Coinbase Wallet through its SDK (extension, app or smart wallet). */
export const COINBASE_WALLET_CONNECTOR = 'coinbase_wallet';
/** The `gatehouse_connector` value the Phantom interstitial sends the page back with (§2.1). */
export const PHANTOM_CONNECTOR = 'phantom';

/** WalletConnect's public relay; a self-hosted relay replaces it with `walletConnectRelayUrl`. */
export const WALLET_CONNECT_DEFAULT_RELAY_URL = 'wss://relay.walletconnect.org';
/** The EIP-1193 methods and events a WalletConnect session asks the wallet for. */
export const WALLET_CONNECT_METHODS = [
  'personal_sign',
  'eth_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'eth_signTransaction',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
] as const;
export const WALLET_CONNECT_EVENTS = ['chainChanged', 'accountsChanged'] as const;
/** §2.2, §9: the pairing QR code, in CSS pixels. */
export const WALLET_QR_SIZE_PX = 160;

export const COINBASE_RDNS = 'com.coinbase.wallet';
export const PHANTOM_RDNS = 'app.phantom';
/** The walletList values (and walletClientTypes) of the two wallets with connectors of their own. */
export const COINBASE_WALLET_CLIENT_TYPE = 'coinbase_wallet';
export const PHANTOM_WALLET_CLIENT_TYPE = 'phantom';
/** Phantom's universal link that opens a page in its in-app browser (mobile, §4.4). */
export const PHANTOM_BROWSE_URL = 'https://phantom.app/ul/browse/';
/** Where INSTALL_PHANTOM_SCREEN sends a desktop user without Phantom. */
export const PHANTOM_DOWNLOAD_URL = 'https://phantom.app/download';

/** walletClientType of the extensions whose EIP-6963 rdns is known (§3 wallet list values); others are 'unknown'. */
export const WALLET_CLIENT_TYPES_BY_RDNS: Readonly<Record<string, string>> = {
  [METAMASK_RDNS]: 'metamask',
  [COINBASE_RDNS]: COINBASE_WALLET_CLIENT_TYPE,
  'me.rainbow': 'rainbow',
  'com.okex.wallet': 'okx_wallet',
  'io.zerion.wallet': 'zerion',
  'com.brave.wallet': 'brave_wallet',
  [PHANTOM_RDNS]: PHANTOM_WALLET_CLIENT_TYPE,
  'com.crypto.wallet': 'cryptocom',
  'org.uniswap.app': 'uniswap',
};
export const UNKNOWN_WALLET_CLIENT_TYPE = 'unknown';

/** EIP-6963 provider info. */
export interface WalletProviderInfo {
  uuid: string;
  name: string;
  /** A data URI. */
  icon: string;
  rdns: string;
}

/** §3 stored wallet connection history. */
export interface WalletConnectionRecord {
  address: string;
  connectorType: string;
  walletClientType: string;
  connectedAt: number;
}

/** The EIP-1193 provider of an external wallet, as `getEthereumProvider()` gives it. */
export interface ExternalEthereumProvider {
  request(args: { method: string; params?: readonly unknown[] | object }): Promise<unknown>;
  on?(event: string, listener: (...args: unknown[]) => void): unknown;
  removeListener?(event: string, listener: (...args: unknown[]) => void): unknown;
}

/** A connected wallet of `LoginWidget.$wallets` (§3, §6). */
export interface ConnectedWallet {
  address: string;
  /** The wallet's current chain, a number. */
  chainId: number;
  connectedAt: number;
  walletClientType: string;
  connectorType: string;
  branding: { name: string; icon: string; id: string };
  /** The wallet's own EIP-1193 provider. */
  getEthereumProvider(): Promise<ExternalEthereumProvider>;
  /** Asks the wallet to change chains (adding the chain when it answers 4902). */
  switchChain(chainId: number): Promise<void>;
  /** Signs in with this wallet (SIWE): a login when nobody is logged in, else a link. */
  loginOrLink(): Promise<void>;
  /** Forgets the wallet: it leaves `$wallets` and the connection history. */
  disconnect(): void;
}

/** Statuses of a wallet sign-in (§4.4). */
export type WalletConnectStatus =
  | 'disconnected'
  | 'connecting'
  | 'switching_to_supported_chain'
  | 'connected';
