/**
 * The embedded wallet in core over a wallet client whose frame holds a real key (ethers): a send that does not wait for the receipt (§4.6).
 */

import { Transaction } from 'ethers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { miningNode, RECIPIENT } from '../../helpers/mining-node.js';
import { screen } from '../../helpers/wallet-flows.js';
import { walletClient } from './wallet-client.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('sending (§4.6)', () => {
  it('waitForTransactionConfirmation: false resolves with the hash, without waiting for the receipt', async () => {
    const chain = miningNode(10n ** 18n);
    const { gatehouse } = await walletClient({
      node: chain.fetch,
      host: { waitForTransactionConfirmation: false, embeddedWallets: { noPromptOnSignature: true } },
    });
    const result = (await gatehouse.call('sendTransaction', [{ to: RECIPIENT, value: 1000n }])) as {
      transactionHash: string;
      blockNumber: number | null;
    };
    expect(result.transactionHash).toBe(Transaction.from(chain.sent[0]!).hash);
    expect(result.blockNumber).toBeNull();
    expect(chain.methods()).not.toContain('eth_getTransactionReceipt');
    expect(screen(gatehouse)).toBeNull();
  });
});
