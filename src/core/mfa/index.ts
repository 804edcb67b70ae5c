/**
 * Two-step verification in the client (§4.8), loaded with the wallet code: the host's MFA methods
 * of window.LoginWidget and what MFA_ENROLLMENT_FLOW_SCREEN calls. Every code is typed in the
 * provider-origin surface: the page cannot pass one (initMfa, submitMfa and submitMfaEnrollment
 * say so), and a wallet call that needs a verification asks for it in its own surface.
 */
import { isMfaMethod, type MfaMethod } from '../../protocol/mfa.js';
import { MFA_TEXT } from '../../protocol/mfa-text.js';
import { SCREENS } from '../../protocol/screens.js';
import type { Context } from '../context.js';
import * as CODES from '../errors/codes.js';
import { clientError } from '../errors/gatehouse-error.js';
import { isCancelled, type Task } from '../modal/task.js';
import { requireToken } from '../session/require-token.js';
import { offeredMfaMethods } from '../settings/mfa.js';
import { ENROLL, type EnrollAnswer, enrol, enrollmentFlow, remove } from './enroll.js';
import { enrolledMethods, INITIAL_MFA_UI, mfaState, setMfaUi } from './state.js';

function methodOf(value: unknown): MfaMethod {
  if (!isMfaMethod(value)) throw clientError(CODES.unsupportedMfaMethod, MFA_TEXT.unsupportedMethod);
  return value;
}

/** missing_mfa_credentials (§8): the page has no code to give; it is typed in the surface. */
const typedInSurface = () => clientError(CODES.missingMfaCredentials, MFA_TEXT.codesInSurface);

const optionsOf = (value: unknown): { phoneNumber?: string } =>
  value && typeof value === 'object' ? (value as { phoneNumber?: string }) : {};

/**
 * `showMfaEnrollment()`: MFA_ENROLLMENT_FLOW_SCREEN; resolves once it shows. Refused when the app
 * offers no method and the user has none to remove (the screen would offer nothing to do).
 */
async function showMfaEnrollment(ctx: Context): Promise<void> {
  await requireToken(ctx.session, MFA_TEXT.tokenRequired);
  if (offeredMfaMethods(ctx)?.length === 0 && enrolledMethods(ctx).length === 0) {
    throw clientError(CODES.mfaNotEnabled, MFA_TEXT.noMethods);
  }
  ctx.modal.run((task) => enrollmentFlow(ctx, task)).catch(() => {});
}

/** §8 'MFA canceled': a host's enrolment or removal that did not get done. */
const canceled = () => clientError(CODES.mfaCanceled, MFA_TEXT.mfaCanceled);

/**
 * A host's enrolment or removal on MFA_ENROLLMENT_FLOW_SCREEN, as the modal's task; it settles once
 * `done`, rejects with why when the surface could not start it, or with 'MFA canceled' when given up (the surface's Cancel, Close, Escape,
 * `cancelMfa()`): never with the modal's own cancellation, which has no code.
 */
async function hostStep(
  ctx: Context,
  method: MfaMethod,
  done: 'enrolled' | 'removed',
  step: (task: Task) => Promise<void>,
): Promise<void> {
  try {
    await ctx.modal.run(async (task) => {
      setMfaUi(ctx, { ...INITIAL_MFA_UI, step: 'surface', method });
      ctx.modal.updateFlow({ error: null });
      task.show(SCREENS.mfaEnrollmentFlow);
      await step(task);
      // A step the surface could not start: the page's call gets why (ERROR_SCREEN is for the modal's own flow).
      const failed = ctx.modal.$flow.get().error;
      if (failed) {
        ctx.modal.closeAfter(0);
        throw failed;
      }
      if (mfaState(ctx).$ui.get().done !== done) throw canceled();
      ctx.modal.closeAfter(0);
    });
  } catch (error) {
    throw isCancelled(error) ? canceled() : error;
  }
}

/**
 * `initMfaEnrollment(method, {phoneNumber})`: the enrolment of that method on MFA_ENROLLMENT_FLOW_SCREEN
 * (the QR code and the code in the surface); resolves once enrolled (`mfa:enrolled`).
 */
async function initMfaEnrollment(ctx: Context, method: unknown, options?: unknown): Promise<undefined> {
  const chosen = methodOf(method);
  const { phoneNumber } = optionsOf(options);
  await requireToken(ctx.session, MFA_TEXT.tokenRequired);
  await hostStep(ctx, chosen, 'enrolled', (task) => enrol(ctx, task, chosen, phoneNumber));
  return undefined;
}

/** `unenrollMfa(method)`: after what the surface asks (a verification, a wallet's step-up); `mfa:unenrolled`. */
async function unenrollMfa(ctx: Context, method: unknown): Promise<void> {
  const chosen = methodOf(method);
  await hostStep(ctx, chosen, 'removed', (task) => remove(ctx, task, chosen));
}

/** `cancelMfa()`: a verification waiting in the surface is given up (the waiting call rejects). */
async function cancelMfa(ctx: Context): Promise<void> {
  if (ctx.modal.hasTask) ctx.modal.close();
}

/** The MFA methods of window.LoginWidget. */
export const METHODS = {
  showMfaEnrollment,
  initMfaEnrollment,
  submitMfaEnrollment: async () => {
    throw typedInSurface();
  },
  unenrollMfa,
  initMfa: async () => {
    throw typedInSurface();
  },
  submitMfa: async () => {
    throw typedInSurface();
  },
  cancelMfa,
};

/** What MFA_ENROLLMENT_FLOW_SCREEN renders and answers. */
export const mfaUi = (ctx: Context) => mfaState(ctx).$ui;
export const answerMfa = (ctx: Context, answer: EnrollAnswer): Promise<boolean> =>
  ctx.modal.answer(ENROLL, answer);
