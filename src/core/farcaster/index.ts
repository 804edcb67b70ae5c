/**
 * Farcaster in the client (§1, §4.3, §4.4), loaded when a Farcaster flow starts: login and link
 * through the auth relay, the signer, and the actions.
 */

import type { Context } from '../context.js';
import * as CODES from '../errors/codes.js';
import { clientError } from '../errors/gatehouse-error.js';
import { SESSION_MESSAGES } from '../errors/messages.js';
import { linkFailed } from '../login/failure.js';
import { FARCASTER_ACTIONS } from './actions.js';
import { startFarcaster, unlinkFarcaster } from './login.js';
import { requestFarcasterSigner } from './signer.js';

export { retryFarcaster, startFarcaster } from './login.js';
export { farcasterUi } from './state.js';

/** `linkFarcaster()`: AWAITING_FARCASTER_CONNECTION for the logged-in user; link:success or link:error. */
async function linkFarcaster(ctx: Context): Promise<void> {
  if (!ctx.session.authenticated) {
    throw linkFailed(ctx, clientError(CODES.mustBeAuthenticated, SESSION_MESSAGES.mustBeAuthenticated));
  }
  await startFarcaster(ctx, 'link');
}

/** Farcaster's methods of window.LoginWidget (`farcaster.*` for the actions). */
export const METHODS = {
  linkFarcaster,
  unlinkFarcaster,
  requestFarcasterSigner,
  ...Object.fromEntries(Object.entries(FARCASTER_ACTIONS).map(([name, run]) => [`farcaster.${name}`, run])),
} as Record<string, (ctx: Context, ...args: unknown[]) => Promise<unknown>>;
