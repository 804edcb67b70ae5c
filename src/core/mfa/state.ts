/**
 * Two-step verification in the client (§4.8): what MFA_ENROLLMENT_FLOW_SCREEN renders, per client.
 * The frame calls the provider's `mfa/*` endpoints and keeps the proof; this side only knows until
 * when the frame's proof lasts (to ask again before it runs out), never the proof itself.
 */
import { atom, type WritableAtom } from 'nanostores';
import type { MfaMethod } from '../../protocol/mfa.js';
import type { Context } from '../context.js';
import type { GatehouseError } from '../errors/gatehouse-error.js';

/**
 * The sub-steps of MFA_ENROLLMENT_FLOW_SCREEN (§2.2, §4.8): intro (none enrolled yet), the choice
 * of a method, 'Verify your identity', the SMS phone then code, the authenticator's QR then code,
 * success, and the confirmation of a removal.
 */
export type MfaStep =
  | 'intro'
  | 'choose'
  | 'verify'
  | 'sms-phone'
  | 'sms-code'
  | 'totp-qr'
  | 'totp-code'
  | 'success'
  | 'remove-confirm';

export interface MfaUi {
  step: MfaStep;
  /** The method the step is about (the one being verified, enrolled or removed). */
  method: MfaMethod | null;
  /** 'verify' asks for a wallet action (the prompt), or inside the enrolment flow. */
  purpose: 'action' | 'enrollment';
  /** What the last success did: enrolled or removed `method`. */
  done: 'enrolled' | 'removed' | null;
  phoneNumber: string | null;
  /** The authenticator's `otpauth://totp/` URI (for the QR code) and its secret. */
  authUrl: string | null;
  secret: string | null;
  /** An SMS code is on its way (verify or enrol by SMS). */
  codeSent: boolean;
  busy: boolean;
  /** The §8 text of the last failure, shown on the step. */
  error: string | null;
}

export const INITIAL_MFA_UI: MfaUi = {
  step: 'choose',
  method: null,
  purpose: 'enrollment',
  done: null,
  phoneNumber: null,
  authUrl: null,
  secret: null,
  codeSent: false,
  busy: false,
  error: null,
};

interface MfaState {
  readonly $ui: WritableAtom<MfaUi>;
  /** When the frame's proof runs out (epoch ms); 0 when it holds none. */
  proofExpiresAt: number;
  /** Why the last code was refused (what `submitMfa` rejects with). */
  lastError: GatehouseError | null;
}

const states = new WeakMap<Context, MfaState>();

export function mfaState(ctx: Context): MfaState {
  let state = states.get(ctx);
  if (!state) {
    const made: MfaState = { $ui: atom(INITIAL_MFA_UI), proofExpiresAt: 0, lastError: null };
    ctx.stores.$authenticated.listen((authenticated) => {
      if (!authenticated) made.proofExpiresAt = 0;
    });
    state = made;
    states.set(ctx, made);
  }
  return state;
}

export function setMfaUi(ctx: Context, patch: Partial<MfaUi>): void {
  const { $ui } = mfaState(ctx);
  $ui.set({ ...$ui.get(), ...patch });
}

/** The logged-in user's enrolled methods. */
export const enrolledMethods = (ctx: Context): MfaMethod[] => ctx.stores.$user.get()?.mfaMethods ?? [];
