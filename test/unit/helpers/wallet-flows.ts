/**
 * The embedded wallet's flows in core over a wallet client (../core/wallet/wallet-client.ts): what
 * the modal shows, a login by email code, the login:success events.
 */
import { submitCode, submitDestination } from '../../../src/core/login/passwordless.js';
import type { User } from '../../../src/protocol/client.js';
import type { walletClient } from '../core/wallet/wallet-client.js';

type WalletClient = Awaited<ReturnType<typeof walletClient>>;

/** The screen the modal shows, or null when it is closed. */
export const screen = (gatehouse: {
  ctx: { modal: { $modal: { get(): { open: boolean; screen: string } } } };
}) => {
  const state = gatehouse.ctx.modal.$modal.get();
  return state.open ? state.screen : null;
};

/** Logs in by email: login(), the address, the code the provider sent. */
export async function loginByEmail(client: WalletClient, email: string) {
  const { gatehouse, provider } = client;
  await gatehouse.call('login', []);
  await submitDestination(gatehouse.ctx, 'email', email);
  await submitCode(gatehouse.ctx, provider.codes.get(email)!);
}

/** The users of the login:success events so far. */
export function successes(client: WalletClient) {
  return client.events.seen.filter((e) => e.name === 'login:success').map((e) => e.detail as { user: User });
}
