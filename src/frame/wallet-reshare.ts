/**
 * `wallet:set-recovery-password`: the password is set in the surface, then new device, auth and
 * recovery shares of the same key, the recovery share under the password: every older share (and
 * so the old recovery share) no longer combines with the new auth share. The provider takes them
 * with this device's proof, the wallet key's signature, and the MFA proof when the user has MFA.
 */
import type { WalletFrameReplyData, WalletFrameRequestData } from '../protocol/wallet-frame.js';
import { withUser } from './demands.js';
import { reconstruct, splitEntropy } from './keys.js';
import { sealWithPassword } from './password-box.js';
import type { RequestScope } from './request-scope.js';
import { guarded, newPassword, type WalletDeps } from './wallet-deps.js';
import { requireAddress, requireToken } from './wallet-errors.js';
import { unlock } from './wallet-unlock.js';

export async function setRecoveryPassword(
  deps: WalletDeps,
  data: WalletFrameRequestData['wallet:set-recovery-password'],
  scope: RequestScope,
): Promise<WalletFrameReplyData['wallet:set-recovery-password']> {
  const accessToken = requireToken(data?.accessToken);
  const address = requireAddress(data.address);
  const { password } = await newPassword(scope, { purpose: 'update', automatic: false });
  const { wallet, entropy, key } = await unlock(deps, scope, accessToken, address);
  const shares = await splitEntropy(entropy);
  entropy.fill(0);
  try {
    await reconstruct(shares.device, shares.auth, wallet.address);
    const recovery = await sealWithPassword(shares.recovery, password);
    const shareSet = { recoveryMethod: 'user-passcode' as const, authShare: shares.auth, recovery };
    const proofs = () => ({
      device: key,
      mfaProof: deps.mfa.proofFor(accessToken),
      signAddress: (message: string) => wallet.signMessage(message),
    });
    await withUser(scope, accessToken, deps.demands, () =>
      guarded(deps, () => deps.api.reshare(accessToken, wallet.address, shareSet, proofs())),
    );
    await deps.store.put(deps.appId, wallet.address, shares.device);
  } finally {
    shares.device.fill(0);
    shares.auth.fill(0);
    shares.recovery.fill(0);
  }
  return { address: wallet.address, recoveryMethod: 'user-passcode' };
}
