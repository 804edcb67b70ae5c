/**
 * Wire contract of Farcaster (§3, §4.4, §7, §9): Sign In With Farcaster through the auth relay
 * (init → status → authenticate or link), the `farcaster` linked account, and the signer a user
 * approves in their Farcaster app. Bodies use the field names of §7 (snake case).
 *
 * Host-callable (the app's origins, like `siwe/*`): init, status, authenticate, link, unlink and
 * signer/status. Frame-only (the provider's own origin, like the embedded-wallet endpoints):
 * signer/init and submit_message, because they carry the signer key the frame keeps.
 */
import type { UserWire } from './api.js';
import {
  FARCASTER_ACCOUNT_TYPE,
  type FarcasterAccount,
  type FarcasterShortcut,
} from './farcaster-account.js';

export { FARCASTER_ACCOUNT_TYPE, type FarcasterAccount, type FarcasterShortcut };

export const FARCASTER_API_PATHS = {
  /** POST FarcasterInitBody → FarcasterInitResponse. */
  init: '/api/v1/farcaster/init',
  /** GET, channel token in FARCASTER_CHANNEL_TOKEN_HEADER → FarcasterStatusResponse. */
  status: '/api/v1/farcaster/status',
  /** POST FarcasterAuthenticateBody → AuthResult (api.ts). */
  authenticate: '/api/v1/farcaster/authenticate',
  /** POST FarcasterAuthenticateBody (bearer) → UserWire. */
  link: '/api/v1/farcaster/link',
  /** POST FarcasterUnlinkBody (bearer) → UserWire. */
  unlink: '/api/v1/farcaster/unlink',
  /** POST FarcasterSignerBody (bearer, frame only) → FarcasterSignerResponse. */
  signerInit: '/api/v1/farcaster/signer/init',
  /** POST FarcasterSignerBody (bearer) → FarcasterSignerResponse. */
  signerStatus: '/api/v1/farcaster/signer/status',
  /** POST FarcasterSubmitBody (bearer, frame only) → FarcasterSubmitResponse. */
  submitMessage: '/api/v1/farcaster/submit_message',
} as const;

/** The header carrying the relay channel token on `farcaster/status`. */
export const FARCASTER_CHANNEL_TOKEN_HEADER = 'gatehouse-farcaster-channel-token';

/** §4.4, §9: the connect poll (status every 2 s, given up after 120 s). */
export const FARCASTER_CONNECT_POLL_INTERVAL_MS = 2000;
export const FARCASTER_CONNECT_TIMEOUT_MS = 120_000;
/** §4.4, §9: the signer poll (status every 2 s, given up after 300 s). */
export const FARCASTER_SIGNER_POLL_INTERVAL_MS = 2000;
export const FARCASTER_SIGNER_TIMEOUT_MS = 300_000;
/** §2.2, §9: the connect QR code's error correction level (high); its size is the wallet QR's 160 px. */
export const FARCASTER_QR_ERROR_CORRECTION = 'H';

/** §5: Farcaster actions need an embedded wallet, a Farcaster account and a signer (also API error messages). */
export const FARCASTER_EMBEDDED_WALLET_REQUIRED_MESSAGE =
  'Farcaster actions need an embedded wallet: create one first.';
export const FARCASTER_ACCOUNT_REQUIRED_MESSAGE =
  'Farcaster actions need a linked Farcaster account: link one first.';
export const FARCASTER_SIGNER_REQUIRED_MESSAGE =
  'Farcaster actions need an approved Farcaster signer: request one first.';

/**
 * What a Farcaster action lacks, as the host's code and the API read it (English); the flows'
 * own §8 texts are the catalogue's (core/text/farcaster.ts).
 */
export const FARCASTER_TEXTS = {
  embeddedWalletRequired: FARCASTER_EMBEDDED_WALLET_REQUIRED_MESSAGE,
  accountRequired: FARCASTER_ACCOUNT_REQUIRED_MESSAGE,
  signerRequired: FARCASTER_SIGNER_REQUIRED_MESSAGE,
} as const;

/** A channel's state at the relay. */
const FARCASTER_CHANNEL_STATES = ['pending', 'completed'] as const;
export type FarcasterChannelState = (typeof FARCASTER_CHANNEL_STATES)[number];

/** §3 Farcaster signer status. */
const FARCASTER_SIGNER_STATUSES = ['pending_approval', 'approved', 'revoked'] as const;
export type FarcasterSignerStatus = (typeof FARCASTER_SIGNER_STATUSES)[number];

/** `farcaster/init`: `token` is the captcha answer when the app enables captcha. */
export interface FarcasterInitBody {
  token?: string;
}

/** Answer of `farcaster/init`: what the QR code (or the phone's button) opens, and the channel to poll. */
export interface FarcasterInitResponse {
  connect_uri: string;
  channel_token: string;
}

/** Answer of `farcaster/status`: the relay channel; the signed message once `completed`. */
export interface FarcasterStatusResponse {
  state: FarcasterChannelState;
  message: string | null;
  signature: string | null;
  fid: number | null;
  username: string | null;
  display_name: string | null;
  bio: string | null;
  pfp_url: string | null;
}

