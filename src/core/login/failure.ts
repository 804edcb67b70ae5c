/** How a failed flow shows (§8), and the events a host hears of it. */
import { EVENTS } from '../../protocol/events.js';
import { SCREENS } from '../../protocol/screens.js';
import type { Context } from '../context.js';
import * as CODES from '../errors/codes.js';
import { clientError, type GatehouseError, toGatehouseError } from '../errors/gatehouse-error.js';
import { MESSAGES } from '../errors/messages.js';
import { emit } from '../events.js';

/**
 * A failed step of a login: `allowlist_rejected` goes to ALLOWLIST_REJECTION_SCREEN (with a
 * `login:error`), anything else to ERROR_SCREEN, whose button leads back.
 */
export function showFailure(ctx: Context, error: unknown): GatehouseError {
  const failure = toGatehouseError(error);
  ctx.modal.updateFlow({ busy: false, error: failure });
  if (failure.code === CODES.allowlistRejected) {
    emit(ctx.events, EVENTS.loginError, { code: failure.code, message: failure.message });
    ctx.modal.show(SCREENS.allowlistRejection);
  } else {
    ctx.modal.show(SCREENS.error);
  }
  return failure;
}

/**
 * A failed link flow: `link:error` with the code and message; returns the error to show or throw.
 * A failure with no code of its own (not the provider's, not the client's) is §8
 * failed_to_link_account.
 */
export function linkFailed(ctx: Context, error: unknown): GatehouseError {
  let failure = toGatehouseError(error);
  if (failure.code === CODES.unknown) {
    failure = clientError(CODES.failedToLinkAccount, MESSAGES.failedToLinkAccount, failure);
  }
  emit(ctx.events, EVENTS.linkError, { code: failure.code, message: failure.message });
  return failure;
}

/**
 * Closing the modal (Close, Escape, the backdrop, logout), watched once per client so every way
 * of closing reports it (§2.3, §8): a link or an email update that was not done is
 * `link:error` exited_link_flow; a login left before the user was logged in (not a connect-only
 * wallet connection) is `login:error` exited_auth_flow. Then the host's close handler, the
 * `modal:close` event, hears who is logged in: the login's user when one succeeded, else null.
 */
export function reportExits(ctx: Context): void {
  let wasOpen = false;
  ctx.modal.$modal.listen(({ open, screen }) => {
    const flow = ctx.modal.$flow.get();
    // A headless call's step done (the captcha before a code): no exit and no modal:close, since
    // the login goes on in the host's own form.
    if (wasOpen && !open && !flow.hostForm) {
      if (flow.intent !== 'login' && !flow.success) {
        linkFailed(ctx, clientError(CODES.exitedLinkFlow, MESSAGES.exitedLinkFlow));
      } else if (!ctx.session.authenticated && !screen.includes('CONNECT_ONLY')) {
        emit(ctx.events, EVENTS.loginError, { code: CODES.exitedAuthFlow, message: MESSAGES.exitedAuthFlow });
      }
      emit(ctx.events, EVENTS.modalClose, { user: ctx.stores.$user.get() });
    }
    wasOpen = open;
  });
}
