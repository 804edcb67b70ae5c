/**
 * The embedded wallet as the host page sees it (§3, §4.2, §4.5, §4.6, §9): host-side options,
 * the results of the LoginWidget wallet methods, the `wallet:created` event's detail, and the
 * client's timings and storage. Types and constants only.
 */
import type { AppConfigWire, CreateOnLogin } from './api.js';
import type { RecoveryMethod } from './wallet-api.js';

/** §4.2, §6: when a login creates an embedded wallet. */
export const CREATE_ON_LOGIN_VALUES = [
  'off',
  'all-users',
  'users-without-wallets',
] as const satisfies readonly CreateOnLogin[];
export type CreateOnLoginSetting = CreateOnLogin;

/**
 * How a new wallet's recovery share is kept: `default`, silent (`gatehouse`) recovery or the
 * password when the app requires one; `passkey`, sealed under the user's passkey where it gives a
 * PRF output (else the default, and the user is told).
 */
export const WALLET_RECOVERY_SETTINGS = [
  'default',
  'passkey',
] as const satisfies readonly AppConfigWire['embedded_wallet_config']['recovery'][];
export type WalletRecoverySetting = (typeof WALLET_RECOVERY_SETTINGS)[number];

/** §9 embedded wallet price display: which amount comes first on the review screen. */
export const PRICE_DISPLAY_VALUES = ['fiat-currency', 'native-token'] as const;
export type PriceDisplay = (typeof PRICE_DISPLAY_VALUES)[number];

/** §9: dollars first and the native amount under them, unless the host says otherwise. */
export const DEFAULT_PRICE_DISPLAY = {
  primary: 'fiat-currency',
  secondary: 'native-token',
} as const satisfies {
  primary: PriceDisplay;
  secondary: PriceDisplay;
};

/** Host-side `embeddedWallets` (§3), over the app's `embedded_wallet_config`. */
export interface EmbeddedWalletsConfig {
  createOnLogin?: CreateOnLoginSetting;
  requireUserPasswordOnCreate?: boolean;
  /** A new wallet's recovery: 'passkey' seals it under the user's passkey where it can (api.ts). */
  recovery?: WalletRecoverySetting;
  /** Sign and send without the review screens (§6). */
  noPromptOnSignature?: boolean;
  /** Default: primary 'fiat-currency', secondary 'native-token' (§9). */
  priceDisplay?: { primary: PriceDisplay; secondary: PriceDisplay };
  /**
   * Whether the page's dapps find the wallet (EIP-6963 announcement) while the user has it;
   * default true.
   */
  announce?: boolean;
  /** The name it is announced under; default the app's name + ' wallet'. */
  announceName?: string;
}

/** `LoginWidget.createWallet()` and the `wallet:created` event's detail. */
export interface EmbeddedWallet {
  /** EIP-55. */
  address: string;
  chainType: 'ethereum';
  walletClientType: 'gatehouse';
  recoveryMethod: RecoveryMethod;
}

/** `LoginWidget.sendTransaction()`: the receipt (§3 receipt fields), or only the hash without confirmation wait. */
export interface SendTransactionResult {
  transactionHash: string;
  from: string;
  to: string | null;
  /**
   * Null when `waitForTransactionConfirmation` is false, or when the wait for the receipt ran out:
   * the transaction was sent; EVENTS.transactionConfirmed reports it once mined.
   */
  blockNumber: number | null;
  status: 'success' | 'reverted' | null;
  /** Decimal strings (wei / gas units); null without a receipt. */
  gasUsed: string | null;
  effectiveGasPrice: string | null;
}

/** EMBEDDED_WALLET_CREATED_SCREEN closes by itself after this long for a new user (§4.6, §9). */
export const WALLET_CREATED_AUTO_CLOSE_MS = 2500;
/** EMBEDDED_WALLET_SIGN_REQUEST_SCREEN shows 'Success' this long, then closes (§4.6). */
export const SIGN_SUCCESS_CLOSE_MS = 1400;
/** The generic public explorer the review screen links to when a chain names none (§2.3). */
export const GENERIC_BLOCK_EXPLORER_URL = 'https://blockscan.com';
