/** The lazily loaded Farcaster part of the frame: the service with its provider client. */
import type { DeviceShareStore } from '../device-store.js';
import type { WalletApiOptions } from '../wallet-api.js';
import { farcasterFrameApi } from './api.js';
import { FarcasterFrameService } from './service.js';

export function loadFarcasterService(appId: string, store: DeviceShareStore, api: WalletApiOptions) {
  return new FarcasterFrameService({ appId, store, api: farcasterFrameApi(api) });
}
