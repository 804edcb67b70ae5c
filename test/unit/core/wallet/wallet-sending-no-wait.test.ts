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
  it('waitForTransactionConfirmation: false (wallet UIs off) resolves with the hash, without waiting for the receipt', async () => {
    const chain = miningNode(10n ** 18n);
    const { gatehouse } = await walletClient({
      node: chain.fetch,
      app: { enforce_wallet_uis: false },
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

  it('waitForTransactionConfirmation: false is refused (invalid_config) while the app enforces its wallet UIs (§5)', async () => {
    const chain = miningNode(10n ** 18n);
    const { gatehouse } = await walletClient({
      node: chain.fetch,
      app: { enforce_wallet_uis: true },
      host: { waitForTransactionConfirmation: false },
    });
    await expect(gatehouse.call('sendTransaction', [{ to: RECIPIENT, value: 1000n }])).rejects.toMatchObject({
      type: 'client_error',
      code: 'invalid_config',
      message:
        'waitForTransactionConfirmation: false requires wallet UIs to be disabled for this app (enforce_wallet_uis is on)',
    });
    expect(chain.sent).toHaveLength(0);
    expect(screen(gatehouse)).toBeNull();
  });
});
