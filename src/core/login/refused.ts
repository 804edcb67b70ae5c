/**
 * A login step the user can take again where they are: a refused code reported to the host, and
 * the allowlist's way back to the other methods. Apart from failure.ts, which every page carries,
 * since only the flows and screens that load later call these.
 */
import { EVENTS } from '../../protocol/events.js';
import { SCREENS } from '../../protocol/screens.js';
import type { Context } from '../context.js';
import type { GatehouseError } from '../errors/gatehouse-error.js';
import { emit } from '../events.js';

/** A failed login step that stays on its screen (a refused code): `login:error` with the shown text. */
export function loginFailed(ctx: Context, failure: GatehouseError, message = failure.message): void {
  emit(ctx.events, EVENTS.loginError, { code: failure.code, message });
}

/** ALLOWLIST_REJECTION_SCREEN without a configured link: back to LANDING to log in another way. */
export function tryAnotherAccount(ctx: Context): void {
  ctx.modal.updateFlow({ error: null, busy: false, success: false });
  ctx.modal.navigate(SCREENS.landing);
}
