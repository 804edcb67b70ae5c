/**
 * The wallet frame's Farcaster messages (§7): init-signer, submit-cast, remove-cast,
 * react-to-cast (like type 1, recast type 2), submit-link and remove-link. They travel in the
 * envelope of wallet-frame.ts (`{source: 'gatehouse', id, type, data}`, one reply per request
 * with `data` or `error: {type, message}`), with exact origins.
 *
 * The frame keeps the user's Ed25519 signer key beside the wallet's device share (its
 * IndexedDB, keyed by app and embedded-wallet address); the private key never leaves the frame.
 * Each action builds and signs a Farcaster message and submits it through the provider, which
 * forwards it to a hub only when it is signed by the user's approved signer for the user's fid.
 */
import type { FarcasterReactionType, FarcasterSignerResponse } from './farcaster.js';

export const FARCASTER_FRAME_REQUESTS = {
  initSigner: 'farcaster:init-signer',
  submitCast: 'farcaster:submit-cast',
  removeCast: 'farcaster:remove-cast',
  reactToCast: 'farcaster:react-to-cast',
  submitLink: 'farcaster:submit-link',
  removeLink: 'farcaster:remove-link',
} as const;
export type FarcasterFrameRequestType =
  (typeof FARCASTER_FRAME_REQUESTS)[keyof typeof FARCASTER_FRAME_REQUESTS];
export const FARCASTER_FRAME_REQUEST_TYPES: readonly FarcasterFrameRequestType[] =
  Object.values(FARCASTER_FRAME_REQUESTS);

/** A cast, by its author's fid and its hash (0x + 40 hex digits). */
export interface FarcasterCastId {
  fid: number;
  hash: string;
}

/** §7 submitCast: at most 4 embeds (URLs or casts), 10 mentions at byte positions of `text`. */
export interface FarcasterCastInput {
  text: string;
  embeds?: Array<{ url: string } | { castId: FarcasterCastId }>;
  mentions?: number[];
  mentionsPositions?: number[];
  /** A reply to this cast (not with `parentUrl`). */
  parentCastId?: FarcasterCastId;
  /** A cast in this channel URL (not with `parentCastId`). */
  parentUrl?: string;
}

/** Every action names the user (access token, fid) and the embedded wallet whose frame keeps the key. */
interface FarcasterActionBase {
  accessToken: string;
  /** The embedded wallet's address: the signer key is kept beside its device share. */
  address: string;
  /** The user's fid (`user.farcaster.fid`); the provider refuses any other. */
  fid: number;
}

/** Request payloads, host → frame. */
export interface FarcasterFrameRequestData {
  /** Makes the signer key (or reuses the one on this device) and asks the provider for its approval. */
  'farcaster:init-signer': { accessToken: string; address: string };
  'farcaster:submit-cast': FarcasterActionBase & { cast: FarcasterCastInput };
  /** `hash`: the cast to remove, one of the user's. */
  'farcaster:remove-cast': FarcasterActionBase & { hash: string };
  'farcaster:react-to-cast': FarcasterActionBase & {
    reactionType: FarcasterReactionType;
    target: FarcasterCastId;
  };
  /** Follow. */
  'farcaster:submit-link': FarcasterActionBase & { targetFid: number };
  /** Unfollow. */
  'farcaster:remove-link': FarcasterActionBase & { targetFid: number };
}

/** Reply payloads, frame → host: the signer, or the hash of the message the hub accepted. */
export interface FarcasterFrameReplyData {
  'farcaster:init-signer': FarcasterSignerResponse;
  'farcaster:submit-cast': { hash: string };
  'farcaster:remove-cast': { hash: string };
  'farcaster:react-to-cast': { hash: string };
  'farcaster:submit-link': { hash: string };
  'farcaster:remove-link': { hash: string };
}
