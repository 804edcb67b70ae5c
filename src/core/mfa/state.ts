/**
 * Two-step verification in the client (§4.8): what MFA_ENROLLMENT_FLOW_SCREEN renders, per client.
 * The frame calls the provider's `mfa/*` endpoints, shows the authenticator's secret and takes
 * every code in the provider-origin surface, and keeps the proof; this side never sees any of it.
 */
import { atom, type WritableAtom } from 'nanostores';
import type { MfaMethod } from '../../protocol/mfa.js';
import type { Context } from '../context.js';

/**
 * The sub-steps of MFA_ENROLLMENT_FLOW_SCREEN (§2.2, §4.8): intro (none enrolled yet), the choice
 * of a method, the SMS phone number (no secret: typed here), the surface (the QR code and the
 * codes, a verification), success, and the confirmation of a removal.
 */
export type MfaStep = 'intro' | 'choose' | 'sms-phone' | 'surface' | 'success' | 'remove-confirm';

export interface MfaUi {
  step: MfaStep;
  /** The method the step is about (the one being enrolled or removed). */
  method: MfaMethod | null;
  /** What the last success did: enrolled or removed `method`. */
  done: 'enrolled' | 'removed' | null;
  busy: boolean;
  /** The §8 text of the last failure, shown on the step. */
  error: string | null;
}

export const INITIAL_MFA_UI: MfaUi = { step: 'choose', method: null, done: null, busy: false, error: null };

interface MfaState {
  readonly $ui: WritableAtom<MfaUi>;
}

const states = new WeakMap<Context, MfaState>();

export function mfaState(ctx: Context): MfaState {
  let state = states.get(ctx);
  if (!state) {
    state = { $ui: atom(INITIAL_MFA_UI) };
    states.set(ctx, state);
  }
  return state;
}

export function setMfaUi(ctx: Context, patch: Partial<MfaUi>): void {
  const { $ui } = mfaState(ctx);
  $ui.set({ ...$ui.get(), ...patch });
}

/** The logged-in user's enrolled methods. */
export const enrolledMethods = (ctx: Context): MfaMethod[] => ctx.stores.$user.get()?.mfaMethods ?? [];
