import type {
  FarcasterFrameReplyData,
  FarcasterFrameRequestData,
  FarcasterFrameRequestType,
} from '../../protocol/farcaster-frame.js';
import type { WalletFrameRequestData } from '../../protocol/wallet-frame.js';
import type { Context } from '../context.js';
import { walletState } from '../wallet/embedded/state.js';

/** One `farcaster:*` request to the wallet frame, which holds the signer key (§7). */
export function farcasterRequest<T extends FarcasterFrameRequestType>(
  ctx: Context,
  type: T,
  data: FarcasterFrameRequestData[T],
): Promise<FarcasterFrameReplyData[T]> {
  const proxy = walletState(ctx).proxy;
  return proxy.request(type as never, data as unknown as WalletFrameRequestData[never]) as Promise<
    FarcasterFrameReplyData[T]
  >;
}
