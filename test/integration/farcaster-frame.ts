/**
 * A wallet frame for the Farcaster tests: the frame of frame-host.ts (the real message dispatch,
 * wallet service and surface) with the Farcaster handlers (their lazy chunk included), its fetch
 * going to the provider in-process as a same-origin request of the provider's page, its device
 * store in memory.
 */
import { farcasterHandlers } from '../../src/frame/farcaster/handlers.js';
import type {
  FarcasterFrameReplyData,
  FarcasterFrameRequestData,
} from '../../src/protocol/farcaster-frame.js';
import type {
  WalletFrameError,
  WalletFrameReplyData,
  WalletFrameRequestData,
} from '../../src/protocol/wallet-frame.js';
import type { FarcasterWorld } from './farcaster-world.js';
import { frameHost, type Posted, type SurfaceUser } from './frame-host.js';
import type { Harness } from './harness.js';
import { typePassword } from './step-up-support.js';

type WalletTypes = 'wallet:create' | 'wallet:step-up';
type RequestData = FarcasterFrameRequestData & Pick<WalletFrameRequestData, WalletTypes>;
type ReplyData = FarcasterFrameReplyData & Pick<WalletFrameReplyData, WalletTypes>;

export interface FrameReply<T extends keyof ReplyData> {
  data?: ReplyData[T];
  error?: WalletFrameError;
}

export function openFarcasterFrame(h: Harness) {
  /** Every request and response body between the frame and the provider. */
  const wire: string[] = [];
  /** Every message the frame posted to the host page. */
  const posted: Posted[] = [];
  const frame = frameHost(() => h, {
    wire,
    posted,
    now: () => h.clock.now(),
    extra: (provider, store) => farcasterHandlers(h.appId, store, provider),
  })();

  /** Posts a request as the host page and waits for the frame's reply; `user` acts on its surface. */
  function request<T extends keyof RequestData & keyof ReplyData>(
    type: T,
    data: RequestData[T],
    options: { user?: SurfaceUser } = {},
  ): Promise<FrameReply<T>> {
    return frame.request(type as never, data as never, options) as Promise<FrameReply<T>>;
  }

  return { request, store: frame.store, wire, posted };
}

/**
 * Alice logged in with Farcaster, with an embedded wallet made in a frame of her browser. Her
 * Farcaster account confirms no new device, so the frame asks her for a recovery password in the
 * surface (no silent recovery for a user with no factor).
 */
export async function aliceWithWallet(w: FarcasterWorld) {
  const alice = await w.login();
  const frame = openFarcasterFrame(w.h);
  const created = await frame.request(
    'wallet:create',
    { accessToken: alice.token },
    { user: typePassword('farcaster-recovery-42') },
  );
  if (!created.data) throw new Error(`wallet:create: ${JSON.stringify(created.error)}`);
  return { alice, frame, address: created.data.address };
}
