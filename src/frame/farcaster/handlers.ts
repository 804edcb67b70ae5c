/**
 * The frame's Farcaster requests (§7), for the message dispatch of messaging.ts. This module is
 * in the frame's first load and stays tiny: the service (message building, Ed25519, BLAKE3) is a
 * chunk of its own, fetched on the first Farcaster request.
 */
import { FARCASTER_FRAME_REQUESTS, type FarcasterFrameRequestType } from '../../protocol/farcaster-frame.js';
import type { DeviceShareStore } from '../device-store.js';
import type { FrameHandlers } from '../messaging.js';
import type { WalletApiOptions } from '../wallet-api.js';
import type { FarcasterFrameService } from './service.js';

type Method = 'initSigner' | 'submitCast' | 'removeCast' | 'reactToCast' | 'submitLink' | 'removeLink';

const METHODS: Record<FarcasterFrameRequestType, Method> = {
  [FARCASTER_FRAME_REQUESTS.initSigner]: 'initSigner',
  [FARCASTER_FRAME_REQUESTS.submitCast]: 'submitCast',
  [FARCASTER_FRAME_REQUESTS.removeCast]: 'removeCast',
  [FARCASTER_FRAME_REQUESTS.reactToCast]: 'reactToCast',
  [FARCASTER_FRAME_REQUESTS.submitLink]: 'submitLink',
  [FARCASTER_FRAME_REQUESTS.removeLink]: 'removeLink',
};

export function farcasterHandlers(
  appId: string,
  store: DeviceShareStore,
  api: WalletApiOptions,
): FrameHandlers {
  let service: Promise<FarcasterFrameService> | undefined;
  const load = () => {
    service ??= import('./load.js').then(
      ({ loadFarcasterService }) => loadFarcasterService(appId, store, api),
      (error: unknown) => {
        service = undefined;
        throw error;
      },
    );
    return service;
  };
  return Object.fromEntries(
    Object.entries(METHODS).map(([type, method]) => [
      type,
      async (data: unknown) => (await load())[method](data as never),
    ]),
  );
}
