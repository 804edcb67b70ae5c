/** The frame's handler of each request type (§7), over the services that do the work. */
import { MFA_FRAME_REQUESTS } from '../protocol/mfa-frame.js';
import { PASSKEY_FRAME_REQUESTS } from '../protocol/passkey.js';
import { DEVICE_FRAME_REQUESTS } from '../protocol/wallet-device-frame.js';
import { WALLET_FRAME_REQUESTS, type WalletFrameRequestData } from '../protocol/wallet-frame.js';
import type { DeviceHandlers } from './device-handlers.js';
import type { FrameHandler, FrameHandlers } from './messaging.js';
import type { FrameMfa } from './mfa-service.js';
import type { PasskeyDeps } from './passkey-link.js';
import { loadPasskeys } from './passkey-load.js';
import type { PasskeySealer } from './wallet-create.js';
import type { WalletService } from './wallet-service.js';

export function frameHandlers(
  wallet: WalletService,
  mfa: FrameMfa,
  devices: DeviceHandlers,
  extra: FrameHandlers = {},
  /** The passkey requests, where the frame has the provider's passkey endpoints. */
  passkeys?: PasskeyDeps,
): FrameHandlers {
  const typed: Record<string, FrameHandler> = {
    [WALLET_FRAME_REQUESTS.create]: (data, scope) => {
      const request = data as WalletFrameRequestData['wallet:create'];
      const token = request?.accessToken;
      const sealer: PasskeySealer | undefined =
        passkeys && typeof token === 'string'
          ? (share, address) =>
              loadPasskeys().then((code) => code.passkeySealer(passkeys, scope, token)(share, address))
          : undefined;
      return wallet.create(request, scope, sealer);
    },
    [WALLET_FRAME_REQUESTS.connect]: (data) => wallet.connect(data as never),
    [WALLET_FRAME_REQUESTS.recover]: (data, scope) => wallet.recover(data as never, scope),
    [WALLET_FRAME_REQUESTS.rpc]: (data, scope) => wallet.rpc(data as never, scope),
    [WALLET_FRAME_REQUESTS.setRecoveryPassword]: (data, scope) =>
      wallet.setRecoveryPassword(data as never, scope),
    [WALLET_FRAME_REQUESTS.exportKey]: (data, scope) => wallet.exportKey(data as never, scope),
    [WALLET_FRAME_REQUESTS.stepUp]: (data, scope) => wallet.stepUp(data as never, scope),
    [MFA_FRAME_REQUESTS.enroll]: (data, scope) => mfa.enroll(data as never, scope),
    [MFA_FRAME_REQUESTS.unenroll]: (data, scope) => mfa.unenroll(data as never, scope),
    [MFA_FRAME_REQUESTS.clear]: () => mfa.clear(),
    [DEVICE_FRAME_REQUESTS.clearWallet]: () => wallet.clear(),
    [DEVICE_FRAME_REQUESTS.getDevices]: (data) => devices.list(data as never),
    [DEVICE_FRAME_REQUESTS.revokeDevice]: (data) => devices.revoke(data as never),
  };
  return { ...extra, ...(passkeys ? lazyPasskeyHandlers(passkeys) : {}), ...typed };
}

/** The passkey requests, each fetching the passkey code first. */
function lazyPasskeyHandlers(deps: PasskeyDeps): FrameHandlers {
  const handlers = Object.values(PASSKEY_FRAME_REQUESTS).map((type): [string, FrameHandler] => [
    type,
    (data, scope) => loadPasskeys().then((code) => code.passkeyHandlers(deps)[type]?.(data, scope)),
  ]);
  return Object.fromEntries(handlers);
}
