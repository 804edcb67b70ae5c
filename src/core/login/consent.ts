/**
 * AFFIRMATIVE_CONSENT_SCREEN (§2.2, §4.2, §6): 'Accept' records the acceptance and the login goes
 * on; 'No thanks', or closing the screen, logs the user out.
 */
import { type AcceptTermsResponse, API_PATHS } from '../../protocol/api.js';
import type { User } from '../../protocol/client.js';
import { SCREENS } from '../../protocol/screens.js';
import type { Context } from '../context.js';
import { toGatehouseError } from '../errors/gatehouse-error.js';
import type { Question } from '../modal/question.js';
import { isCancelled, type Task } from '../modal/task.js';
import { requireToken } from '../session/require-token.js';

/** The screen's question: true for 'Accept', false for 'No thanks'. */
const CONSENT: Question<boolean> = { screen: SCREENS.affirmativeConsent };

/** The screen's buttons. */
export const answerConsent = (ctx: Context, accepted: boolean): Promise<boolean> =>
  ctx.modal.answer(CONSENT, accepted);

async function accept(ctx: Context): Promise<User> {
  const token = await requireToken(ctx.session);
  const answer = await ctx.api.post<AcceptTermsResponse>(API_PATHS.acceptTerms, {}, token);
  return ctx.session.setUser(answer.user);
}

/** Declining logs out; the modal closes. */
async function decline(ctx: Context): Promise<null> {
  ctx.modal.closeAfter(0);
  await ctx.session.logout();
  return null;
}

/**
 * Asks for the terms until the user answers: resolves with the updated user once accepted, or null
 * once declined (logged out). A failed acceptance stays on the screen with its error. With
 * legal.forceImplicitConsent the login itself was the acceptance (the footer said so, §2.3): it is
 * recorded without a screen.
 */
export async function askConsent(ctx: Context, task: Task): Promise<User | null> {
  if (ctx.$config.get().implicitConsent) return task.until(accept(ctx));
  for (;;) {
    let accepted: boolean;
    try {
      task.show(CONSENT.screen);
      accepted = await task.ask(CONSENT);
    } catch (error) {
      if (isCancelled(error) && error.reason === 'closed') return decline(ctx);
      throw error;
    }
    if (!accepted) return decline(ctx);
    ctx.modal.updateFlow({ busy: true, error: null });
    try {
      const user = await accept(ctx);
      ctx.modal.updateFlow({ busy: false });
      return user;
    } catch (error) {
      ctx.modal.updateFlow({ busy: false, error: toGatehouseError(error) });
    }
  }
}
