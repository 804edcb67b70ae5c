/**
 * Two-step verification in the client (§4.8), loaded with the wallet code: the host's MFA methods
 * of window.LoginWidget and what MFA_ENROLLMENT_FLOW_SCREEN calls.
 */
import { EVENTS } from '../../protocol/events.js';
import { isMfaMethod, type MfaMethod } from '../../protocol/mfa.js';
import { MFA_TEXT } from '../../protocol/mfa-text.js';
import type { Context } from '../context.js';
import * as CODES from '../errors/codes.js';
import { clientError } from '../errors/gatehouse-error.js';
import { emit } from '../events.js';
import { requireToken } from '../session/require-token.js';
import { type EnrollAnswer, enrollmentFlow } from './enroll.js';
import { mfaRequest } from './frame.js';
import { mfaState } from './state.js';
import type { VerifyAnswer } from './verify.js';
import { withMfa } from './verify.js';

export { hasProof, verifyOn, withMfa } from './verify.js';

function methodOf(value: unknown): MfaMethod {
  if (!isMfaMethod(value)) throw clientError(CODES.unsupportedMfaMethod, MFA_TEXT.unsupportedMethod);
  return value;
}

const missing = () => clientError(CODES.missingMfaCredentials, MFA_TEXT.noVerificationWaiting);

interface EnrollmentOptions {
  phoneNumber?: string;
  code?: string;
}

const optionsOf = (value: unknown): EnrollmentOptions =>
  value && typeof value === 'object' ? (value as EnrollmentOptions) : {};

/** `showMfaEnrollment()`: MFA_ENROLLMENT_FLOW_SCREEN; resolves once it shows. */
async function showMfaEnrollment(ctx: Context): Promise<void> {
  await requireToken(ctx.session, MFA_TEXT.tokenRequired);
  ctx.modal.run((task) => enrollmentFlow(ctx, task)).catch(() => {});
}

/** `initMfaEnrollment(method, {phoneNumber})`: the authenticator's `{authUrl, secret}`, or an SMS code sent. */
async function initMfaEnrollment(ctx: Context, method: unknown, options?: unknown) {
  const chosen = methodOf(method);
  const { phoneNumber } = optionsOf(options);
  const reply = await withMfa(ctx, () =>
    mfaRequest(
      ctx,
      'mfa:init-enrollment',
      phoneNumber ? { method: chosen, phoneNumber } : { method: chosen },
    ),
  );
  return 'authUrl' in reply ? { authUrl: reply.authUrl, secret: reply.secret } : undefined;
}

/** `submitMfaEnrollment(method, {code, phoneNumber})`: the method is enrolled; `mfa:enrolled`. */
async function submitMfaEnrollment(ctx: Context, method: unknown, options?: unknown): Promise<void> {
  const chosen = methodOf(method);
  const { code, phoneNumber } = optionsOf(options);
  if (!code) throw missing();
  const data = phoneNumber ? { method: chosen, code, phoneNumber } : { method: chosen, code };
  const reply = await mfaRequest(ctx, 'mfa:submit-enrollment', data);
  ctx.session.setUser(reply.user);
  mfaState(ctx).proofExpiresAt = reply.expiresAt;
  emit(ctx.events, EVENTS.mfaEnrolled, { method: chosen });
}

/** `unenrollMfa(method)`: after a verification; `mfa:unenrolled`. */
async function unenrollMfa(ctx: Context, method: unknown): Promise<void> {
  const chosen = methodOf(method);
  const reply = await withMfa(ctx, () => mfaRequest(ctx, 'mfa:unenroll', { method: chosen }));
  ctx.session.setUser(reply.user);
  emit(ctx.events, EVENTS.mfaUnenrolled, { method: chosen });
}

/** With noPromptOnMfaRequired: `initMfa(method)` texts the SMS code (an authenticator needs nothing). */
async function initMfa(ctx: Context, method: unknown): Promise<void> {
  const chosen = methodOf(method);
  if (!(await ctx.modal.answer({ kind: 'send', method: chosen } satisfies VerifyAnswer))) throw missing();
}

/** `submitMfa(method, code)`: resolves once verified (the waiting action goes on), else rejects why. */
async function submitMfa(ctx: Context, method: unknown, code: unknown): Promise<void> {
  const chosen = methodOf(method);
  if (typeof code !== 'string' || !code) throw missing();
  const state = mfaState(ctx);
  state.lastError = null;
  if (!(await ctx.modal.answer({ kind: 'code', method: chosen, code } satisfies VerifyAnswer)))
    throw missing();
  if (state.lastError) throw state.lastError;
}

/** `cancelMfa()`: the waiting action rejects with 'MFA canceled'. */
async function cancelMfa(ctx: Context): Promise<void> {
  await ctx.modal.answer({ kind: 'cancel' } satisfies VerifyAnswer);
}

/** The MFA methods of window.LoginWidget. */
export const METHODS = {
  showMfaEnrollment,
  initMfaEnrollment,
  submitMfaEnrollment,
  unenrollMfa,
  initMfa,
  submitMfa,
  cancelMfa,
};

/** What MFA_ENROLLMENT_FLOW_SCREEN renders and answers. */
export const mfaUi = (ctx: Context) => mfaState(ctx).$ui;
export const answerMfa = (ctx: Context, answer: EnrollAnswer | VerifyAnswer): Promise<boolean> =>
  ctx.modal.answer(answer);
