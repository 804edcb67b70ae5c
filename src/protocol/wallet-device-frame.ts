/**
 * The wallet frame's device messages (§7 envelopes, exact origins, as every frame message:
 * wallet-frame.ts).
 *
 * - `wallet:clear` {} → {cleared: true}: the frame forgets what it holds for the session (a key
 *   being registered, the MFA proof) and cancels what waits on the user. The host sends it when
 *   the user logs out, before the session is cleared; answered at once, ahead of any waiting request.
 * - `wallet:get-devices` {accessToken, address} → {devices}: the wallet's registered device keys;
 *   `current` marks this browser's.
 * - `wallet:revoke-device` {accessToken, address, id} → {devices}: revokes one, signed by this
 *   browser's device key (so a token alone revokes nothing); `wallet_not_on_device` when this
 *   browser holds no registered key (recover first).
 */

export const DEVICE_FRAME_REQUESTS = {
  clearWallet: 'wallet:clear',
  getDevices: 'wallet:get-devices',
  revokeDevice: 'wallet:revoke-device',
} as const;

/** A registered device key of the embedded wallet, as `LoginWidget.getWalletDevices()` gives it. */
export interface WalletDevice {
  /** The key's thumbprint: what `revokeWalletDevice(id)` takes. */
  id: string;
  /** Epoch milliseconds. */
  createdAt: number;
  /** Epoch milliseconds of its last share release, or null. */
  lastUsedAt: number | null;
  /** This browser's device key. */
  current: boolean;
}

export interface DeviceFrameRequestData {
  'wallet:clear': Record<string, never>;
  'wallet:get-devices': { accessToken: string; address: string };
  'wallet:revoke-device': { accessToken: string; address: string; id: string };
}

export interface DeviceFrameReplyData {
  'wallet:clear': { cleared: true };
  'wallet:get-devices': { devices: WalletDevice[] };
  'wallet:revoke-device': { devices: WalletDevice[] };
}

/** How long the host's logout waits for the frame's `wallet:clear` answer before it goes on. */
export const WALLET_CLEAR_TIMEOUT_MS = 1000;
