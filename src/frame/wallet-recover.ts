/**
 * `wallet:recover`: this browser becomes a device of the wallet. A device key of its own, which
 * the provider registers only with a step-up approved for it (demands.ts: the user confirms it is
 * them in the surface; a login is not enough); the recovery share — opened here with the password
 * the user types in the surface for 'user-passcode', with the user's passkey for 'passkey'
 * (passkey-recovery.ts) — then the auth share, and a device share of
 * its own (a new point of the same split, so the user's other browsers keep working).
 */
import type { WalletFrameReplyData, WalletFrameRequestData } from '../protocol/wallet-frame.js';
import { withUser } from './demands.js';
import { type DeviceKey, newDeviceKey } from './device-key.js';
import { deriveShare, reconstruct } from './keys.js';
import { loadPasskeys } from './passkey-load.js';
import { takeKeptPrf } from './passkey-shared.js';
import { openWithPassword, WrongPasswordError } from './password-box.js';
import type { RequestScope } from './request-scope.js';
import type { FetchedRecovery } from './wallet-api.js';
import { enteredPassword, guarded, type WalletDeps } from './wallet-deps.js';
import { requireAddress, requireToken } from './wallet-errors.js';

/** The recovery share, opened (with the password typed in the surface for 'user-passcode'). */
function recoveryShare(scope: RequestScope, address: string, fetched: FetchedRecovery): Promise<Uint8Array> {
  if (fetched.recoveryMethod === 'passkey') {
    const { box } = fetched;
    return loadPasskeys().then((passkeys) => passkeys.openPasskeyRecovery(scope, address, box));
  }
  // A PRF output the step-up's passkey gave is of no use to this wallet: it goes now.
  takeKeptPrf(scope.current)?.prf.fill(0);
  if (fetched.recoveryMethod === 'gatehouse') return Promise.resolve(fetched.share);
  const { box } = fetched;
  return enteredPassword(
    scope,
    address,
    (password) => openWithPassword(box, password),
    (error) => error instanceof WrongPasswordError,
  );
}

export async function recoverWallet(
  deps: WalletDeps,
  /** Device keys being registered by a recovery not finished yet (a cancelled one retried), by address. */
  pending: Map<string, DeviceKey>,
  data: WalletFrameRequestData['wallet:recover'],
  scope: RequestScope,
): Promise<WalletFrameReplyData['wallet:recover']> {
  const accessToken = requireToken(data?.accessToken);
  const address = requireAddress(data.address);
  const { appId, store, api, mfa } = deps;
  const pendingKey = address.toLowerCase();
  const key = pending.get(pendingKey) ?? (await newDeviceKey());
  pending.set(pendingKey, key);
  const proofs = () => ({ device: key, mfaProof: mfa.proofFor(accessToken) });
  const ask = <T>(call: () => Promise<T>) =>
    withUser(scope, accessToken, deps.demands, () => guarded(deps, call));
  const fetched = await ask(() => api.recovery(accessToken, address, proofs()));
  const recovery = await recoveryShare(scope, address, fetched);
  scope.current?.state({ busy: true, error: null });
  try {
    const auth = await ask(() => api.authShare(accessToken, address, proofs()));
    try {
      const wallet = await reconstruct(auth, recovery, address);
      const device = await deriveShare(auth, recovery);
      try {
        await reconstruct(device, auth, address);
        await store.put(appId, wallet.address, device);
        await store.putKey(appId, wallet.address, key);
      } finally {
        device.fill(0);
      }
      pending.delete(pendingKey);
      return { address: wallet.address };
    } finally {
      auth.fill(0);
    }
  } finally {
    recovery.fill(0);
  }
}
