import { DeviceHandlers } from '../../src/frame/device-handlers.js';
import type { DeviceKey } from '../../src/frame/device-key.js';
import { type DeviceStore, deviceShareKey } from '../../src/frame/device-store.js';
import { frameHandlers } from '../../src/frame/handlers.js';
import { type FrameHandlers, type FrameWindow, startFrame } from '../../src/frame/messaging.js';
import { mfaClient } from '../../src/frame/mfa-client.js';
import { FrameMfa } from '../../src/frame/mfa-service.js';
import { MfaSession } from '../../src/frame/mfa-session.js';
import { passkeyApi } from '../../src/frame/passkey-api.js';
import { passkeyApproval } from '../../src/frame/passkey-step-up.js';
import { PromptHub } from '../../src/frame/prompts.js';
import { providerCall } from '../../src/frame/provider-call.js';
import { stepUpApi } from '../../src/frame/step-up-api.js';
import { type WalletApi, walletApi } from '../../src/frame/wallet-api.js';
import type { WalletDeps } from '../../src/frame/wallet-deps.js';
import { WalletService } from '../../src/frame/wallet-service.js';
import { PROMPT_MESSAGE, type PromptMessage } from '../../src/protocol/surface.js';
import {
  WALLET_FRAME_SOURCE,
  type WalletFrameOutgoing,
  type WalletFrameReply,
  type WalletFrameRequestData,
  type WalletFrameRequestType,
} from '../../src/protocol/wallet-frame.js';
import { type FrameRequest, frameFetch } from './frame-fetch.js';
import { type Harness, ORIGIN, PUBLIC_URL } from './harness.js';
import { SurfaceSession, surfaceChannel } from './surface-peer.js';

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
  /** The app's enforce_wallet_uis as the frame reads it (default on). */
  enforceWalletUis?: boolean;
  /** Requests of other groups (Farcaster's), by type. */
  extra?: (
    provider: { baseUrl: string; appId: string; fetch: typeof fetch },
    store: ProfileStore,
  ) => FrameHandlers;
}

/** What the person in front of the surfaces does for one request; by default, approves any review. */
export type SurfaceUser = (surface: SurfaceSession) => Promise<void>;

export const approveReviews: SurfaceUser = async (surface) => {
  const { view } = await surface.waitFor(() => true);
  if (view.kind === 'verify' || view.kind.startsWith('password') || view.kind === 'mfa-enroll') {
    throw new Error(`The surface asked for ${view.kind} where the test expected a review only.`);
  }
  surface.act({ type: 'approve' });
};

/**
 * Host pages at ORIGIN, each with a wallet frame (the real WalletService and FrameMfa behind the
 * real message channel) whose fetch() reaches the harness's provider as same-origin requests, and
 * the surfaces of its prompts, acted on by the test as the user would.
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
    const users = new Map<string, SurfaceUser>();
    const channel = surfaceChannel();
    const sessions = new Map<string, SurfaceSession>();
    /** Requests waiting for their reply; a failure of the test's user fails them all. */
    const waiters = new Map<
      string,
      { type: string; resolve: (reply: WalletFrameReply) => void; reject: (error: unknown) => void }
    >();
    const parent = {
      postMessage(message: WalletFrameOutgoing, targetOrigin: string) {
        options.posted?.push({ message, targetOrigin });
        mine.push({ message, targetOrigin });
        if (message.type === PROMPT_MESSAGE) return onPrompt(message as PromptMessage);
        const waiter = 'id' in message ? waiters.get(message.id) : undefined;
        if (waiter && 'id' in message && message.type === waiter.type) {
          waiters.delete(message.id);
          waiter.resolve(message as WalletFrameReply);
        }
      },
    };
    const onPrompt = (message: PromptMessage) => {
      if (sessions.has(message.prompt.id)) return;
      const session = new SurfaceSession(message.prompt.id, channel);
      sessions.set(message.prompt.id, session);
      const user = users.get(message.id) ?? approveReviews;
      user(session).catch((error: unknown) => {
        for (const waiter of waiters.values()) waiter.reject(error);
      });
    };
    const win: FrameWindow = {
      parent,
      addEventListener: (_type, listener) => listeners.push(listener),
      removeEventListener: () => undefined,
    };
    const provider = { baseUrl: PUBLIC_URL, appId: h().appId, clientAnalyticsId: 'caid-1', fetch };
    const mfa = new MfaSession(options.now);
    const api = wrapApi(walletApi(provider));
    const mfaApi = mfaClient(provider);
    const passkeys = passkeyApi(providerCall(provider));
    let wallet: WalletService | undefined;
    const deps: WalletDeps = {
      appId: h().appId,
      store,
      api,
      mfa,
      enforceWalletUis: options.enforceWalletUis !== false,
      demands: {
        stepUp: stepUpApi(providerCall(provider), h().appId),
        mfa: mfaApi,
        session: mfa,
        approveWithWallet: () => Promise.reject(new Error('no wallet')),
        approveWithPasskey: passkeyApproval(passkeys),
      },
      forget: () => wallet?.forget(),
    };
    const service = new WalletService(deps);
    wallet = service;
    const devices = new DeviceHandlers({ appId: h().appId, store, api, mfa });
    const extra = options.extra?.(provider, store) ?? {};
    // As the frame's main.ts wires it: an MFA change naming the wallet may be approved by it.
    const approveWithWallet = (token: string, id: string, address: string | null) =>
      service.approveWithWallet(token, id, address);
    const frameMfa = new FrameMfa(mfaApi, mfa, deps.demands, approveWithWallet);
    const handlers = frameHandlers(service, frameMfa, devices, extra, {
      wallet: deps,
      api: passkeys,
      approveWithWallet,
    });
    startFrame(win, ORIGIN, handlers, new PromptHub(channel.frame));

    function deliver(data: unknown, from: { source?: unknown; origin?: string } = {}): void {
      const source = 'source' in from ? from.source : parent;
      const event = { data, source, origin: from.origin ?? ORIGIN } as MessageEvent;
      for (const listener of listeners) listener(event);
    }

    /** Posts a request as the host page; `user` acts on its surfaces (default: approves reviews). */
    function send<T extends WalletFrameRequestType>(
      type: T,
      data: WalletFrameRequestData[T],
      request: { user?: SurfaceUser; quiet?: boolean } = {},
    ): { id: string; reply: Promise<WalletFrameReply<T>> } {
      nextId += 1;
      const id = `req-${nextId}`;
      if (request.user) users.set(id, request.user);
      deliver({ source: WALLET_FRAME_SOURCE, id, type, data, ...(request.quiet ? { quiet: true } : {}) });
      const reply = new Promise<WalletFrameReply<T>>((resolve, reject) => {
        waiters.set(id, { type, resolve: resolve as (reply: WalletFrameReply) => void, reject });
        setTimeout(() => reject(new Error(`No reply to ${type} ${id} in 20 s`)), 20_000);
      });
      return { id, reply };
    }

    /** Posts a request and waits for the frame's reply. */
    const request = <T extends WalletFrameRequestType>(
      type: T,
      data: WalletFrameRequestData[T],
      options_: { user?: SurfaceUser; quiet?: boolean } = {},
    ) => send(type, data, options_).reply;

    return { store, mine, deliver, send, request, channel, sessions };
  };
}
