/**
 * What PASSKEY_SCREEN renders, per client: which passkey flow it frames (its title), and the
 * failure shown with 'Try again' (or, for a wallet's recovery, the outcome). The surface itself is
 * the wallet's (core/wallet/embedded/surface.ts).
 */
import { atom, type WritableAtom } from 'nanostores';
import { SCREENS } from '../../protocol/screens.js';
import type { Context } from '../context.js';
import type { Question } from '../modal/question.js';

export type PasskeyPurpose = 'login' | 'link' | 'set-recovery';

export interface PasskeyUi {
  purpose: PasskeyPurpose;
  /** A catalogue text: what went wrong. */
  error: string | null;
  /** Whether 'Try again' answers the flow (PASSKEY_RETRY). */
  retry: boolean;
  /** The success text once the flow is done (the modal closes after it). */
  done: string | null;
}

const INITIAL: PasskeyUi = { purpose: 'login', error: null, retry: false, done: null };
const states = new WeakMap<Context, WritableAtom<PasskeyUi>>();

export function passkeyUi(ctx: Context): WritableAtom<PasskeyUi> {
  let $ui = states.get(ctx);
  if (!$ui) {
    $ui = atom(INITIAL);
    states.set(ctx, $ui);
  }
  return $ui;
}

export const setPasskeyUi = (ctx: Context, patch: Partial<PasskeyUi>): void =>
  passkeyUi(ctx).set({ ...passkeyUi(ctx).get(), ...patch });

/** A flow starts afresh on PASSKEY_SCREEN for `purpose`. */
export const resetPasskeyUi = (ctx: Context, purpose: PasskeyPurpose): void =>
  passkeyUi(ctx).set({ ...INITIAL, purpose });

/** PASSKEY_SCREEN's 'Try again' after a failure. */
export const PASSKEY_RETRY: Question = { screen: SCREENS.passkey };

/** The screen's 'Try again': the flow that waits on it runs the ceremony again. */
export async function retryPasskey(ctx: Context): Promise<void> {
  await ctx.modal.answer(PASSKEY_RETRY);
}
