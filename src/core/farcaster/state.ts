/** What the Farcaster screens render, per client (AWAITING_FARCASTER_CONNECTION, AWAITING_FARCASTER_SIGNER). */
import { atom, type WritableAtom } from 'nanostores';
import type { Context } from '../context.js';
import { mobilePlatform } from '../wallet/external/deep-links.js';
import type { FarcasterFlowError } from './errors.js';

export interface FarcasterUi {
  /** The relay's `connect_uri` (QR code, copy link, 'Open Farcaster'). */
  connectUri: string | null;
  /** The signer's approval link (QR code or button). */
  approvalUrl: string | null;
  status: 'waiting' | 'connected' | 'failed';
  /** The §8 failure shown, with Try again when retryable. */
  error: FarcasterFlowError | null;
}

const INITIAL: FarcasterUi = { connectUri: null, approvalUrl: null, status: 'waiting', error: null };
const states = new WeakMap<Context, WritableAtom<FarcasterUi>>();

export function farcasterUi(ctx: Context): WritableAtom<FarcasterUi> {
  let $ui = states.get(ctx);
  if (!$ui) {
    $ui = atom(INITIAL);
    states.set(ctx, $ui);
  }
  return $ui;
}

export const setFarcasterUi = (ctx: Context, patch: Partial<FarcasterUi>) =>
  farcasterUi(ctx).set({ ...farcasterUi(ctx).get(), ...patch });

export const resetFarcasterUi = (ctx: Context) => farcasterUi(ctx).set(INITIAL);

/** A phone or tablet: 'Open Farcaster' instead of a QR code (§2.2). */
export const onPhone = (): boolean => mobilePlatform() !== null;
