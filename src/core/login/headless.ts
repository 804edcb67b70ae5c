/**
 * Headless login (docs/guide/headless.md): the modal's email/SMS code login, started from the
 * host's own form with LoginWidget.sendCode and loginWithCode (initOAuth is oauth.ts's, whose chunk
 * carries these: one load, no chunk of its own on every page's list). The modal's flow functions
 * run (passwordless.ts, finish.ts) as the modal's task, which shows no screen unless a step needs
 * the person: the captcha (§4.3), the terms, a wallet made on login (§4.2). A failure rejects
 * with its {code, message} instead of showing on ERROR_SCREEN.
 */
import type { User } from '../../protocol/client.js';
import type { Context } from '../context.js';
import * as CODES from '../errors/codes.js';
import { FLOW_MESSAGES } from '../errors/flow-messages.js';
import { clientError, toGatehouseError } from '../errors/gatehouse-error.js';
import { MESSAGES } from '../errors/messages.js';
import { prepareWalletFrame } from '../loaders/embedded-wallet.js';
import { isCancelled, type Task } from '../modal/task.js';
import { finish } from './finish.js';
import type { Channel } from './passwordless.js';

/** The code flow's functions, fetched with the first call (the code screen's chunk: often loaded already). */
const codeFlow = () => import('./passwordless.js');

/** Where the last code went, per client: what loginWithCode redeems. */
const sent = new WeakMap<Context, { channel: Channel; destination: string }>();

/** §4.1: logging in while logged in only warns; the user, when there is one. */
export function loggedIn(ctx: Context): User | null {
  const user = ctx.stores.$user.get();
  if (!ctx.session.authenticated || !user) return null;
  console.warn(MESSAGES.alreadyLoggedIn);
  return user;
}

/**
 * Runs `work` as the modal's task. A task ended by someone else (the person closed a step's
 * modal, a logout, a newer flow) rejects with exited_auth_flow, as `login:error` says.
 */
export async function asTask<T>(ctx: Context, work: (task: Task) => Promise<T>): Promise<T> {
  try {
    return await ctx.modal.run(work, 'headless');
  } catch (error) {
    throw isCancelled(error)
      ? clientError(CODES.exitedAuthFlow, MESSAGES.exitedAuthFlow)
      : toGatehouseError(error);
  }
}

/** `{ email }` or `{ phone }`: the channel and what was typed (validated by the flow, §5). */
function destinationOf(value: unknown): { channel: Channel; value: string } {
  const given = (value ?? {}) as { email?: unknown; phone?: unknown };
  if (given.phone !== undefined) return { channel: 'sms', value: String(given.phone) };
  return { channel: 'email', value: String(given.email ?? '') };
}

/**
 * `sendCode({ email } | { phone })`: the same init call as LANDING's form, behind the captcha when
 * one is due (the modal then shows CAPTCHA_SCREEN, and closes once the code is sent).
 */
async function sendCode(ctx: Context, input: unknown): Promise<void> {
  if (loggedIn(ctx)) return;
  const { channel, value } = destinationOf(input);
  const flow = await codeFlow();
  const destination = await asTask(ctx, (task) => flow.sendCode(ctx, task, channel, value));
  sent.set(ctx, { channel, destination });
  prepareWalletFrame(ctx);
  if (ctx.modal.isOpen) {
    // The captcha's modal has done its part: closing it now is no exit from the login.
    ctx.modal.updateFlow({ hostForm: true });
    ctx.modal.closeAfter(0);
  }
}

/** The code for the destination of the last sendCode: the session, then §4.2's steps. */
async function redeem(ctx: Context, task: Task, code: string): Promise<User> {
  const destination = sent.get(ctx);
  if (!destination) throw clientError(CODES.invalidInput, FLOW_MESSAGES.noAuthFlow);
  const { authenticate, loginCodeRefused } = await task.until(codeFlow());
  let outcome: Awaited<ReturnType<typeof authenticate>>;
  try {
    outcome = await task.until(authenticate(ctx, destination.channel, destination.destination, code));
  } catch (error) {
    if (isCancelled(error)) throw error;
    const failure = toGatehouseError(error);
    // As the code screen reports a refused code; the code can be corrected and sent again.
    loginCodeRefused(ctx, failure);
    throw failure;
  }
  sent.delete(ctx);
  // The terms and a wallet made on login open the modal at their step; login:success fires after them.
  await finish(ctx, task, outcome);
  const user = ctx.stores.$user.get();
  if (!ctx.session.authenticated || !user) throw clientError(CODES.exitedAuthFlow, MESSAGES.exitedAuthFlow);
  return user;
}

/** `loginWithCode({ code })`: resolves with the user once logged in, as `login:success` says. */
async function loginWithCode(ctx: Context, input: unknown): Promise<User> {
  const user = loggedIn(ctx);
  if (user) return user;
  const code = String((input as { code?: unknown } | null)?.code ?? '');
  return asTask(ctx, (task) => redeem(ctx, task, code));
}

/** The code login's methods of window.LoginWidget (protocol/loader.ts HEADLESS_WIDGET_METHODS). */
export const CODE_METHODS = {
  sendCode: (ctx: Context, input?: unknown) => sendCode(ctx, input),
  loginWithCode: (ctx: Context, input?: unknown) => loginWithCode(ctx, input),
};
