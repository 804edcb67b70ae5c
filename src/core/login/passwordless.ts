/**
 * One-time codes by email or SMS (§4.4, §5): send a code (behind the captcha, §4.3), then wait on
 * AWAITING_PASSWORDLESS_CODE for the code, and log in, link or update with it. A refused code
 * stays on the screen with its §8 text; 'Resend code' sends a new one.
 */
import { API_PATHS, type AuthResult } from '../../protocol/api.js';
import { HOST_ELEMENT_ID } from '../../protocol/loader.js';
import { SCREENS } from '../../protocol/screens.js';
import { E164_PATTERN, isValidEmail } from '../../protocol/validation.js';
import { codeToSend } from '../code-input.js';
import type { Context } from '../context.js';
import { passwordlessCodeMessage } from '../errors/code-message.js';
import * as CODES from '../errors/codes.js';
import { FLOW_MESSAGES } from '../errors/flow-messages.js';
import { clientError, type GatehouseError, toGatehouseError } from '../errors/gatehouse-error.js';
import { PASSWORDLESS_MESSAGES } from '../errors/passwordless-messages.js';
import { prepareWalletFrame } from '../loaders/embedded-wallet.js';
import type { Question } from '../modal/question.js';
import { isCancelled, type Task } from '../modal/task.js';
import { withCaptcha } from './captcha-gate.js';
import { linkFailed, showFailure } from './failure.js';
import { type LoginOutcome, loginOutcome, type Outcome } from './outcome.js';
import { loginFailed } from './refused.js';
import { startFlow } from './run.js';

export type Channel = 'email' | 'sms';

/** What AWAITING_PASSWORDLESS_CODE answers: a code, or 'Resend code'. */
type CodeAnswer = { code: string } | { resend: true };

/** AWAITING_PASSWORDLESS_CODE's question: the code typed, or 'Resend code'. */
const CODE: Question<CodeAnswer> = { screen: SCREENS.awaitingPasswordlessCode };

/** The address or number, trimmed, or the §5 error. */
function destinationOf(channel: Channel, value: string): string {
  const trimmed = value.trim();
  if (channel === 'email') {
    if (!trimmed) throw clientError(CODES.invalidInput, PASSWORDLESS_MESSAGES.emailRequired);
    if (!isValidEmail(trimmed)) throw clientError(CODES.invalidInput, PASSWORDLESS_MESSAGES.invalidEmail);
  } else {
    if (!trimmed) throw clientError(CODES.invalidInput, PASSWORDLESS_MESSAGES.phoneRequired);
    if (!E164_PATTERN.test(trimmed))
      throw clientError(CODES.invalidInput, PASSWORDLESS_MESSAGES.invalidPhone);
  }
  return trimmed;
}

const field = (channel: Channel, destination: string) =>
  channel === 'email' ? { email: destination } : { phoneNumber: destination };

/** The language shown (the root's `lang`, which a locale sets; English before any): the mail's or SMS's. */
const locale = () => document.getElementById(HOST_ELEMENT_ID)?.lang || 'en';

/** `passwordless/init` or `passwordless_sms/init`, behind the captcha; the flow state names where it went. */
export async function sendCode(ctx: Context, task: Task, channel: Channel, value: string): Promise<string> {
  const path = channel === 'email' ? API_PATHS.passwordlessInit : API_PATHS.smsInit;
  const destination = await withCaptcha(ctx, task, async (token) => {
    // The flow keeps what the user typed, so going back from an error screen shows it again.
    ctx.modal.updateFlow({ busy: true, error: null, channel, ...field(channel, value.trim()) });
    const address = destinationOf(channel, value);
    // JSON leaves out a token that is undefined (no captcha).
    await task.until(ctx.api.post(path, { ...field(channel, address), token, locale: locale() }));
    return address;
  });
  ctx.modal.updateFlow({ busy: false, channel, ...field(channel, destination) });
  return destination;
}

/** A login with the code sent to `destination`: the session is stored, the outcome is for finish(). */
export async function authenticate(
  ctx: Context,
  channel: Channel,
  destination: string,
  code: string,
): Promise<LoginOutcome> {
  const path = channel === 'email' ? API_PATHS.passwordlessAuthenticate : API_PATHS.smsAuthenticate;
  const body = { ...field(channel, destination), code: codeToSend(code), locale: locale() };
  const result = await ctx.api.post<AuthResult>(path, body);
  return loginOutcome(ctx.session.signIn(result), result.is_new_user, channel);
}

