/**
 * A chain node for the embedded wallet's sending flow: a balance, EIP-1559 fees, and a mempool
 * that mines at once (receipts for what was broadcast).
 */
import { Transaction } from 'ethers';
import { fakeNode, NodeError } from '../core/wallet/fake-node.js';

/**
 * A chain node with a balance, EIP-1559 fees, and a mempool that mines at once; `receipts` answers
 * whether a receipt is given now (false: the node fails the call, as a flaky RPC does).
 */
export function miningNode(balanceWei: bigint, receipts: () => boolean = () => true) {
  const sent: string[] = [];
  const chain = fakeNode({
    eth_chainId: '0x7a69',
    eth_getTransactionCount: '0x3',
    eth_estimateGas: '0x5208',
    eth_getBlockByNumber: { number: '0x10', baseFeePerGas: '0x3b9aca00' },
    eth_maxPriorityFeePerGas: '0x3b9aca00',
    eth_getBalance: `0x${balanceWei.toString(16)}`,
    eth_blockNumber: '0x10',
    eth_sendRawTransaction: ([raw]: unknown[]) => {
      sent.push(String(raw));
      return Transaction.from(String(raw)).hash;
    },
    eth_getTransactionReceipt: ([hash]: unknown[]) => {
      const tx = sent.map((raw) => Transaction.from(raw)).find((t) => t.hash === hash);
      if (!tx) throw new NodeError(-32000, 'unknown transaction');
      if (!receipts()) throw new NodeError(-32603, 'upstream timed out');
      return {
        transactionHash: hash,
        from: tx.from,
        to: tx.to,
        blockNumber: '0x11',
        status: '0x1',
        gasUsed: '0x5208',
        effectiveGasPrice: '0x77359400',
      };
    },
  });
  return { ...chain, sent };
}

export const RECIPIENT = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
