/** The embedded wallet (core/wallet/embedded), a chunk of its own: creation, connection, signing, sending, export. */
import type { User } from '../../protocol/client.js';
import type { Context } from '../context.js';
import { lazy } from '../lazy.js';
import { needsConsent } from '../login/consent-resume.js';
import { createOnLogin } from '../settings/wallet-creation.js';

export const loadEmbeddedWallet = lazy(() => import('../wallet/embedded/index.js'));

/** createOnLogin as it applies to this login: 'users-without-wallets' from CONNECT_OR_CREATE. */
function createSetting(ctx: Context): string | undefined {
  // connectOrCreateWallet(): a login from CONNECT_OR_CREATE gets a wallet when it has none.
  const setting = ctx.modal.$flow.get().createWallet ? 'users-without-wallets' : createOnLogin(ctx);
  return setting === 'off' ? undefined : setting;
}

/** §4.2, §6: whether this user should get an embedded wallet made on login (createOnLogin). */
export function createsWallet(ctx: Context, user: User): boolean {
  if (user.wallet?.walletClientType === 'gatehouse') return false;
  const setting = createSetting(ctx);
  return setting === 'all-users' || (setting !== undefined && !user.wallet);
}

/**
 * While the visitor reads their code: when this login may make a wallet, the wallet frame loads
 * (and warms its key derivation) now, so that the creation after the login only does its own work.
 */
export function prepareWalletFrame(ctx: Context): void {
  if (ctx.session.authenticated || !createSetting(ctx)) return;
  loadEmbeddedWallet().then(
    (wallet) => wallet.prepareFrame(ctx),
    () => {},
  );
}

/**
 * A user who should have an embedded wallet and has none (the page went away while 'Creating
 * your wallet' showed) gets it made now, without the host asking (at start, and after init()
 * says createOnLogin). Not while a flow of the modal is under way (a login makes the wallet
 * itself), nor before the terms are accepted.
 */
export function resumeWalletCreation(ctx: Context): void {
  const user = ctx.stores.$user.get();
  if (!user || !ctx.session.authenticated || ctx.modal.hasTask) return;
  if (!createsWallet(ctx, user) || needsConsent(ctx.$config.get(), user)) return;
  loadEmbeddedWallet().then(
    (wallet) => wallet.createInBackground(ctx),
    () => {},
  );
}

/** A user with an embedded wallet has it loaded silently (a password recovery waits for a wallet call). */
export function connectEmbeddedWallet(ctx: Context): void {
  if (ctx.stores.$user.get()?.wallet?.walletClientType !== 'gatehouse') {
    resumeWalletCreation(ctx);
    return;
  }
  loadEmbeddedWallet().then(
    (wallet) => wallet.connectInBackground(ctx),
    () => {},
  );
}
