/**
 * A new recovery for the wallet: new device, auth and recovery shares of the same key, the recovery
 * share under a password set in the surface (`wallet:set-recovery-password`) or a passkey
 * (passkey-recovery.ts): every older share (and so the old recovery share) no longer combines with
 * the new auth share. The provider takes them with this device's proof, the wallet key's
 * signature, and the MFA proof when the user has MFA.
 */
import type { PasskeyBox } from '../protocol/passkey.js';
import type { PasswordBox } from '../protocol/wallet-api.js';
import type { WalletFrameReplyData, WalletFrameRequestData } from '../protocol/wallet-frame.js';
import { withUser } from './demands.js';
import { reconstruct, splitEntropy } from './keys.js';
import { sealWithPassword } from './password-box.js';
import type { RequestScope } from './request-scope.js';
import { guarded, newPassword, type WalletDeps } from './wallet-deps.js';
import { requireAddress, requireToken } from './wallet-errors.js';
import { unlock } from './wallet-unlock.js';

/** How the new recovery share is kept: its method, and its box for the wallet's (checksummed) address. */
export interface NewRecovery {
  recoveryMethod: 'user-passcode' | 'passkey';
  seal(share: Uint8Array, address: string): Promise<PasswordBox | PasskeyBox>;
}

/** Re-splits the wallet with the recovery share under `recovery`; answers the checksummed address. */
export async function reshareWallet(
  deps: WalletDeps,
  scope: RequestScope,
  accessToken: string,
  address: string,
  recovery: NewRecovery,
): Promise<string> {
  const { wallet, entropy, key } = await unlock(deps, scope, accessToken, address);
  const shares = await splitEntropy(entropy);
  entropy.fill(0);
  try {
    await reconstruct(shares.device, shares.auth, wallet.address);
    const shareSet = {
      recoveryMethod: recovery.recoveryMethod,
      authShare: shares.auth,
      recovery: await recovery.seal(shares.recovery, wallet.address),
    };
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
  return wallet.address;
}

export async function setRecoveryPassword(
  deps: WalletDeps,
  data: WalletFrameRequestData['wallet:set-recovery-password'],
  scope: RequestScope,
): Promise<WalletFrameReplyData['wallet:set-recovery-password']> {
  const accessToken = requireToken(data?.accessToken);
  const address = requireAddress(data.address);
  const { password } = await newPassword(scope, { purpose: 'update', automatic: false });
  const recovery: NewRecovery = {
    recoveryMethod: 'user-passcode',
    seal: (share) => sealWithPassword(share, password),
  };
  return {
    address: await reshareWallet(deps, scope, accessToken, address, recovery),
    recoveryMethod: 'user-passcode',
  };
}
