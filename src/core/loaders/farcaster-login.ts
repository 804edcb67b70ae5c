import type { Context } from '../context.js';
import { loadFarcaster } from './farcaster.js';

/** LANDING's Farcaster button: the provider gone away shows ERROR_SCREEN with Retry, nothing uncaught. */
export function startFarcasterLogin(ctx: Context): Promise<void> {
  return loadFarcaster().then(
    (farcaster) => farcaster.startFarcaster(ctx, 'login'),
    (error: unknown) => ctx.modal.fail(error, () => startFarcasterLogin(ctx)),
  );
}
