import type { Context } from '../context.js';
import * as CODES from '../errors/codes.js';
import { isCancelled, type Task } from '../modal/task.js';
import { resetCaptcha } from './captcha-gate.js';
import { linkFailed, showFailure } from './failure.js';
import { finish } from './finish.js';
import type { Outcome } from './outcome.js';

/**
 * Runs a login or link flow as the modal's task and finishes its outcome (§4.2). A failure shows
 * on ERROR_SCREEN (a link's also as `link:error`); invalid_captcha also resets the captcha; a
 * cancelled flow (closed, logged out, replaced) ends quietly: what closing reports is reported by
 * the modal's close (failure.ts). Never rejects.
 */
async function runFlow(
  ctx: Context,
  flow: (task: Task) => Promise<Outcome>,
  intent: 'login' | 'link' | 'update' = ctx.modal.$flow.get().intent,
): Promise<void> {
  await ctx.modal
    .run(async (task) => {
      try {
        await finish(ctx, task, await flow(task));
      } catch (error) {
        if (isCancelled(error)) return;
        if (intent !== 'login') linkFailed(ctx, error);
        if (showFailure(ctx, error).code === CODES.invalidCaptcha) await resetCaptcha(ctx);
      }
    })
    .catch((error: unknown) => console.error(error));
}

/**
 * Starts a flow and resolves once it has finished or waits for the user (consent, a wallet
 * screen): a caller that is not the modal (custom auth, an init() call) does not wait for a person.
 */
export function startFlow(
  ctx: Context,
  flow: (task: Task) => Promise<Outcome>,
  intent?: 'login' | 'link' | 'update',
): Promise<void> {
  const running = runFlow(ctx, flow, intent);
  return Promise.race([running, ctx.modal.turn()]);
}
