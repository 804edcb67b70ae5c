/**
 * Farcaster's widget-facing actions (LANDING's button), beside loaders/farcaster.ts: that module
 * is in the chunk every page loads (host/methods.ts), these only in the modal's.
 */
import type { Context } from '../context.js';
import { lazyAction } from '../lazy-action.js';
import { loadFarcaster } from './farcaster.js';

/** LANDING's Farcaster button: the provider gone away shows ERROR_SCREEN with Retry, nothing uncaught. */
export const startFarcasterLogin = lazyAction(
  loadFarcaster,
  (farcaster) => (ctx: Context) => farcaster.startFarcaster(ctx, 'login'),
);
