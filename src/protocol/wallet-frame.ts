/**
 * The wallet frame contract (§7 wallet proxy, §8 wallet error types, §9 timings): the hidden frame
 * served from the provider origin at `/apps/{appId}/embedded-wallets` and the host-side proxy client
 * speak these messages over `postMessage`, with exact origins on both sides (never `'*'`).
 *
 * Flow: the host adds the frame with `?caid=<client analytics id>&origin=<host origin>`; once it listens,
 * the frame posts {@link WalletFrameReady} to that origin. The host then posts {@link WalletFrameRequest}s
 * (`id` unique per request) and gets one {@link WalletFrameReply} per request, same `id` and `type`,
 * carrying `data` or `error`.
 */
import { PROVIDER_UNREACHABLE_CODE } from './error-messages.js';
import { MFA_FRAME_REQUESTS, type MfaFrameReplyData, type MfaFrameRequestData } from './mfa-frame.js';
import {
  PASSKEY_FRAME_REQUESTS,
  type PasskeyCreateData,
  type PasskeyFallback,
  type PasskeyFrameReplyData,
  type PasskeyFrameRequestData,
} from './passkey.js';
import type { PromptMessage } from './surface.js';
import type { RecoveryMethod } from './wallet-api.js';
import {
  DEVICE_FRAME_REQUESTS,
  type DeviceFrameReplyData,
  type DeviceFrameRequestData,
} from './wallet-device-frame.js';

/** Recovery methods (`RECOVERY_METHODS`) live in wallet-api.ts; the type is re-exported for the proxy client. */
export type { RecoveryMethod } from './wallet-api.js';

/** `source` of every message in either direction. */
export const WALLET_FRAME_SOURCE = 'gatehouse';

/** The first message of the frame, posted once it listens. */
export const WALLET_FRAME_READY = 'gatehouse:iframe:ready';

/** Path of the hidden wallet frame on the provider origin. */
export const walletFramePath = (appId: string): string =>
  `/apps/${encodeURIComponent(appId)}/embedded-wallets`;

/** Query parameters of the frame and of the surface (§2.3, §7, surface.ts). */
export const WALLET_FRAME_QUERY = {
  clientAnalyticsId: 'caid',
  /** The host page's origin, `encodeURIComponent`-ed; the frame accepts it only if it is one of the app's origins. */
  origin: 'origin',
} as const;

/** Request types, host → frame (§7); the `mfa:*` ones are described in mfa-frame.ts. */
export const WALLET_FRAME_REQUESTS = {
  create: 'wallet:create',
  connect: 'wallet:connect',
  recover: 'wallet:recover',
  rpc: 'wallet:rpc',
  setRecoveryPassword: 'wallet:set-recovery-password',
  exportKey: 'wallet:export',
  stepUp: 'wallet:step-up',
  /** Answered at once, ahead of the request it names (which waits on the user). */
  cancel: 'wallet:cancel',
  ...MFA_FRAME_REQUESTS,
  ...DEVICE_FRAME_REQUESTS,
  ...PASSKEY_FRAME_REQUESTS,
} as const;
export type WalletFrameRequestType = (typeof WALLET_FRAME_REQUESTS)[keyof typeof WALLET_FRAME_REQUESTS];
// Pure: the widget's wallet chunk, which shares this module and never reads the list, drops it.
export const WALLET_FRAME_REQUEST_TYPES: readonly WalletFrameRequestType[] =
  /* @__PURE__ */ Object.values(WALLET_FRAME_REQUESTS);

/** The signing methods the frame answers; everything else (chain reads, broadcast) is the core's. */
export const WALLET_RPC_METHODS = [
  'personal_sign',
  'eth_sign',
  'eth_signTypedData_v4',
  'eth_signTransaction',
] as const;
export type WalletRpcMethod = (typeof WALLET_RPC_METHODS)[number];

/** A quantity as JSON-RPC writes it (`0x`-hex string) or a safe integer / decimal string. */
export type WalletQuantity = string | number;

/** `eth_signTransaction`'s transaction object (JSON-RPC field names). The core fills every field it needs. */
export interface WalletTransactionRequest {
  from?: string;
  to?: string | null;
  value?: WalletQuantity;
  data?: string;
  nonce?: WalletQuantity;
  /** Gas limit; `gasLimit` is accepted too. */
  gas?: WalletQuantity;
  gasLimit?: WalletQuantity;
  gasPrice?: WalletQuantity;
  maxFeePerGas?: WalletQuantity;
  maxPriorityFeePerGas?: WalletQuantity;
  chainId?: WalletQuantity;
  /** 0 (legacy, BSC) or 2 (EIP-1559, the default), as a number or hex string. */
  type?: WalletQuantity;
}

