/**
 * What happens after a login (§4.2), in one place for every method: the success shows; then the
 * terms when the app requires them (AFFIRMATIVE_CONSENT_SCREEN, 900 ms later in a dialog); then
 * the embedded wallet when one should be created on login (its own screens, 900 ms later in a
 * dialog; the creation itself starts at once, so the frame loads and the key is made during the
 * success); then `login:success`
 * and the modal closes (1400 ms later in a dialog, at once after Accept or inline). Declining the
 * terms or a failed wallet creation logs the user out; `login:success` fires only for a login that
 * completed, so a host never sees one for a user who then declines.
 */
import { DIALOG_CLOSE_DELAY_BEFORE_CONSENT_MS, DIALOG_CLOSE_DELAY_MS } from '../../protocol/constants.js';
import { EVENTS } from '../../protocol/events.js';
import { ANALYTICS_EVENTS } from '../analytics.js';
import type { Context } from '../context.js';
import { emit } from '../events.js';
import { connectEmbeddedWallet, createsWallet, loadEmbeddedWallet } from '../loaders/embedded-wallet.js';
import type { Task } from '../modal/task.js';
import { askConsent } from './consent.js';
import { needsConsent } from './consent-resume.js';
import type { LinkOutcome, LoginOutcome, Outcome } from './outcome.js';

/** The pause before the modal closes on success: in a dialog only, and not right after Accept. */
export function closeDelay(ctx: Context, consented = false): number {
  return ctx.modal.isOpen && ctx.$config.get().inDialog && !consented ? DIALOG_CLOSE_DELAY_MS : 0;
}

/** Applies §4.2 to a flow's outcome, inside the flow's task. */
export async function finish(ctx: Context, task: Task, outcome: Outcome): Promise<void> {
  if (!outcome) return;
  ctx.modal.updateFlow({ busy: false, success: true, error: null });
  task.settle();
  if (outcome.kind === 'link') finishLink(ctx, outcome);
  else await finishLogin(ctx, task, outcome);
}

function finishLink(ctx: Context, { user, linkMethod, linkedAccount }: LinkOutcome): void {
  emit(ctx.events, EVENTS.linkSuccess, { user, linkMethod, linkedAccount });
  ctx.modal.closeAfter(closeDelay(ctx));
}

async function finishLogin(ctx: Context, task: Task, outcome: LoginOutcome): Promise<void> {
  let { user } = outcome;
  let consented = false;
  if (needsConsent(ctx.$config.get(), user)) {
    if (closeDelay(ctx) > 0) await task.pause(DIALOG_CLOSE_DELAY_BEFORE_CONSENT_MS);
    const accepted = await askConsent(ctx, task);
    if (!accepted) return;
    user = accepted;
    consented = true;
  }
  if (createsWallet(ctx, user)) {
    // The success shows for its pause (in a dialog) while the wallet's chunk loads and the creation starts.
    const pause =
      ctx.modal.isOpen && ctx.$config.get().inDialog
        ? task.pause(DIALOG_CLOSE_DELAY_BEFORE_CONSENT_MS)
        : Promise.resolve();
    pause.catch(() => {});
    const wallet = await loadEmbeddedWallet();
    const created = await wallet.createOnLogin(ctx, task, outcome.isNewUser, pause);
    if (created) loginSucceeded(ctx, { ...outcome, user: created });
    return;
  }
  loginSucceeded(ctx, { ...outcome, user });
  connectEmbeddedWallet(ctx);
  ctx.modal.closeAfter(closeDelay(ctx, consented));
}

function loginSucceeded(ctx: Context, { user, isNewUser, loginMethod }: LoginOutcome): void {
  emit(ctx.events, EVENTS.loginSuccess, { user, isNewUser, loginMethod });
  ctx.analytics.track(ANALYTICS_EVENTS.loginSuccess, { loginMethod, isNewUser });
}
