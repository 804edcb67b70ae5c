/**
 * The receipt of a transaction the wallet has broadcast. The §9 wait comes first (every 150 ms, 270
 * times: about 40 s). When it runs out, or the node fails meanwhile, the transaction was sent all the
 * same: the send resolves without its receipt rather than fail (a host that saw a failure could send
 * it again), and the receipt is followed in the background (RECEIPT_FOLLOW_DELAY_MS, for about 30
 * minutes, through node errors); `onLate` gets it when it comes.
 */
import type { SendTransactionResult } from '../../../protocol/embedded-wallet.js';
import { RECEIPT_FOLLOW_DELAY_MS, RECEIPT_FOLLOW_MAX_ATTEMPTS } from '../../../protocol/polling.js';
import { poll } from '../../poll.js';
import type { RpcClient, TransactionReceipt } from '../rpc.js';

/** The result of a mined transaction. */
export const receiptResult = (receipt: TransactionReceipt): SendTransactionResult => ({
  transactionHash: receipt.transactionHash,
  from: receipt.from,
  to: receipt.to,
  blockNumber: receipt.blockNumber,
  status: receipt.status,
  gasUsed: receipt.gasUsed.toString(),
  effectiveGasPrice: receipt.effectiveGasPrice.toString(),
});

/** The result of a transaction sent and not (yet) seen mined. */
export const pendingResult = (hash: string, from: string, to: string | null): SendTransactionResult => ({
  transactionHash: hash,
  from,
  to,
  blockNumber: null,
  status: null,
  gasUsed: null,
  effectiveGasPrice: null,
});

/** The receipt, or null when the wait ran out (then `onLate` gets it if it comes); aborting rejects. */
export async function receiptOrLater(
  rpc: Pick<RpcClient, 'waitForReceipt' | 'getTransactionReceipt'>,
  hash: string,
  onLate: (receipt: TransactionReceipt) => void,
  signal?: AbortSignal,
): Promise<TransactionReceipt | null> {
  try {
    return await rpc.waitForReceipt(hash, { signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    const follow = poll(() => rpc.getTransactionReceipt(hash).catch(() => null), {
      delayMs: RECEIPT_FOLLOW_DELAY_MS,
      maxAttempts: RECEIPT_FOLLOW_MAX_ATTEMPTS,
    });
    follow.then((receipt) => receipt && onLate(receipt)).catch(() => undefined);
    return null;
  }
}
