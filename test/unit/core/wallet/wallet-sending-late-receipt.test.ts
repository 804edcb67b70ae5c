/**
 * A sent transaction whose receipt the wait does not get (here the node fails the receipt call):
 * the send resolves as sent, with its hash and no block, the review says 'Transaction submitted',
 * and when the receipt comes later the page hears it (transaction:confirmed) and the screen says
 * 'Transaction complete' — never 'Please contact support' for a transaction that went out.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { walletUi } from '../../../../src/core/wallet/embedded/index.js';
import type { SendTransactionResult } from '../../../../src/protocol/embedded-wallet.js';
import { RECEIPT_FOLLOW_DELAY_MS } from '../../../../src/protocol/polling.js';
import { miningNode, RECIPIENT } from '../../helpers/mining-node.js';
import { walletClient } from './wallet-client.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('a receipt that comes late (§4.6)', () => {
  it('resolves as sent, says so, and reports the receipt when it comes', async () => {
    // Real time goes on (the frame's messages); the test moves the background wait on by hand.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    let mined = false;
    const chain = miningNode(10n ** 18n, () => mined);
    const { gatehouse, frame } = await walletClient({ node: chain.fetch });
    const confirmed: SendTransactionResult[] = [];
    gatehouse.ctx.events.addEventListener('transaction:confirmed', (event) =>
      confirmed.push((event as CustomEvent<SendTransactionResult>).detail),
    );
    const sent = gatehouse.call('sendTransaction', [{ to: RECIPIENT, value: 1000n }]);
    await frame.surface.approve('transaction');
    const result = (await sent) as SendTransactionResult;
    expect(chain.sent).toHaveLength(1);
    expect(result).toMatchObject({ blockNumber: null, status: null, gasUsed: null, to: RECIPIENT });
    expect(result.transactionHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(walletUi(gatehouse.ctx).get().send).toMatchObject({
      status: 'done',
      pending: true,
      transactionHash: result.transactionHash,
      error: null,
    });

    await vi.advanceTimersByTimeAsync(RECEIPT_FOLLOW_DELAY_MS);
    expect(confirmed).toEqual([]);
    mined = true;
    await vi.advanceTimersByTimeAsync(RECEIPT_FOLLOW_DELAY_MS);
    expect(confirmed).toEqual([
      {
        transactionHash: result.transactionHash,
        from: result.from,
        to: RECIPIENT,
        blockNumber: 17,
        status: 'success',
        gasUsed: '21000',
        effectiveGasPrice: '2000000000',
      },
    ]);
    expect(walletUi(gatehouse.ctx).get().send?.pending).toBe(false);
  });
});
