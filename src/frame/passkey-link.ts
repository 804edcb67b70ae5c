/**
 * `passkey:link`: a passkey made in the surface (a create ceremony over the provider's options for
 * this user) and added to the user's account. For a user with a wallet the provider asks a step-up
 * first, met on the same prompt (demands.ts); a refusal shows in the passkey view for another try.
 */
import type { UserWire } from '../protocol/api.js';
import type { PasskeyAction, PasskeyView } from '../protocol/passkey.js';
import type { WalletFrameReplyData, WalletFrameRequestData } from '../protocol/wallet-frame.js';
import { withUser } from './demands.js';
import type { PasskeyApi } from './passkey-api.js';
import { openIn, runCeremony } from './passkey-ceremony.js';
import type { RequestScope } from './request-scope.js';
import { guarded, type WalletDeps } from './wallet-deps.js';
import { requireAddress, requireToken } from './wallet-errors.js';

export interface PasskeyDeps {
  wallet: WalletDeps;
  api: PasskeyApi;
  /** The step-up's `wallet` factor, by the wallet at `address` on this device. */
  approveWithWallet(accessToken: string, ticketId: string, address: string | null): Promise<void>;
}

/** Runs a provider call for the user: a step-up or MFA it asks is met on the request's prompt. */
export function forUser(deps: PasskeyDeps, scope: RequestScope, accessToken: string, address: string | null) {
  const demands = {
    ...deps.wallet.demands,
    approveWithWallet: (token: string, id: string) => deps.approveWithWallet(token, id, address),
  };
  return <T>(call: () => Promise<T>): Promise<T> =>
    withUser(scope, accessToken, demands, () => guarded(deps.wallet, call));
}

/** A new passkey for the user, linked; with the PRF output asked at its creation when `prf`. */
export function linkPasskey(
  deps: PasskeyDeps,
  scope: RequestScope,
  accessToken: string,
  view: { purpose: PasskeyView['purpose']; prf: boolean; address: string | null },
): Promise<{ user: UserWire; action: PasskeyAction }> {
  const ask = forUser(deps, scope, accessToken, view.address);
  return runCeremony(openIn(scope), {
    view: { purpose: view.purpose, ceremony: 'create', prf: view.prf, canSignUp: false },
    options: () => ask(() => deps.api.registerInit(accessToken, {})),
    submit: async (action) => ({
      user: await ask(() => deps.api.link(accessToken, action.credential)),
      action,
    }),
  });
}

export async function linkRequest(
  deps: PasskeyDeps,
  data: WalletFrameRequestData['passkey:link'],
  scope: RequestScope,
): Promise<WalletFrameReplyData['passkey:link']> {
  const accessToken = requireToken(data?.accessToken);
  const address = data.address === undefined ? null : requireAddress(data.address);
  const { user } = await linkPasskey(deps, scope, accessToken, { purpose: 'link', prf: false, address });
  return { user };
}
