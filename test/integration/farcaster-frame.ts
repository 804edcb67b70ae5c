/**
 * A wallet frame for the Farcaster tests: the real message dispatch (messaging.ts) with the
 * wallet service and the Farcaster handlers (their lazy chunk included), its fetch going to the
 * provider in-process as a same-origin request of the provider's page, its device store in memory.
 */
import { memoryShareStore } from '../../src/frame/device-store.js';
import { farcasterHandlers } from '../../src/frame/farcaster/handlers.js';
import { type FrameWindow, frameHandlers, startFrame } from '../../src/frame/messaging.js';
import { mfaClient } from '../../src/frame/mfa-client.js';
import { FrameMfa } from '../../src/frame/mfa-service.js';
import { MfaSession } from '../../src/frame/mfa-session.js';
import { walletApi } from '../../src/frame/wallet-api.js';
import { WalletService } from '../../src/frame/wallet-service.js';
import type {
  FarcasterFrameReplyData,
  FarcasterFrameRequestData,
} from '../../src/protocol/farcaster-frame.js';
import { WALLET_FRAME_SOURCE, type WalletFrameError } from '../../src/protocol/wallet-frame.js';
import type { FarcasterWorld } from './farcaster-world.js';
import { frameFetch } from './frame-fetch.js';
import { type Harness, ORIGIN, PUBLIC_URL } from './harness.js';

type RequestData = FarcasterFrameRequestData & { 'wallet:create': { accessToken: string } };
type ReplyData = FarcasterFrameReplyData & { 'wallet:create': { address: string } };

export interface FrameReply<T extends keyof ReplyData> {
  data?: ReplyData[T];
  error?: WalletFrameError;
}

let nextId = 0;

export function openFarcasterFrame(h: Harness) {
  /** Every request and response body between the frame and the provider. */
  const wire: string[] = [];
  /** Every message the frame posted to the host page. */
  const posted: unknown[] = [];
  const fetch = frameFetch(() => h, wire);

  const listeners: Array<(event: MessageEvent) => void> = [];
  const parent = { postMessage: (message: unknown) => posted.push(message) };
  const win: FrameWindow = {
    parent,
    addEventListener: (_type, listener) => listeners.push(listener),
    removeEventListener: () => undefined,
  };
  const store = memoryShareStore();
  const provider = { baseUrl: PUBLIC_URL, appId: h.appId, fetch };
  const mfa = new MfaSession();
  const wallet = new WalletService({ appId: h.appId, store, api: walletApi(provider), mfa });
  startFrame(
    win,
    ORIGIN,
    frameHandlers(wallet, new FrameMfa(mfaClient(provider), mfa)),
    farcasterHandlers(h.appId, store, provider),
  );

  /** Posts a request as the host page and waits for the frame's reply. */
  async function request<T extends keyof RequestData & keyof ReplyData>(
    type: T,
    data: RequestData[T],
  ): Promise<FrameReply<T>> {
    nextId += 1;
    const id = `fc-${nextId}`;
    const event = {
      data: { source: WALLET_FRAME_SOURCE, id, type, data },
      source: parent,
      origin: ORIGIN,
    } as unknown as MessageEvent;
    for (const listener of listeners) listener(event);
    for (let waited = 0; waited < 15_000; waited += 10) {
      const reply = posted.find((m) => (m as { id?: string }).id === id) as FrameReply<T> | undefined;
      if (reply) return reply;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`no reply to ${type}`);
  }

  return { request, store, wire, posted };
}

/** Alice logged in with Farcaster, with an embedded wallet made in a frame of her browser. */
export async function aliceWithWallet(w: FarcasterWorld) {
  const alice = await w.login();
  const frame = openFarcasterFrame(w.h);
  const created = await frame.request('wallet:create', { accessToken: alice.token });
  if (!created.data) throw new Error(`wallet:create: ${JSON.stringify(created.error)}`);
  return { alice, frame, address: created.data.address };
}