/**
 * `params` per method, as EIP-1193 writes them:
 * - personal_sign: [message (0x-hex bytes or UTF-8 text), address]
 * - eth_sign: [address, message (0x-hex bytes or UTF-8 text)]
 * - eth_signTypedData_v4: [address, typed data (JSON string or object with domain, types, primaryType, message)]
 * - eth_signTransaction: [transaction]
 */
export interface WalletRpcParams {
  personal_sign: [message: string, address: string];
  eth_sign: [address: string, message: string];
  eth_signTypedData_v4: [address: string, typedData: string | Record<string, unknown>];
  eth_signTransaction: [transaction: WalletTransactionRequest];
}

export type WalletRpcRequest = {
  [M in WalletRpcMethod]: { method: M; params: WalletRpcParams[M] };
}[WalletRpcMethod];

/**
 * Request payloads, host → frame. The access token lets the frame fetch the auth share (and store
 * shares). None carries a secret: a password or a code is typed in the surface (surface.ts), and
 * a request that needs one answers only once the user gave it there. The provider's MFA gate and
 * step-ups are met the same way, inside the request.
 */
export interface WalletFrameRequestData
  extends MfaFrameRequestData,
    DeviceFrameRequestData,
    PasskeyFrameRequestData {
  /**
   * 'user-passcode': the password is set in the surface first. Without it the wallet has silent
   * (`gatehouse`) recovery — unless the user has nothing to confirm a new device with, when the
   * surface asks for a password all the same. `automatic`: the widget started it (no Cancel).
   * 'passkey' and `fallback`: passkey.ts PasskeyCreateData.
   */
  'wallet:create': PasskeyCreateData & { accessToken: string; automatic?: boolean };
  /** Needs the device share of this address in the frame; else error `wallet_not_on_device` (recover). */
  'wallet:connect': { accessToken: string; address: string };
  /** A new device: a step-up, and the password of a 'user-passcode' wallet, in the surface. */
  'wallet:recover': { accessToken: string; address: string };
  /**
   * Signed once the user approved the request's review in the surface. `silent`: without one,
   * refused when the app enforces its wallet UIs. `intent`: a transaction the host will send.
   */
  'wallet:rpc': {
    accessToken: string;
    address: string;
    request: WalletRpcRequest;
    silent?: boolean;
    intent?: 'send' | 'sign';
  };
  /** Re-splits the key under a password set in the surface; old recovery shares stop working. */
  'wallet:set-recovery-password': { accessToken: string; address: string };
  /** The private key, shown in the surface after a click there; answered when the host closes it. */
  'wallet:export': { accessToken: string; address: string };
  /** A change's ticket (step-up.ts), approved in the surface; `address`: the wallet, for its own approval. */
  'wallet:step-up': { accessToken: string; ticket: string; address?: string };
  /** The host gave up the request of this id (its screen closed). */
  'wallet:cancel': { request: string };
}

/** Reply payloads, frame → host. Addresses are EIP-55 checksummed. */
export interface WalletFrameReplyData extends MfaFrameReplyData, DeviceFrameReplyData, PasskeyFrameReplyData {
  /** `passkeyFallback`: passkey.ts PasskeyFallback. */
  'wallet:create': { address: string; recoveryMethod: RecoveryMethod; passkeyFallback?: PasskeyFallback };
  'wallet:connect': { address: string };
  'wallet:recover': { address: string };
  /** `data`: the 0x-hex signature, or for eth_signTransaction the raw signed transaction. */
  'wallet:rpc': { response: { method: WalletRpcMethod; data: string } };
  'wallet:set-recovery-password': { address: string; recoveryMethod: 'user-passcode' };
  'wallet:export': { closed: true };
  'wallet:step-up': { approved: true };
  'wallet:cancel': { cancelled: boolean };
}

/** Wallet error types (§8) carried in `error.type`. */
const WALLET_ERROR_TYPES = [
  'error',
  'invalid_request_arguments',
  'wallet_not_on_device',
  'invalid_recovery_pin',
  'insufficient_funds',
  'missing_or_invalid_mfa',
  'mfa_verification_max_attempts_reached',
  'mfa_timeout',
  'twilio_verification_failed',
  /** The user cancelled in the surface, or the host did (`wallet:cancel`): EIP-1193's 4001. */
  'user_rejected',
  /** A `quiet` request (a background one) would have had to ask the user: ask again from a user action. */
  'user_action_required',
  PROVIDER_UNREACHABLE_CODE,
] as const;
export type WalletErrorType = (typeof WALLET_ERROR_TYPES)[number];

