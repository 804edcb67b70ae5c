/**
 * Passkeys in the client (protocol/passkey.ts), loaded when a passkey flow starts: log in with one,
 * link one, unlink one, protect the embedded wallet's recovery with one (recovery.ts). The
 * ceremonies run in the provider-origin surface, framed by PASSKEY_SCREEN (flow.ts).
 */
import type { User } from '../../protocol/client.js';
import { EVENTS } from '../../protocol/events.js';
import { PASSKEY_API_PATHS, type PasskeyUnlinkBody } from '../../protocol/passkey.js';
import type { Context } from '../context.js';
import * as CODES from '../errors/codes.js';
import { clientError } from '../errors/gatehouse-error.js';
import { MESSAGES, SESSION_MESSAGES } from '../errors/messages.js';
import { linkFailed } from '../login/failure.js';
import { changeAccounts } from '../login/linking.js';
import { passkeyLoginOn } from '../settings/passkey.js';
import { PASSKEY_TEXT } from '../text/passkey.js';
import { startPasskey } from './flow.js';
import { setWalletPasskey } from './recovery.js';

export { startPasskey } from './flow.js';

type Purpose = 'login' | 'link';

/**
 * The user once the flow's success event fires (after the terms and the wallet of a login); the
 * exit of a closed modal (exited_auth_flow, exited_link_flow, as `login:error` / `link:error` say) when it closes first.
 */
function outcomeOf(ctx: Context, purpose: Purpose): Promise<User> {
  const success = purpose === 'login' ? EVENTS.loginSuccess : EVENTS.linkSuccess;
  const outcome = new Promise<User>((resolve, reject) => {
    const onSuccess = (event: Event): void => {
      stop();
      resolve((event as CustomEvent<{ user: User }>).detail.user);
    };
    const unlisten = ctx.modal.$modal.listen(({ open }) => {
      if (open) return;
      stop();
      reject(
        purpose === 'login'
          ? clientError(CODES.exitedAuthFlow, MESSAGES.exitedAuthFlow)
          : clientError(CODES.exitedLinkFlow, MESSAGES.exitedLinkFlow),
      );
    });
    const stop = (): void => {
      unlisten();
      ctx.events.removeEventListener(success, onSuccess);
    };
    ctx.events.addEventListener(success, onSuccess);
  });
  // Settled by the caller; a start that failed first leaves it unobserved.
  outcome.catch(() => {});
  return outcome;
}

/** `loginWithPasskey()`: PASSKEY_SCREEN; resolves with the user once logged in, rejects when closed first. */
async function loginWithPasskey(ctx: Context): Promise<User> {
  const user = ctx.stores.$user.get();
  if (ctx.session.authenticated && user) {
    console.warn(MESSAGES.alreadyLoggedIn);
    return user;
  }
  if (!passkeyLoginOn(ctx)) throw clientError(CODES.disallowedLoginMethod, PASSKEY_TEXT.loginOff);
  const outcome = outcomeOf(ctx, 'login');
  await startPasskey(ctx, 'login');
  await ctx.modal.shown();
  return outcome;
}

/** `linkPasskey()`: 'Add a passkey' for the logged-in user; resolves with the updated user. */
async function linkPasskey(ctx: Context): Promise<User> {
  if (!ctx.session.authenticated) {
    throw linkFailed(ctx, clientError(CODES.mustBeAuthenticated, SESSION_MESSAGES.mustBeAuthenticated));
  }
  const outcome = outcomeOf(ctx, 'link');
  await startPasskey(ctx, 'link');
  await ctx.modal.shown();
  return outcome;
}

/** `unlinkPasskey(credentialId)`: resolves with the updated user (after a step-up for a user with a wallet). */
function unlinkPasskey(ctx: Context, credentialId: unknown): Promise<User> {
  const body: PasskeyUnlinkBody = { credentialId: String(credentialId ?? '') };
  return changeAccounts(ctx, PASSKEY_API_PATHS.unlink, body);
}

/** Passkeys' methods of window.LoginWidget (protocol/loader.ts PASSKEY_WIDGET_METHODS). */
export const METHODS = {
  loginWithPasskey: (ctx: Context) => loginWithPasskey(ctx),
  linkPasskey: (ctx: Context) => linkPasskey(ctx),
  unlinkPasskey: (ctx: Context, credentialId?: unknown) => unlinkPasskey(ctx, credentialId),
  setWalletPasskey: (ctx: Context) => setWalletPasskey(ctx),
};
