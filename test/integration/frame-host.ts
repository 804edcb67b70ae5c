import { expect } from 'vitest';
import { DeviceHandlers } from '../../src/frame/device-handlers.js';
import type { DeviceKey } from '../../src/frame/device-key.js';
import { type DeviceStore, deviceShareKey } from '../../src/frame/device-store.js';
import { type FrameWindow, frameHandlers, startFrame } from '../../src/frame/messaging.js';
import { mfaClient } from '../../src/frame/mfa-client.js';
import { FrameMfa } from '../../src/frame/mfa-service.js';
import { MfaSession } from '../../src/frame/mfa-session.js';
import { type WalletApi, walletApi } from '../../src/frame/wallet-api.js';
import { WalletService } from '../../src/frame/wallet-service.js';
import {
  WALLET_FRAME_SOURCE,
  type WalletFrameOutgoing,
  type WalletFrameReply,
  type WalletFrameRequest,
} from '../../src/protocol/wallet-frame.js';
import { type FrameRequest, frameFetch } from './frame-fetch.js';
import { type Harness, ORIGIN, PUBLIC_URL } from './harness.js';

/**
 * IndexedDB's contract for one browser profile: share values are copies in and out; device keys
 * are kept as the browser keeps a non-extractable CryptoKey.
 */
export class ProfileStore implements DeviceStore {
  readonly values = new Map<string, Uint8Array>();
  readonly keys = new Map<string, DeviceKey>();
  async get(appId: string, address: string) {
    return this.values.get(deviceShareKey(appId, address))?.slice();
  }
  async put(appId: string, address: string, share: Uint8Array) {
    this.values.set(deviceShareKey(appId, address), share.slice());
  }
  async delete(appId: string, address: string) {
    this.values.delete(deviceShareKey(appId, address));
  }
  async getKey(appId: string, address: string) {
    return this.keys.get(deviceShareKey(appId, address));
  }
  async putKey(appId: string, address: string, key: DeviceKey) {
    this.keys.set(deviceShareKey(appId, address), key);
  }
  async deleteKey(appId: string, address: string) {
    this.keys.delete(deviceShareKey(appId, address));
  }
}

export interface Posted {
  message: WalletFrameOutgoing;
  targetOrigin: string;
}

export interface FrameHostOptions {
  /** Every request and response body between any frame and the provider. */
  wire?: string[];
  /** Every message any frame posted to its host. */
  posted?: Posted[];
  /** Every request any frame made to the provider, whole (method, path, headers, body). */
  requests?: FrameRequest[];
  /** The frame's clock (the harness clock, so proofs and tokens expire together). */
  now?: () => number;
}

/**
 * Host pages at ORIGIN, each with a wallet frame (the real WalletService and FrameMfa behind the
 * real message channel) whose fetch() reaches the harness's provider as same-origin requests.
 */
export function frameHost(h: () => Harness, options: FrameHostOptions = {}) {
  let nextId = 0;
  const fetch = frameFetch(h, options.wire, options.requests);

  /** A frame in one browser profile; `wrapApi` lets a test watch what the frame fetched. */
  return function openFrame(
    store = new ProfileStore(),
    wrapApi: (api: WalletApi) => WalletApi = (api) => api,
  ) {
    const listeners: Array<(event: MessageEvent) => void> = [];
    const mine: Posted[] = [];
    const parent = {
      postMessage(message: WalletFrameOutgoing, targetOrigin: string) {
        options.posted?.push({ message, targetOrigin });
        mine.push({ message, targetOrigin });
      },
    };
    const win: FrameWindow = {
      parent,
      addEventListener: (_type, listener) => listeners.push(listener),
      removeEventListener: () => undefined,
    };
    const provider = { baseUrl: PUBLIC_URL, appId: h().appId, clientAnalyticsId: 'caid-1', fetch };
    const mfa = new MfaSession(options.now);
    const api = wrapApi(walletApi(provider));
    const wallet = new WalletService({
      appId: h().appId,
      store,
      api,
      mfa,
      ...(options.now ? { now: options.now } : {}),
    });
    const devices = new DeviceHandlers({ appId: h().appId, store, api, mfa });
    startFrame(win, ORIGIN, frameHandlers(wallet, new FrameMfa(mfaClient(provider), mfa), devices));

    function deliver(data: unknown, from: { source?: unknown; origin?: string } = {}): void {
      const source = 'source' in from ? from.source : parent;
      const event = { data, source, origin: from.origin ?? ORIGIN } as MessageEvent;
      for (const listener of listeners) listener(event);
    }

    /** Posts a request as the host page and waits for the frame's reply. */
    async function request<T extends WalletFrameRequest['type']>(
      type: T,
      data: Extract<WalletFrameRequest, { type: T }>['data'],
    ): Promise<WalletFrameReply<T>> {
      nextId += 1;
      const id = `req-${nextId}`;
      deliver({ source: WALLET_FRAME_SOURCE, id, type, data });
      let reply: WalletFrameReply<T> | undefined;
      await expect
        .poll(
          () => {
            reply = mine.find((p) => 'id' in p.message && p.message.id === id)
              ?.message as WalletFrameReply<T>;
            return reply;
          },
          { timeout: 15_000, interval: 10 },
        )
        .toBeDefined();
      return reply as WalletFrameReply<T>;
    }

    return { store, mine, deliver, request };
  };
}
