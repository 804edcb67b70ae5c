import type { Context } from '../context.js';
import { lazy } from '../lazy.js';
import type { Channel } from '../login/passwordless.js';

/**
 * The email/SMS code flow (core/login/passwordless and what it finishes with), not in the modal's
 * first chunk: the code screen, which imports it, is fetched once LANDING has painted, so it is
 * there by the time a person has typed an address.
 */
const loadPasswordless = lazy(() => import('../login/passwordless.js'));

/** LANDING's email and phone forms: the provider gone away shows ERROR_SCREEN, whose Retry submits again. */
export function submitDestination(ctx: Context, channel: Channel, value: string): Promise<void> {
  return loadPasswordless().then(
    (flow) => flow.submitDestination(ctx, channel, value),
    (error: unknown) => ctx.modal.fail(error, () => submitDestination(ctx, channel, value)),
  );
}
