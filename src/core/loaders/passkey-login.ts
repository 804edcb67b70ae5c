/**
 * LANDING's 'Log in with passkey', beside loaders/passkey.ts: that module is in the chunk every
 * page loads (host/methods.ts), this one only in the modal's.
 */
import type { Context } from '../context.js';
import { lazyAction } from '../lazy-action.js';
import { loadPasskey } from './passkey.js';

/** The passkey login; the provider gone away shows ERROR_SCREEN with Retry, nothing uncaught. */
export const startPasskeyLogin = lazyAction(
  loadPasskey,
  (passkey) => (ctx: Context) => passkey.startPasskey(ctx, 'login'),
);
