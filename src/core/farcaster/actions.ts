/**
 * Farcaster actions (§1, §5, §7): a cast, its removal, a like or recast, a follow or unfollow. The
 * frame builds and signs each message with the approved signer key it keeps and submits it through
 * the provider to a hub; each resolves with the message hash. They need an embedded wallet, a
 * Farcaster account and a signer.
 */
import {
  FARCASTER_FRAME_REQUESTS,
  type FarcasterCastId,
  type FarcasterCastInput,
  type FarcasterFrameRequestData,
} from '../../protocol/farcaster-frame.js';
import type { Context } from '../context.js';
import { requireToken } from '../session/require-token.js';
import { connect } from '../wallet/embedded/connect.js';
import { farcasterRequest } from './frame.js';
import { requireFarcaster } from './signer.js';

type Action = Exclude<keyof FarcasterFrameRequestData, 'farcaster:init-signer'>;
type Extra<T extends Action> = Omit<FarcasterFrameRequestData[T], 'accessToken' | 'address' | 'fid'>;

async function act<T extends Action>(ctx: Context, type: T, extra: Extra<T>): Promise<string> {
  const accessToken = await requireToken(ctx.session);
  requireFarcaster(ctx, true);
  const fid = ctx.stores.$user.get()?.farcaster?.fid ?? 0;
  const address = await connect(ctx, { interactive: true });
  const data = { ...extra, accessToken, address, fid } as FarcasterFrameRequestData[T];
  return (await farcasterRequest(ctx, type, data)).hash;
}

const castId = (value: unknown): FarcasterCastId => value as FarcasterCastId;

/** `LoginWidget.farcaster.*`. */
export const FARCASTER_ACTIONS = {
  submitCast: (ctx: Context, cast: unknown) =>
    act(ctx, FARCASTER_FRAME_REQUESTS.submitCast, { cast: cast as FarcasterCastInput }),
  removeCast: (ctx: Context, hash: unknown) =>
    act(ctx, FARCASTER_FRAME_REQUESTS.removeCast, { hash: String(hash ?? '') }),
  likeCast: (ctx: Context, target: unknown) =>
    act(ctx, FARCASTER_FRAME_REQUESTS.reactToCast, { reactionType: 1, target: castId(target) }),
  recastCast: (ctx: Context, target: unknown) =>
    act(ctx, FARCASTER_FRAME_REQUESTS.reactToCast, { reactionType: 2, target: castId(target) }),
  followUser: (ctx: Context, fid: unknown) =>
    act(ctx, FARCASTER_FRAME_REQUESTS.submitLink, { targetFid: Number(fid) }),
  unfollowUser: (ctx: Context, fid: unknown) =>
    act(ctx, FARCASTER_FRAME_REQUESTS.removeLink, { targetFid: Number(fid) }),
};
