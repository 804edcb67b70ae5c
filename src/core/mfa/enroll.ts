/**
 * MFA_ENROLLMENT_FLOW_SCREEN (§2.2, §2.3, §4.8): intro when none is enrolled, the choice of a
 * method, 'Verify your identity' first when one is enrolled already, then the SMS phone and code
 * or the authenticator's QR code, its secret and a code, then success. A removal asks for
 * confirmation (and a verification). An init error goes to ERROR_SCREEN.
 */
import { EVENTS } from '../../protocol/events.js';
import type { MfaMethod } from '../../protocol/mfa.js';
import { SCREENS } from '../../protocol/screens.js';
import type { Context } from '../context.js';
import { emit } from '../events.js';
import { showFailure } from '../login/failure.js';
import { isCancelled, type Task } from '../modal/task.js';
import { mfaErrorText, mfaRequest } from './frame.js';
import { enrolledMethods, INITIAL_MFA_UI, mfaState, setMfaUi } from './state.js';
import { verifyOn, withMfa } from './verify.js';

/** What the enrolment screen answers. */
export type EnrollAnswer =
  | { kind: 'continue' }
  | { kind: 'back' }
  | { kind: 'choose'; method: MfaMethod }
  | { kind: 'remove'; method: MfaMethod }
  | { kind: 'confirm-remove' }
  | { kind: 'phone'; phoneNumber: string }
  | { kind: 'code'; code: string };

/** A call that may need a verification first: asked on this screen, then the enrolment goes on. */
function verified<T>(ctx: Context, task: Task, run: () => Promise<T>): Promise<T> {
  return withMfa(ctx, run, task, (own) => verifyOn(ctx, own, 'enrollment'));
}

/** The authenticator's secret (QR code and text), or the SMS code to the number given. */
async function begin(ctx: Context, task: Task, method: MfaMethod, phoneNumber?: string): Promise<void> {
  setMfaUi(ctx, { busy: true, error: null, method });
  try {
    const reply = await verified(ctx, task, () =>
      mfaRequest(ctx, 'mfa:init-enrollment', phoneNumber ? { method, phoneNumber } : { method }),
    );
    if ('authUrl' in reply) {
      setMfaUi(ctx, { busy: false, step: 'totp-qr', authUrl: reply.authUrl, secret: reply.secret });
    } else {
      setMfaUi(ctx, { busy: false, step: 'sms-code', phoneNumber: phoneNumber ?? null, codeSent: true });
    }
  } catch (error) {
    if (isCancelled(error)) throw error;
    setMfaUi(ctx, { busy: false, step: 'choose' });
    showFailure(ctx, error);
  }
}

/** The code of the new method: the user gets it (`$user.mfaMethods`), `mfa:enrolled`. */
async function submit(ctx: Context, task: Task, code: string): Promise<void> {
  const { method, phoneNumber } = mfaState(ctx).$ui.get();
  if (!method) return;
  setMfaUi(ctx, { busy: true, error: null });
  try {
    const data = phoneNumber ? { method, code, phoneNumber } : { method, code };
    const reply = await task.until(mfaRequest(ctx, 'mfa:submit-enrollment', data));
    ctx.session.setUser(reply.user);
    mfaState(ctx).proofExpiresAt = reply.expiresAt;
    setMfaUi(ctx, { busy: false, step: 'success', done: 'enrolled', secret: null, authUrl: null });
    emit(ctx.events, EVENTS.mfaEnrolled, { method });
  } catch (error) {
    if (isCancelled(error)) throw error;
    setMfaUi(ctx, { busy: false, error: mfaErrorText(error) });
  }
}

/** The confirmed removal (after a verification): `mfa:unenrolled`. */
async function remove(ctx: Context, task: Task): Promise<void> {
  const { method } = mfaState(ctx).$ui.get();
  if (!method) return;
  setMfaUi(ctx, { busy: true, error: null });
  try {
    const reply = await verified(ctx, task, () => mfaRequest(ctx, 'mfa:unenroll', { method }));
    ctx.session.setUser(reply.user);
    setMfaUi(ctx, { busy: false, step: 'success', done: 'removed' });
    emit(ctx.events, EVENTS.mfaUnenrolled, { method });
  } catch (error) {
    if (isCancelled(error)) throw error;
    setMfaUi(ctx, { busy: false, step: 'remove-confirm', error: mfaErrorText(error) });
  }
}

const home = (ctx: Context) => (enrolledMethods(ctx).length > 0 ? 'choose' : 'intro');

async function handle(ctx: Context, task: Task, answer: EnrollAnswer): Promise<void> {
  switch (answer.kind) {
    case 'continue': {
      const { step } = mfaState(ctx).$ui.get();
      setMfaUi(ctx, { step: step === 'totp-qr' ? 'totp-code' : 'choose', error: null, done: null });
      return;
    }
    case 'back':
      setMfaUi(ctx, { step: 'choose', error: null, busy: false });
      return;
    case 'choose':
      if (answer.method === 'sms') setMfaUi(ctx, { step: 'sms-phone', method: 'sms', error: null });
      else await begin(ctx, task, answer.method);
      return;
    case 'phone':
      await begin(ctx, task, 'sms', answer.phoneNumber);
      return;
    case 'code':
      await submit(ctx, task, answer.code);
      return;
    case 'remove':
      setMfaUi(ctx, { step: 'remove-confirm', method: answer.method, error: null });
      return;
    case 'confirm-remove':
      await remove(ctx, task);
      return;
  }
}

/** `LoginWidget.showMfaEnrollment()`: the flow runs until the modal closes. */
export async function enrollmentFlow(ctx: Context, task: Task): Promise<void> {
  setMfaUi(ctx, { ...INITIAL_MFA_UI, step: home(ctx) });
  task.show(SCREENS.mfaEnrollmentFlow);
  for (;;) await handle(ctx, task, await task.ask<EnrollAnswer>());
}
