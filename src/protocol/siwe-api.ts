/**
 * Wire contract of Sign-In With Ethereum (§4.4, §5, §7 `siwe/*`): the widget asks for a nonce for
 * the connected address, has the wallet sign an EIP-4361 message carrying it, then logs in or
 * links with the message and its signature. Bodies use the field names of §7.
 */
import type { UserWire } from './api.js';

export const SIWE_API_PATHS = {
  /** POST SiweInitBody → SiweInitResponse. */
  init: '/api/v1/siwe/init',
  /** POST SiweAuthenticateBody → AuthResult (api.ts). */
  authenticate: '/api/v1/siwe/authenticate',
  /** POST SiweAuthenticateBody (bearer) → UserWire. */
  link: '/api/v1/siwe/link',
  /** POST SiweUnlinkBody (bearer) → UserWire. */
  unlink: '/api/v1/siwe/unlink',
} as const;

/** How long a nonce may be used after `init` (and the oldest `Issued At` accepted). */
export const SIWE_NONCE_TTL_MS = 10 * 60_000;
/** Length of the nonces the server issues (EIP-4361 asks for at least 8 alphanumerics). */
export const SIWE_NONCE_LENGTH = 17;
/** Clock difference tolerated between the wallet's `Issued At` / `Not Before` and the server. */
export const SIWE_CLOCK_SKEW_MS = 60_000;
/** EIP-4361 message `Version`. */
export const SIWE_VERSION = '1';

/**
 * §5: the statement of the message a wallet signs to log in (ownership, no transaction, no fees).
 * English in every language of the widget: EIP-4361 allows only ASCII there, and the provider
 * refuses a message with anything else.
 */
export const SIWE_STATEMENT =
  'By signing, you are proving you own this wallet and logging in. This does not initiate a transaction or cost any fees.';
/** `chainType` of every Ethereum wallet account (§3). */
export const ETHEREUM_CHAIN_TYPE = 'ethereum';

/** `siwe/init`: the address the wallet will sign with; `token` the captcha answer when the app enables captcha. */
export interface SiweInitBody {
  /** 0x + 40 hex digits, any case. */
  address: string;
  token?: string;
}

/** Answer of `siwe/init`: the nonce to put in the message, for this address only, single use. */
export interface SiweInitResponse {
  nonce: string;
  /** The address as EIP-55 checksum. */
  address: string;
  /** ISO 8601 time after which the nonce is refused. */
  expires_at: string;
}

/**
 * `siwe/authenticate` (answers an AuthResult) and `siwe/link` (bearer; answers the updated user).
 * `walletClientType` and `connectorType` describe the wallet (§3) and are kept on the account.
 */
export interface SiweAuthenticateBody {
  /** The EIP-4361 message exactly as signed. */
  message: string;
  /** 0x-hex signature of `message` (EIP-191 personal_sign). */
  signature: string;
  /** The chain the wallet is on; must equal the message's `Chain ID`. */
  chainId: number;
  walletClientType: string;
  connectorType: string;
}

export type SiweLinkBody = SiweAuthenticateBody;

/** `siwe/unlink` (bearer): answers the updated user. */
export interface SiweUnlinkBody {
  address: string;
}

export type SiweUserResponse = UserWire;

/**
 * Wire fields of an external wallet's linked account (type 'wallet'): the same names as the
 * embedded wallet's (wallet-api.ts); `chain_id` is CAIP-2 (`eip155:<id>`) of the chain signed on.
 */
export interface ExternalWalletAccountFields {
  address: string;
  chain_type: typeof ETHEREUM_CHAIN_TYPE;
  chain_id: string;
  wallet_client: 'unknown';
  wallet_client_type: string;
  connector_type: string;
}

/** CAIP-2 id of an EVM chain, as stored in `chain_id`. */
export const eip155ChainId = (chainId: number): string => `eip155:${chainId}`;
