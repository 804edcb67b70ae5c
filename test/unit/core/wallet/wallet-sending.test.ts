/**
 * The embedded wallet in core over a wallet client whose frame holds a real key (ethers): sending
 * with its review, with and without a token price (§4.6). The screen shows the preview (dollars,
 * balance); the provider-origin surface beside it shows what the frame signs and holds the Send.
 */

import { Transaction } from 'ethers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { walletUi } from '../../../../src/core/wallet/embedded/index.js';
import { SCREENS } from '../../../../src/protocol/screens.js';
import { miningNode, RECIPIENT } from '../../helpers/mining-node.js';
import { screen } from '../../helpers/wallet-flows.js';
import { walletClient } from './wallet-client.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('sending (§4.6)', () => {
  it('sendTransaction: the review (amount, fees, balance, fiat), then the frame signs, the core broadcasts and waits for the receipt', async () => {
    const chain = miningNode(10n ** 18n);
    const { gatehouse, frame } = await walletClient({ node: chain.fetch, usdPrice: 2000 });
    const sent = gatehouse.call('sendTransaction', [{ to: RECIPIENT, value: 5n * 10n ** 16n }]) as Promise<{
      transactionHash: string;
      status: string;
    }>;
    await vi.waitFor(() => expect(walletUi(gatehouse.ctx).get().send?.status).toBe('ready'));
    expect(screen(gatehouse)).toBe(SCREENS.embeddedWalletSendTransaction);
    const preview = walletUi(gatehouse.ctx).get().send?.preview;
    expect(preview).toMatchObject({
      chainId: 31337,
      title: 'Send ETH',
      kind: 'SEND',
      from: frame.address,
      to: RECIPIENT,
      amount: { token: '0.05', usd: '$100.00' },
      balance: { token: '1', usd: '$2,000.00' },
      insufficientFunds: false,
      l1Fee: null,
    });
    // 21000 gas × (2 × 1 gwei base fee + 1 gwei priority) (§9 default rule): 0.000063, shown to the
    // total's precision.
    expect(preview?.fee).toEqual({ token: '0.000063', usd: '$0.13' });
    expect(preview?.total).toEqual({ token: '0.050063', usd: '$100.13' });
    // The local test chain names no explorer: no link, not a generic explorer that cannot know it.
    expect(preview?.fromUrl).toBeNull();
    expect(chain.sent).toHaveLength(0);
    // The surface's review, from the very transaction the frame signs: what it moves, the most it costs.
    expect(await frame.surface.shows('transaction')).toEqual({
      kind: 'transaction',
      intent: 'send',
      from: frame.address,
      chainId: 31337,
      to: RECIPIENT,
      value: '0.05',
      maxFee: '0.000063',
      dataBytes: 0,
    });
    expect(walletUi(gatehouse.ctx).get().surface).toMatchObject({
      prompt: frame.surface.current()?.id,
      kind: 'transaction',
    });

    await frame.surface.approve('transaction');
    const result = await sent;
    expect(result.status).toBe('success');
    expect(chain.sent).toHaveLength(1);
    const tx = Transaction.from(chain.sent[0]!);
    expect(tx.from).toBe(frame.address);
    expect(tx.to).toBe(RECIPIENT);
    expect(tx.value).toBe(5n * 10n ** 16n);
    expect(tx.nonce).toBe(3);
    expect(tx.type).toBe(2);
    expect(tx.chainId).toBe(31337n);
    expect(result.transactionHash).toBe(tx.hash);
    expect(walletUi(gatehouse.ctx).get().send).toMatchObject({ status: 'done', transactionHash: tx.hash });
    expect(walletUi(gatehouse.ctx).get().surface).toBeNull();
    expect(chain.methods()).toContain('eth_getTransactionReceipt');
  });

  it('without a token price the review shows native amounts only', async () => {
    const chain = miningNode(10n ** 18n);
    const { gatehouse } = await walletClient({ node: chain.fetch });
    void gatehouse.call('sendTransaction', [{ to: RECIPIENT, value: 1n }]).catch(() => {});
    await vi.waitFor(() => expect(walletUi(gatehouse.ctx).get().send?.status).toBe('ready'));
    expect(walletUi(gatehouse.ctx).get().send?.preview?.amount).toEqual({ token: '<0.000001', usd: null });
    gatehouse.ctx.modal.close();
  });
});