/** A completed channel as the client and the provider hold it: the signed message and the profile. */
export interface FarcasterCompletedChannel {
  message: string;
  signature: string;
  fid: number;
  username: string | null;
  displayName: string | null;
  bio: string | null;
  pfpUrl: string | null;
}

/** `farcaster/authenticate` (answers an AuthResult) and `farcaster/link` (bearer; answers the user). */
export interface FarcasterAuthenticateBody {
  channel_token: string;
  /** The Sign In With Farcaster (EIP-4361) message exactly as signed by the custody address. */
  message: string;
  /** 0x-hex signature of `message` (EIP-191), or what the custody contract accepts (ERC-1271). */
  signature: string;
  fid: number;
}

/** `farcaster/unlink` (bearer): answers the updated user. */
export interface FarcasterUnlinkBody {
  fid: number;
}

/** `farcaster/signer/init` and `farcaster/signer/status`: 0x + 64 hex digits of an Ed25519 public key. */
export interface FarcasterSignerBody {
  ed25519_public_key: string;
}

/** §3 Farcaster signer: the key, its status, and the link that asks the user to approve it. */
export interface FarcasterSignerResponse {
  public_key: string;
  status: FarcasterSignerStatus;
  signer_approval_url: string | null;
}

/** `farcaster/submit_message`: one signed Farcaster `Message`, protobuf bytes in base64. */
export interface FarcasterSubmitBody {
  message: string;
}

/** Answer of `farcaster/submit_message`: the message hash the hub accepted (0x + 40 hex digits). */
export interface FarcasterSubmitResponse {
  hash: string;
}

/** Wire fields of the `farcaster` linked account (§3), beside `type` and the verification times. */
export interface FarcasterAccountFields {
  fid: number;
  /** The fid's custody address (EIP-55) when it signed in. */
  owner_address: string;
  display_name: string | null;
  username: string | null;
  bio: string | null;
  pfp: string | null;
  /** The profile page, when the account has a username. */
  url: string | null;
  /** The Ed25519 key (0x-hex) the user approved for this app, once approved. */
  signer_public_key: string | null;
}

export type FarcasterUserResponse = UserWire;

/** The profile page of a username on the Farcaster client. */
export const farcasterProfileUrl = (username: string): string =>
  `https://farcaster.xyz/${encodeURIComponent(username)}`;

// ---- the protocol (Farcaster's own constants) ----

/** Sign In With Farcaster (FIP-11): the statement, the chain (OP Mainnet) and the fid resource. */
export const SIWF_STATEMENT = 'Farcaster Auth';
export const SIWF_CHAIN_ID = 10;
export const siwfFidResource = (fid: number): string => `farcaster://fid/${fid}`;

/** The Farcaster ID registry on OP Mainnet: `custodyOf(uint256)` and `idOf(address)`. */
export const FARCASTER_ID_REGISTRY_ADDRESS = '0x00000000Fc6c5F01Fc30151999387Bb99A9f489b';

/** EIP-712 of a signed key request (the app's fid vouches for the key it asks the user to add). */
export const SIGNED_KEY_REQUEST_EIP712 = {
  domain: {
    name: 'Farcaster SignedKeyRequestValidator',
    version: '1',
    chainId: 10,
    verifyingContract: '0x00000000FC700472606ED4fA22623Acf62c60553',
  },
  types: {
    SignedKeyRequest: [
      { name: 'requestFid', type: 'uint256' },
      { name: 'key', type: 'bytes' },
      { name: 'deadline', type: 'uint256' },
    ],
  },
} as const;

/** Farcaster timestamps are seconds since 2021-01-01T00:00:00Z. */
export const FARCASTER_EPOCH_MS = 1_609_459_200_000;
/** How far a message timestamp may be from the hub's clock. */
export const FARCASTER_CLOCK_SKEW_MS = 10 * 60_000;

/** Protobuf enums of Farcaster messages (message.proto). */
export const FARCASTER_MESSAGE_TYPES = {
  castAdd: 1,
  castRemove: 2,
  reactionAdd: 3,
  reactionRemove: 4,
  linkAdd: 5,
  linkRemove: 6,
} as const;
export const FARCASTER_REACTION_TYPES = { like: 1, recast: 2 } as const;
export type FarcasterReactionType = (typeof FARCASTER_REACTION_TYPES)[keyof typeof FARCASTER_REACTION_TYPES];
export const FARCASTER_NETWORK_MAINNET = 1;
export const FARCASTER_HASH_SCHEME_BLAKE3 = 1;
export const FARCASTER_SIGNATURE_SCHEME_ED25519 = 1;
/** Message hashes are the first 20 bytes of BLAKE3 of the message data. */
export const FARCASTER_HASH_BYTES = 20;
/** The link type of a follow. */
export const FARCASTER_FOLLOW_LINK = 'follow';
/** Cast limits of the hubs: text bytes of a plain cast, embeds, mentions. */
export const FARCASTER_CAST_LIMITS = { textBytes: 320, embeds: 4, mentions: 10 } as const;
