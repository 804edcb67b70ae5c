/** The embedded wallet (core/wallet/embedded), a chunk of its own: creation, connection, signing, sending, export. */
import type { Context } from '../context.js';
import { lazy } from '../lazy.js';

export const loadEmbeddedWallet = lazy(() => import('../wallet/embedded/index.js'));

/** A user with an embedded wallet has it loaded silently (a password recovery waits for a wallet call). */
export function connectEmbeddedWallet(ctx: Context): void {
  if (ctx.stores.$user.get()?.wallet?.walletClientType !== 'gatehouse') return;
  loadEmbeddedWallet().then(
    (wallet) => wallet.connectInBackground(ctx),
    () => {},
  );
}
