/**
 * The wallet frame's device messages and the key export view's token handover (§7 envelopes,
 * exact origins, as every frame message: wallet-frame.ts).
 *
 * - `wallet:clear` {} → {cleared: true}: the frame forgets what it holds for the session (a key
 *   being registered, the MFA proof). The host sends it when the user logs out, before the session
 *   is cleared.
 * - `wallet:get-devices` {accessToken, address} → {devices}: the wallet's registered device keys;
 *   `current` marks this browser's.
 * - `wallet:revoke-device` {accessToken, address, id} → {devices}: revokes one, signed by this
 *   browser's device key (so a token alone revokes nothing); `wallet_not_on_device` when this
 *   browser holds no registered key (recover first).
 *
 * The export view gets the access token from its parent, never in its URL: once it listens it
 * posts `{source, type: EXPORT_VIEW_MESSAGES.ready, channel}` to the host origin (the `origin`
 * query parameter, one of the app's origins); the host answers that window, at the provider's
 * origin, `{source, type: EXPORT_VIEW_MESSAGES.token, channel, accessToken}`. `channel` is the
 * random `channel` query parameter the host gave this view. The view takes the token only from
 * its parent window on the host origin.
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

/** The export view's token handover (see above). */
export const EXPORT_VIEW_MESSAGES = {
  ready: 'gatehouse:export:ready',
  token: 'gatehouse:export:token',
  /** The user pressed Escape inside the view: the host closes the screen as for Escape elsewhere. */
  escape: 'gatehouse:export:escape',
} as const;