/** The code of the flow under way: a login, or (its code loaded then) a link or an email update. */
async function redeem(ctx: Context, channel: Channel, destination: string, code: string): Promise<Outcome> {
  const flow = ctx.modal.$flow.get();
  if (flow.intent === 'login') return authenticate(ctx, channel, destination, code);
  const { redeemLinkCode } = await import('./linking.js');
  return redeemLinkCode(ctx, { ...flow, channel }, code);
}

/** A refused login code's `login:error`, with the text the code screen shows (§8). */
export function loginCodeRefused(ctx: Context, failure: GatehouseError): void {
  loginFailed(ctx, failure, passwordlessCodeMessage(failure));
}

/** A refused code: the text shows on the code screen (allowlist and taken accounts on theirs). */
function refused(ctx: Context, error: unknown): void {
  const failure = toGatehouseError(error);
  const linking = ctx.modal.$flow.get().intent !== 'login';
  if (linking) linkFailed(ctx, failure);
  if (failure.code === CODES.allowlistRejected || failure.code === CODES.linkedToAnotherUser) {
    showFailure(ctx, failure);
    return;
  }
  ctx.modal.updateFlow({ busy: false, error: failure });
  if (!linking) loginCodeRefused(ctx, failure);
}

/** A new code on request; a failure shows on ERROR_SCREEN, whose 'Try again' leads back to the code. */
async function resend(ctx: Context, task: Task, channel: Channel, destination: string): Promise<void> {
  ctx.modal.updateFlow({ resent: false });
  try {
    await sendCode(ctx, task, channel, destination);
  } catch (error) {
    if (isCancelled(error)) throw error;
    showFailure(ctx, error);
    return;
  }
  ctx.modal.updateFlow({ resent: true });
  if (ctx.modal.$modal.get().screen !== SCREENS.awaitingPasswordlessCode) {
    ctx.modal.navigate(SCREENS.awaitingPasswordlessCode);
  }
}

async function codeFlow(ctx: Context, task: Task, channel: Channel, value: string): Promise<Outcome> {
  const destination = await sendCode(ctx, task, channel, value);
  ctx.modal.updateFlow({ resent: false });
  prepareWalletFrame(ctx);
  task.show(CODE.screen);
  let answer = await task.ask(CODE);
  for (;;) {
    if ('resend' in answer) {
      await resend(ctx, task, channel, destination);
    } else {
      ctx.modal.updateFlow({ busy: true, error: null, resent: false });
      try {
        return await task.until(redeem(ctx, channel, destination, answer.code));
      } catch (error) {
        if (isCancelled(error)) throw error;
        refused(ctx, error);
      }
    }
    answer = await task.ask(CODE);
  }
}

/**
 * LANDING's or a link screen's field: send a code to `value`, then ask for it. Resolves once the
 * code screen waits (or the flow failed).
 */
export function submitDestination(ctx: Context, channel: Channel, value: string): Promise<void> {
  return startFlow(ctx, (task) => codeFlow(ctx, task, channel, value));
}

/**
 * AWAITING_PASSWORDLESS_CODE's six boxes: resolves true when the code was taken, false when
 * refused. With no flow waiting for a code (§8): 'No auth flow in progress.' on the screen.
 */
export async function submitCode(ctx: Context, code: string): Promise<boolean> {
  const flow = ctx.modal.$flow.get();
  if (flow.busy || flow.success) return false;
  if (!(await ctx.modal.answer(CODE, { code }))) {
    ctx.modal.updateFlow({ error: clientError(CODES.invalidInput, FLOW_MESSAGES.noAuthFlow) });
  }
  return ctx.modal.$flow.get().success;
}

/** 'Resend code': a new init call (behind a new captcha when captcha is on, §4.3). */
export async function resendCode(ctx: Context): Promise<void> {
  if (!ctx.modal.$flow.get().busy) await ctx.modal.answer(CODE, { resend: true });
}

/** The user edits the code after a refusal: the alert goes away. */
export function clearError(ctx: Context): void {
  if (ctx.modal.$flow.get().error) ctx.modal.updateFlow({ error: null });
}
