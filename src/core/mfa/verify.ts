/**
 * 'Verify your identity' (§4.8): a wallet action the frame refuses without a verification
 * (`missing_or_invalid_mfa`) asks for a code — on MFA_ENROLLMENT_FLOW_SCREEN, or, with
 * noPromptOnMfaRequired, through the `mfa:required` event and the host's initMfa / submitMfa /
 * cancelMfa — then runs again. Up to MFA_MAX_ATTEMPTS codes, MFA_CODE_WAIT_MS to give one.
 */
import { EVENTS } from '../../protocol/events.js';
import { MFA_CODE_WAIT_MS, type MfaMethod } from '../../protocol/mfa.js';
import { MFA_TEXT } from '../../protocol/mfa-text.js';
import { SCREENS } from '../../protocol/screens.js';
import type { Context } from '../context.js';
import { toGatehouseError } from '../errors/gatehouse-error.js';
import { emit } from '../events.js';
import { isCancelled, type Task } from '../modal/task.js';
import { WalletProxyError } from '../wallet/embedded/proxy.js';
import { canceled, endsVerification, mfaErrorText, mfaRequest, needsMfa } from './frame.js';
import { enrolledMethods, mfaState, setMfaUi } from './state.js';

/** What the prompt (or the host) answers. */
export type VerifyAnswer =
  | { kind: 'method'; method: MfaMethod }
  | { kind: 'send'; method: MfaMethod }
  | { kind: 'code'; method?: MfaMethod; code: string }
  | { kind: 'cancel' };

const TIMED_OUT = Symbol('timed out');

/** The host's `mfa.noPromptOnMfaRequired` over the app's. */
const noPrompt = (ctx: Context): boolean =>
  ctx.$hostConfig.get().mfa?.noPromptOnMfaRequired ??
  ctx.$appConfig.get()?.no_prompt_on_mfa_required ??
  false;

/** Texts a code to the enrolled number; a failure shows on the step. */
async function sendSms(ctx: Context, task: Task): Promise<void> {
  setMfaUi(ctx, { busy: true, error: null, codeSent: false });
  try {
    await task.until(mfaRequest(ctx, 'mfa:verify', { method: 'sms' }));
    setMfaUi(ctx, { busy: false, codeSent: true });
  } catch (error) {
    if (isCancelled(error)) throw error;
    setMfaUi(ctx, { busy: false, error: mfaErrorText(error) });
  }
}

/** A code: true once verified; a wrong one stays with its text; too many or too late end it (thrown). */
async function check(ctx: Context, task: Task, method: MfaMethod, code: string): Promise<boolean> {
  const state = mfaState(ctx);
  setMfaUi(ctx, { busy: true, error: null });
  try {
    const reply = await task.until(mfaRequest(ctx, 'mfa:verify', { method, code }));
    if (reply.status === 'verified') state.proofExpiresAt = reply.expiresAt;
    state.lastError = null;
    setMfaUi(ctx, { busy: false });
    return reply.status === 'verified';
  } catch (error) {
    if (isCancelled(error)) throw error;
    state.lastError = toGatehouseError(error);
    setMfaUi(ctx, { busy: false, error: mfaErrorText(error) });
    if (endsVerification(error)) throw error;
    return false;
  }
}

/** The next answer, or mfa_timeout once MFA_CODE_WAIT_MS have passed since the prompt. */
async function nextAnswer(task: Task, deadline: Promise<typeof TIMED_OUT>): Promise<VerifyAnswer> {
  const answer = await Promise.race([task.ask<VerifyAnswer>(), deadline]);
  if (answer !== TIMED_OUT) return answer;
  throw new WalletProxyError('mfa_timeout', MFA_TEXT.timedOut, 'mfa_timeout');
}

async function answers(ctx: Context, task: Task, method: MfaMethod | null): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<typeof TIMED_OUT>((done) => {
    timer = setTimeout(() => done(TIMED_OUT), MFA_CODE_WAIT_MS);
  });
  let current = method;
  try {
    for (;;) {
      const answer = await nextAnswer(task, deadline);
      if (answer.kind === 'cancel') throw canceled();
      if (answer.kind === 'code') {
        if (await check(ctx, task, answer.method ?? current ?? 'totp', answer.code)) return;
        continue;
      }
      current = answer.method;
      setMfaUi(ctx, { method: current, error: null });
      if (current === 'sms' && (answer.kind === 'send' || !noPrompt(ctx))) await sendSms(ctx, task);
    }
  } finally {
    clearTimeout(timer);
  }
}

/** The verification on `task`: resolves once verified; rejects with the reason it could not be. */
export async function verifyOn(ctx: Context, task: Task, purpose: 'action' | 'enrollment'): Promise<void> {
  const methods = enrolledMethods(ctx);
  const method = methods.length === 1 ? (methods[0] ?? null) : null;
  setMfaUi(ctx, { step: 'verify', purpose, method, error: null, busy: false, codeSent: false });
  const host = purpose === 'action' && noPrompt(ctx);
  if (host) {
    emit(ctx.events, EVENTS.mfaRequired, { mfaMethods: methods });
  } else {
    task.show(SCREENS.mfaEnrollmentFlow);
    if (method === 'sms') await sendSms(ctx, task);
  }
  try {
    await answers(ctx, task, method);
  } catch (error) {
    if (isCancelled(error) && error.reason === 'closed' && !host) throw canceled(MFA_TEXT.canceled);
    throw error;
  }
}

/** Whether the frame holds a proof for a while yet (so an action need not ask again). */
export const hasProof = (ctx: Context): boolean => mfaState(ctx).proofExpiresAt > Date.now();

/**
 * Runs `run`; when the frame wants a verification first, asks for one (on `task`, or on a task of
 * its own) and runs it again. The flow's screen shows again after a prompt on its task.
 */
export async function withMfa<T>(
  ctx: Context,
  run: () => Promise<T>,
  task?: Task,
  verify: (on: Task) => Promise<void> = (on) => verifyOn(ctx, on, 'action'),
): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!needsMfa(error)) throw error;
  }
  if (!task) {
    await ctx.modal.run(async (own) => {
      await verify(own);
      ctx.modal.closeAfter(0);
    }, 'mfa');
    return run();
  }
  const back = ctx.modal.$modal.get();
  await verify(task);
  if (back.open && ctx.modal.$modal.get().screen !== back.screen) task.show(back.screen);
  return run();
}
