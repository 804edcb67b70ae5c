/**
 * The wallet from this browser's device share and the auth share its device key gets (with the
 * MFA proof the provider may ask for, met in the surface: demands.ts). Nothing rebuilt is kept:
 * every use fetches the auth share again.
 */
import type { HDNodeWallet } from 'ethers/wallet';
import { withUser } from './demands.js';
import type { DeviceKey } from './device-key.js';
import { AddressMismatchError, rebuild } from './keys.js';
import type { RequestScope } from './request-scope.js';
import { WalletApiError } from './wallet-api.js';
import type { WalletDeps } from './wallet-deps.js';
import { WalletNotOnDeviceError } from './wallet-errors.js';

/** The wallet unlocked for one request, its entropy (zeroed by the caller), the device key that got the auth share. */
export interface Unlocked {
  wallet: HDNodeWallet;
  entropy: Uint8Array;
  key: DeviceKey;
}

/** A refusal of the provider with this code. */
export const refusedWith = (error: unknown, code: string): boolean =>
  error instanceof WalletApiError && error.code === code;

export async function unlock(
  deps: WalletDeps,
  scope: RequestScope,
  accessToken: string,
  address: string,
): Promise<Unlocked> {
  const { appId, store, api, mfa } = deps;
  const key = await store.getKey(appId, address);
  const device = key ? await store.get(appId, address) : undefined;
  if (!key || !device) throw new WalletNotOnDeviceError();
  let auth: Uint8Array;
  try {
    auth = await withUser(scope, accessToken, deps.demands, () =>
      api.authShare(accessToken, address, { device: key, mfaProof: mfa.proofFor(accessToken) }),
    );
  } catch (error) {
    device.fill(0);
    // Not (or no longer) registered, revoked from another device: recovering registers it again.
    throw refusedWith(error, 'wallet_device_not_registered') ? new WalletNotOnDeviceError() : error;
  }
  try {
    return { ...(await rebuild(device, auth, address)), key };
  } catch (error) {
    // A device share of an older split (the key was re-shared elsewhere): recovering replaces it.
    throw error instanceof AddressMismatchError ? new WalletNotOnDeviceError() : error;
  } finally {
    auth.fill(0);
    device.fill(0);
  }
}
