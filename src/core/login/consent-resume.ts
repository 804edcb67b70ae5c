/**
 * Terms on a restored session (§4.2, §6): the rule is on every page; the consent screen's flow
 * (consent.ts) is fetched only for a user who must still accept.
 */
import type { User } from '../../protocol/client.js';
import type { ResolvedConfig } from '../config.js';
import type { Context } from '../context.js';

/** Whether the user must still accept the terms (host `legal.requireUsersAcceptTerms` or the app's setting). */
export function needsConsent(config: ResolvedConfig, user: User): boolean {
  return config.requireUsersAcceptTerms && !user.hasAcceptedTerms;
}

/**
 * A restored session whose user has not accepted the required terms (the page was left on the
 * consent screen, or the app began requiring terms) is asked again; declining logs out. Its login
 * was not made on this page, so accepting fires no login:success.
 */
export function resumeConsent(ctx: Context): void {
  const user = ctx.stores.$user.get();
  if (!user || !needsConsent(ctx.$config.get(), user)) return;
  // A task under way (a login about to ask for them itself) is left alone.
  if (ctx.modal.hasTask) return;
  void import('./consent.js')
    .then(({ askConsent }) => {
      if (ctx.modal.hasTask) return;
      return ctx.modal.run(async (task) => {
        if (await askConsent(ctx, task)) ctx.modal.closeAfter(0);
      });
    })
    .catch(() => {});
}
