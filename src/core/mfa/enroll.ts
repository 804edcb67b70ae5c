/**
 * MFA_ENROLLMENT_FLOW_SCREEN (§2.2, §2.3, §4.8): intro when none is enrolled, the choice of a
 * method, the SMS phone number, then the provider-origin surface — 'Verify it's you' first when
 * the provider asks (a method enrolled already, a wallet's step-up), the authenticator's QR code
 * and secret, the code — then success. A removal asks for confirmation, then the surface verifies.
 */
import { EVENTS } from '../../protocol/events.js';
import type { MfaMethod } from '../../protocol/mfa.js';
import { SCREENS } from '../../protocol/screens.js';
import type { Context } from '../context.js';
import { GatehouseError, toGatehouseError } from '../errors/gatehouse-error.js';
import { emit } from '../events.js';
import type { Question } from '../modal/question.js';
import { isCancelled, type Task } from '../modal/task.js';
import { currentWallet } from '../wallet/embedded/state.js';
import { hideSurface, showPrompts } from '../wallet/embedded/surface.js';
import { closedInSurface, mfaErrorText, mfaRequest } from './frame.js';
import { enrolledMethods, INITIAL_MFA_UI, mfaState, setMfaUi } from './state.js';

/** What the enrolment screen answers. */
export type EnrollAnswer =
  | { kind: 'continue' }
  | { kind: 'back' }
  | { kind: 'choose'; method: MfaMethod }
  | { kind: 'remove'; method: MfaMethod }
  | { kind: 'confirm-remove' }
  | { kind: 'phone'; phoneNumber: string };

/** The enrolment screen's question: its buttons and the phone number answer it. */
export const ENROLL: Question<EnrollAnswer> = { screen: SCREENS.mfaEnrollmentFlow };

/**
 * A request the surface could not start (no prompt came: the provider unreachable, a lockout, an
 * SMS it could not send) goes to ERROR_SCREEN (§4.8 'on an init error'), in §8's words; its button
 * leads back to the choice.
 */
function initFailed(ctx: Context, task: Task, error: unknown): void {
  const failure = toGatehouseError(error);
  const shown =
    failure.type === 'wallet_error'
      ? new GatehouseError({ type: failure.type, code: failure.code, message: mfaErrorText(error) })
      : failure;
  setMfaUi(ctx, { busy: false, step: 'choose', error: null });
  ctx.modal.updateFlow({ busy: false, error: shown });
  task.show(SCREENS.error);
}

/** A request whose prompts show on this screen, as the 'surface' step. */
async function inSurface<T>(
  ctx: Context,
  task: Task,
  run: (options: object) => Promise<T>,
): Promise<T | null> {
  setMfaUi(ctx, { busy: true, error: null });
  const shown = showPrompts(ctx, task, () => SCREENS.mfaEnrollmentFlow);
  let prompted = false;
  const onPrompt = (prompt: Parameters<typeof shown>[0]) => {
    prompted = true;
    setMfaUi(ctx, { step: 'surface', busy: false });
    shown(prompt);
  };
  try {
    return await task.until(run({ onPrompt, signal: task.signal }));
  } catch (error) {
    if (isCancelled(error)) throw error;
    if (!prompted && !closedInSurface(error)) {
      initFailed(ctx, task, error);
      return null;
    }
    setMfaUi(ctx, {
      busy: false,
      step: 'choose',
      error: closedInSurface(error) ? null : mfaErrorText(error),
    });
    return null;
  } finally {
    hideSurface(ctx);
  }
}

/** The user's embedded wallet, which may approve the change's step-up on this device. */
function walletOf(ctx: Context): { address?: string } {
  const address = currentWallet(ctx)?.address;
  return address ? { address } : {};
}

/** Enrols `method` in the surface: the user gets it (`$user.mfaMethods`), `mfa:enrolled`. */
export async function enrol(
  ctx: Context,
  task: Task,
  method: MfaMethod,
  phoneNumber?: string,
): Promise<void> {
  setMfaUi(ctx, { method });
  const data = { method, ...(phoneNumber ? { phoneNumber } : {}), ...walletOf(ctx) };
  const reply = await inSurface(ctx, task, (options) => mfaRequest(ctx, 'mfa:enroll', data, options));
  if (!reply) return;
  ctx.session.setUser(reply.user);
  setMfaUi(ctx, { busy: false, step: 'success', done: 'enrolled' });
  emit(ctx.events, EVENTS.mfaEnrolled, { method });
}

/** Removes `method` after what the surface asks: `mfa:unenrolled`. */
export async function remove(ctx: Context, task: Task, method: MfaMethod): Promise<void> {
  setMfaUi(ctx, { method });
  const reply = await inSurface(ctx, task, (options) =>
    mfaRequest(ctx, 'mfa:unenroll', { method, ...walletOf(ctx) }, options),
  );
  if (!reply) return;
  ctx.session.setUser(reply.user);
  setMfaUi(ctx, { busy: false, step: 'success', done: 'removed' });
  emit(ctx.events, EVENTS.mfaUnenrolled, { method });
}

const home = (ctx: Context) => (enrolledMethods(ctx).length > 0 ? 'choose' : 'intro');

async function handle(ctx: Context, task: Task, answer: EnrollAnswer): Promise<void> {
  switch (answer.kind) {
    case 'continue':
    case 'back':
      setMfaUi(ctx, { step: 'choose', error: null, busy: false, done: null });
      return;
    case 'choose':
      if (answer.method === 'sms') setMfaUi(ctx, { step: 'sms-phone', method: 'sms', error: null });
      else await enrol(ctx, task, answer.method);
      return;
    case 'phone':
      await enrol(ctx, task, 'sms', answer.phoneNumber);
      return;
    case 'remove':
      setMfaUi(ctx, { step: 'remove-confirm', method: answer.method, error: null });
      return;
    case 'confirm-remove': {
      const { method } = mfaState(ctx).$ui.get();
      if (method) await remove(ctx, task, method);
      return;
    }
  }
}

/** `LoginWidget.showMfaEnrollment()`: the flow runs until the modal closes. */
export async function enrollmentFlow(ctx: Context, task: Task): Promise<void> {
  setMfaUi(ctx, { ...INITIAL_MFA_UI, step: home(ctx) });
  task.show(SCREENS.mfaEnrollmentFlow);
  for (;;) await handle(ctx, task, await task.ask(ENROLL));
}
