/**
 * Wire contract of the provider's embedded-wallet endpoints (the frame is their only caller) and
 * of the token price lookup (§7). Shares never travel in clear: the frame seals them to the
 * server's transport key, and the server seals released shares to a one-time reply key the frame
 * sends (sealed-box.ts). Every wallet endpoint takes the access token (Authorization: Bearer) and
 * the gatehouse-app-id header, and refuses a browser request from any origin but the provider's
 * own (403 invalid_origin): host pages cannot call them. Share requests, creation and reshares
 * also carry the frame's device proof, and creation and reshares a proof of address
 * (wallet-device.ts).
 */
import type { UserWire } from './api.js';
import type { PasskeyBox } from './passkey.js';
import type { Sealed } from './sealed-box.js';

export type { Sealed } from './sealed-box.js';

export const WALLET_API_PATHS = {
  /** GET → TransportKeyResponse. */
  transportKey: '/api/v1/embedded_wallets/transport_key',
  /** POST CreateEmbeddedWalletBody → EmbeddedWalletUserResponse. */
  create: '/api/v1/embedded_wallets',
  /** POST ReleaseShareBody → AuthShareResponse. */
  authShare: (address: string) => `/api/v1/embedded_wallets/${encodeURIComponent(address)}/auth_share`,
  /** POST ReleaseShareBody → RecoveryResponse. */
  recovery: (address: string) => `/api/v1/embedded_wallets/${encodeURIComponent(address)}/recovery`,
  /** POST ReshareBody → EmbeddedWalletUserResponse. */
  reshare: (address: string) => `/api/v1/embedded_wallets/${encodeURIComponent(address)}/reshare`,
  /** GET ?chainId&tokenSymbol → TokenPriceResponse (§7; no bearer). */
  tokenPrice: '/api/v1/token_price',
} as const;

/**
 * How the recovery share is protected (§3): by the server (`gatehouse`, silent), by the user's
 * password, or by the user's passkey (its PRF output; passkey.ts PasskeyBox).
 */
export const RECOVERY_METHODS = ['gatehouse', 'user-passcode', 'passkey'] as const;
export type RecoveryMethod = (typeof RECOVERY_METHODS)[number];

/** `walletClientType` (and `walletClient`) of the embedded wallet's linked account (§3). */
export const EMBEDDED_WALLET_CLIENT_TYPE = 'gatehouse';
/** `connectorType` of the embedded wallet's linked account. */
export const EMBEDDED_WALLET_CONNECTOR_TYPE = 'embedded';
/** Linked-account `type` of any wallet (§3); the embedded one has walletClientType 'gatehouse'. */
export const WALLET_ACCOUNT_TYPE = 'wallet';

/**
 * The recovery share under Argon2id of the user's password (`user-passcode`), made in the frame;
 * the server stores and returns it as given. Binary fields base64url.
 */
export interface PasswordBox {
  kdf: 'argon2id';
  salt: string;
  /** Argon2id iterations. */
  t: number;
  /** Argon2id memory in KiB. */
  m: number;
  /** Argon2id parallelism. */
  p: number;
  /** AES-256-GCM IV. */
  iv: string;
  /** AES-256-GCM ciphertext with its tag. */
  ct: string;
}

/** `GET transport_key`: the server's P-256 key the frame seals shares to. */
export interface TransportKeyResponse {
  /** RFC 7638 thumbprint of `publicKey`. */
  kid: string;
  publicKey: JsonWebKey;
}

/**
 * `POST embedded_wallets`. `authShare` is sealed to the transport key; `recovery` is sealed to the
 * transport key for `gatehouse`, a PasswordBox for `user-passcode`, a PasskeyBox for `passkey`. `address`: 0x + 40 hex digits,
 * any case (stored checksummed).
 */
export interface CreateEmbeddedWalletBody {
  address: string;
  recoveryMethod: RecoveryMethod;
  authShare: Sealed;
  recovery: Sealed | PasswordBox | PasskeyBox;
  /** EIP-191 signature by the wallet's key of addressProofMessage (wallet-device.ts), action 'create'. */
  addressSignature: string;
}

/** Answer of `create` and `reshare`: the user with the `wallet` linked account. */
export interface EmbeddedWalletUserResponse {
  user: UserWire;
}

/** `POST …/auth_share` and `…/recovery`: the one-time P-256 public key to seal the answer to. */
export interface ReleaseShareBody {
  replyKey: JsonWebKey;
}

export interface AuthShareResponse {
  /** The auth share, sealed to `replyKey`. */
  authShare: Sealed;
}

export interface RecoveryResponse {
  recoveryMethod: RecoveryMethod;
  /** Sealed to `replyKey` for `gatehouse`; the stored PasswordBox for `user-passcode`. */
  recovery: Sealed | PasswordBox | PasskeyBox;
}

/**
 * `POST …/reshare`: new auth and recovery shares replacing the old ones together (after a
 * password is set, the old recovery share no longer works).
 */
export interface ReshareBody {
  recoveryMethod: RecoveryMethod;
  authShare: Sealed;
  recovery: Sealed | PasswordBox | PasskeyBox;
  /** EIP-191 signature by the wallet's key of addressProofMessage (wallet-device.ts), action 'reshare'. */
  addressSignature: string;
}

/** The embedded wallet as a linked account on the wire (server field names, like `verified_at`). */
export interface EmbeddedWalletAccountWire {
  type: typeof WALLET_ACCOUNT_TYPE;
  /** EIP-55 checksummed. */
  address: string;
  chain_type: 'ethereum';
  /** Null: the embedded wallet has no chain of its own; the client remembers one per address. */
  chain_id: string | null;
  wallet_client: typeof EMBEDDED_WALLET_CLIENT_TYPE;
  wallet_client_type: typeof EMBEDDED_WALLET_CLIENT_TYPE;
  connector_type: typeof EMBEDDED_WALLET_CONNECTOR_TYPE;
  recovery_method: RecoveryMethod;
  verified_at: number;
  first_verified_at: number | null;
  latest_verified_at: number | null;
}

/** Query of `GET token_price` (§7): the chain id (decimal) and the native token's symbol. */
export interface TokenPriceQuery {
  chainId: string;
  tokenSymbol: string;
}

/** Answer of `GET token_price`: the price of one token in US dollars. */
export interface TokenPriceResponse {
  usd: number;
}