export interface WalletFrameError {
  type: WalletErrorType;
  /** A developer-facing description; the client shows its own catalogue text for the type (§8). */
  message: string;
}

/**
 * Developer-facing messages the frame puts in `error.message`, keyed by situation. The host maps the
 * `type` to a screen text (e.g. `invalid_recovery_pin` → 'Invalid recovery password, please try again.').
 */
export const WALLET_FRAME_ERRORS = {
  invalidArguments: { type: 'invalid_request_arguments', message: 'Invalid request arguments.' },
  unsupportedMethod: { type: 'invalid_request_arguments', message: 'Unsupported wallet RPC method.' },
  walletNotOnDevice: {
    type: 'wallet_not_on_device',
    message: 'The wallet is not on this device; recover it.',
  },
  invalidRecoveryPin: { type: 'invalid_recovery_pin', message: 'The recovery password is not correct.' },
  userRejected: { type: 'user_rejected', message: 'The user rejected the request.' },
  userActionRequired: {
    type: 'user_action_required',
    message: 'This request needs the user: ask again from a user action.',
  },
  uisEnforced: {
    type: 'invalid_request_arguments',
    message: 'This app enforces its wallet UIs: every signature is approved by the user in the wallet.',
  },
  addressMismatch: {
    type: 'error',
    message: 'The reconstructed key does not match the wallet address.',
  },
  addressNotSigner: {
    type: 'invalid_request_arguments',
    message: 'The address is not the wallet being used.',
  },
  unknown: { type: 'error', message: 'Embedded wallet error' },
} as const satisfies Record<string, WalletFrameError>;

export interface WalletFrameReady {
  source: typeof WALLET_FRAME_SOURCE;
  type: typeof WALLET_FRAME_READY;
}

/** `quiet`: the host will show no surface for it (a background connection): it fails rather than ask. */
export type WalletFrameRequest<T extends WalletFrameRequestType = WalletFrameRequestType> = {
  [K in T]: {
    source: typeof WALLET_FRAME_SOURCE;
    id: string;
    type: K;
    data: WalletFrameRequestData[K];
    quiet?: boolean;
  };
}[T];

export type WalletFrameReply<T extends WalletFrameRequestType = WalletFrameRequestType> = {
  [K in T]: {
    source: typeof WALLET_FRAME_SOURCE;
    id: string;
    type: K;
    data?: WalletFrameReplyData[K];
    error?: WalletFrameError;
  };
}[T];

/** Any message the frame posts to the host. */
export type WalletFrameOutgoing = WalletFrameReady | WalletFrameReply | PromptMessage;

/** Timings (§9). */
/** Wait for `gatehouse:iframe:ready` (wallet proxy connect). */
export const WALLET_PROXY_CONNECT_TIMEOUT_MS = 30_000;
/** The same wait when the wallet is created from the API (`LoginWidget.createWallet()`). */
export const WALLET_PROXY_CONNECT_TIMEOUT_FROM_API_MS = 15_000;
/** `wallet:create` reply timeout. */
export const WALLET_CREATE_TIMEOUT_MS = 10_000;
/** Default timeout of the other wallet requests (§9), the same as an external wallet's. */
export { WALLET_REQUEST_TIMEOUT_MS } from './external-wallet.js';
/** Navigation to the key export view waits at least this long. */
export const KEY_EXPORT_MIN_WAIT_MS = 1000;

/** Key derivation (DESIGN.md, embedded wallet security model). */
export const WALLET_ENTROPY_BYTES = 16;
export const WALLET_DERIVATION_PATH = "m/44'/60'/0'/0/0";
export const WALLET_SHARES = 3;
export const WALLET_SHARE_THRESHOLD = 2;

/** Argon2id parameters of a new password box (memory in KiB); a stored box carries its own. */
export const RECOVERY_ARGON2 = { t: 2, m: 19_456, p: 1, saltBytes: 16, dkLen: 32 } as const;

/**
 * The server writes the frame's configuration into the served HTML as
 * `<meta name="gatehouse-frame-config" content="<JSON of WalletFrameConfig>">` (data, not script,
 * so `script-src 'self'` holds): the frame learns its app and the app's exact origins from it.
 */
export const WALLET_FRAME_CONFIG_META = 'gatehouse-frame-config';

export interface WalletFrameConfig {
  appId: string;
  /** The app's allowed origins; the frame's `origin` query parameter must be one of them. */
  allowedOrigins: string[];
  /** The app's name (the surface names the recovery file after it, §4.6). */
  appName?: string;
  /**
   * The app's `enforce_wallet_uis`: the frame signs only after the user's approval in the surface,
   * whatever the host asks (false: a host may ask it to sign silently).
   */
  enforceWalletUis?: boolean;
}
