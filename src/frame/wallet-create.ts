/**
 * `wallet:create`: a new key, split 2-of-3 and checked, its device share and a new device key kept
 * here, the auth and recovery shares stored by the provider with the wallet's proof of address.
 * The recovery share is under a password the user sets in the surface when the host asks for one,
 * or when the provider refuses silent recovery (a user with nothing to confirm a new device with);
 * or under the user's passkey when the host asks for 'passkey' and the passkey can (PasskeySealer),
 * else as without it, the reply saying why.
 */
import type { PasskeyBox, PasskeyFallback } from '../protocol/passkey.js';
import type { PasswordBox, RecoveryMethod } from '../protocol/wallet-api.js';
import type { WalletFrameReplyData, WalletFrameRequestData } from '../protocol/wallet-frame.js';
import { newDeviceKey } from './device-key.js';
import { newEntropy, reconstruct, splitEntropy, walletFromEntropy } from './keys.js';
import { isPasskeyBox } from './passkey-shared.js';
import { sealWithPassword } from './password-box.js';
import type { RequestScope } from './request-scope.js';
import { guarded, newPassword, type WalletDeps } from './wallet-deps.js';
import { requireToken } from './wallet-errors.js';
import { refusedWith } from './wallet-unlock.js';

/** The recovery share sealed under the user's passkey (passkey-create.ts), or why it could not be. */
export type PasskeySealer = (share: Uint8Array, address: string) => Promise<PasskeyBox | PasskeyFallback>;

type Recovery = Uint8Array | PasswordBox | PasskeyBox;

const methodOf = (recovery: Recovery): RecoveryMethod =>
  recovery instanceof Uint8Array ? 'gatehouse' : isPasskeyBox(recovery) ? 'passkey' : 'user-passcode';

export async function createWallet(
  deps: WalletDeps,
  data: WalletFrameRequestData['wallet:create'],
  scope: RequestScope,
  passkey?: PasskeySealer,
): Promise<WalletFrameReplyData['wallet:create']> {
  const accessToken = requireToken(data?.accessToken);
  const automatic = data.automatic === true;
  const entropy = newEntropy();
  const [wallet, shares] = await Promise.all([walletFromEntropy(entropy), splitEntropy(entropy)]);
  entropy.fill(0);
  // The split is checked the way every later reconstruction is.
  await reconstruct(shares.device, shares.auth, wallet.address);
  const { appId, store, api } = deps;
  const underPassword = async (): Promise<PasswordBox> => {
    const { password } = await newPassword(scope, { purpose: 'create', automatic });
    return sealWithPassword(shares.recovery, password);
  };
  let passkeyFallback: PasskeyFallback | undefined;
  const firstRecovery = async (): Promise<Recovery> => {
    if (data.recoveryMethod === 'user-passcode') return underPassword();
    if (data.recoveryMethod !== 'passkey') return shares.recovery;
    const sealed = passkey ? await passkey(shares.recovery, wallet.address) : 'unavailable';
    if (typeof sealed !== 'string') return sealed;
    passkeyFallback = sealed;
    return data.fallback === 'user-passcode' ? underPassword() : shares.recovery;
  };
  const device = await newDeviceKey();
  const proofs = { device, signAddress: (message: string) => wallet.signMessage(message) };
  const store_ = (recovery: Recovery) => {
    const recoveryMethod = methodOf(recovery);
    const shareSet = { recoveryMethod, authShare: shares.auth, recovery };
    return guarded(deps, () => api.create(accessToken, wallet.address, shareSet, proofs)).then(
      () => recoveryMethod,
    );
  };
  try {
    const recovery = await firstRecovery();
    await store.put(appId, wallet.address, shares.device);
    await store.putKey(appId, wallet.address, device);
    let recoveryMethod: RecoveryMethod;
    try {
      recoveryMethod = await store_(recovery);
    } catch (error) {
      if (!refusedWith(error, 'recovery_password_required')) throw error;
      recoveryMethod = await store_(await underPassword());
    }
    return { address: wallet.address, recoveryMethod, ...(passkeyFallback ? { passkeyFallback } : {}) };
  } catch (error) {
    await store.delete(appId, wallet.address).catch(() => undefined);
    await store.deleteKey(appId, wallet.address).catch(() => undefined);
    throw error;
  } finally {
    shares.device.fill(0);
    shares.auth.fill(0);
    shares.recovery.fill(0);
  }
}
