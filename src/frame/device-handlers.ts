/**
 * `wallet:get-devices` and `wallet:revoke-device` (protocol/wallet-device-frame.ts): the wallet's
 * registered device keys, this browser's marked `current`; revoking one is signed by this
 * browser's own registered key, so a token alone revokes nothing.
 */

import type { WalletDeviceWire } from '../protocol/wallet-device.js';
import type { WalletDevice } from '../protocol/wallet-device-frame.js';
import type { WalletFrameReplyData, WalletFrameRequestData } from '../protocol/wallet-frame.js';
import type { DeviceStore } from './device-store.js';
import type { MfaSession } from './mfa-session.js';
import { type WalletApi, WalletApiError } from './wallet-api.js';
import {
  InvalidArgumentsError,
  requireAddress,
  requireToken,
  WalletNotOnDeviceError,
} from './wallet-errors.js';

const ID = /^[A-Za-z0-9_-]{1,64}$/;

function devicesOf(wire: WalletDeviceWire[], own: string | undefined): WalletDevice[] {
  return wire.map((device) => ({
    id: device.id,
    createdAt: device.created_at * 1000,
    lastUsedAt: device.last_used_at === null ? null : device.last_used_at * 1000,
    current: device.id === own,
  }));
}

export class DeviceHandlers {
  constructor(
    private readonly options: { appId: string; store: DeviceStore; api: WalletApi; mfa: MfaSession },
  ) {}

  async list(
    data: WalletFrameRequestData['wallet:get-devices'],
  ): Promise<WalletFrameReplyData['wallet:get-devices']> {
    const accessToken = requireToken(data?.accessToken);
    const address = requireAddress(data.address);
    const { appId, store, api } = this.options;
    const own = await store.getKey(appId, address);
    return { devices: devicesOf(await api.devices(accessToken, address), own?.id) };
  }

  async revoke(
    data: WalletFrameRequestData['wallet:revoke-device'],
  ): Promise<WalletFrameReplyData['wallet:revoke-device']> {
    const accessToken = requireToken(data?.accessToken);
    const address = requireAddress(data.address);
    if (typeof data.id !== 'string' || !ID.test(data.id)) throw new InvalidArgumentsError('id is invalid.');
    const { appId, store, api, mfa } = this.options;
    const own = await store.getKey(appId, address);
    if (!own) throw new WalletNotOnDeviceError();
    const proofs = { device: own, mfaProof: mfa.proofFor(accessToken) };
    let left: WalletDeviceWire[];
    try {
      left = await api.revokeDevice(accessToken, address, data.id, proofs);
    } catch (error) {
      // This browser's own key was revoked meanwhile: it recovers before it may revoke.
      const revoked = error instanceof WalletApiError && error.code === 'wallet_device_not_registered';
      throw revoked ? new WalletNotOnDeviceError() : error;
    }
    if (data.id === own.id) {
      // This browser revoked itself: what it kept is of no use any more.
      await store.deleteKey(appId, address);
      await store.delete(appId, address);
    }
    return { devices: devicesOf(left, data.id === own.id ? undefined : own.id) };
  }
}
