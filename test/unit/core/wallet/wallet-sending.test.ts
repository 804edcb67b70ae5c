/**
 * The embedded wallet in core over a wallet client whose frame holds a real key (ethers): sending with its review, the funds check, closing before completion (4001) (§4.6).
 */

import { Transaction } from 'ethers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { walletActions, walletUi } from '../../../../src/core/wallet/embedded/index.js';
import { SCREENS } from '../../../../src/protocol/screens.js';
import { screen } from '../../helpers/wallet-flows.js';
import { fakeNode, NodeError } from './fake-node.js';
import { walletClient } from './wallet-client.js';

afterEach(() => {
  vi.useRealTimers();
});

/** A chain node with a balance, EIP-1559 fees, and a mempool that mines at once. */
function node(balanceWei: bigint) {
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

const RECIPIENT = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';

describe('sending (§4.6)', () => {
  it('sendTransaction: the review (amount, fees, balance, fiat), then the frame signs, the core broadcasts and waits for the receipt', async () => {
    const chain = node(10n ** 18n);
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
    // 21000 gas × (2 × 1 gwei base fee + 1 gwei priority) (§9 default rule): 0.000063, shown '<0.001' (§9).
    expect(preview?.fee).toEqual({ token: '<0.001', usd: '$0.13' });
    expect(preview?.total).toEqual({ token: '0.050063', usd: '$100.13' });
    expect(preview?.fromUrl).toBe(`https://blockscan.com/address/${frame.address}`);
    expect(chain.sent).toHaveLength(0);

    await walletActions(gatehouse.ctx).approveSend();
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
    expect(chain.methods()).toContain('eth_getTransactionReceipt');
  });

  it('without a token price the review shows native amounts only', async () => {
    const chain = node(10n ** 18n);
    const { gatehouse } = await walletClient({ node: chain.fetch });
    void gatehouse.call('sendTransaction', [{ to: RECIPIENT, value: 1n }]).catch(() => {});
    await vi.waitFor(() => expect(walletUi(gatehouse.ctx).get().send?.status).toBe('ready'));
    expect(walletUi(gatehouse.ctx).get().send?.preview?.amount).toEqual({ token: '<0.001', usd: null });
    gatehouse.ctx.modal.close();
  });

  it("insufficient funds: 'Wallet has insufficient funds for this transaction.' and nothing is signed", async () => {
    const chain = node(10n ** 15n);
    const { gatehouse, frame } = await walletClient({ node: chain.fetch });
    const sent = gatehouse.call('sendTransaction', [{ to: RECIPIENT, value: 10n ** 16n }]);
    await vi.waitFor(() => expect(walletUi(gatehouse.ctx).get().send?.status).toBe('error'));
    expect(walletUi(gatehouse.ctx).get().send).toMatchObject({
      error: 'Wallet has insufficient funds for this transaction.',
      preview: { insufficientFunds: true },
    });
    await walletActions(gatehouse.ctx).approveSend();
    expect(frame.received.some((m) => m.type === 'wallet:rpc')).toBe(false);
    gatehouse.ctx.modal.close();
    await expect(sent).rejects.toMatchObject({ code: 4001 });
  });

  it('closing the review before it is done rejects with 4001 and broadcasts nothing', async () => {
    const chain = node(10n ** 18n);
    const { gatehouse } = await walletClient({ node: chain.fetch });
    const sent = gatehouse.call('sendTransaction', [{ to: RECIPIENT, value: 1000n }]);
    await vi.waitFor(() => expect(walletUi(gatehouse.ctx).get().send?.status).toBe('ready'));
    gatehouse.ctx.modal.close();
    await expect(sent).rejects.toMatchObject({ code: 4001, message: 'User rejected the request.' });
    expect(chain.sent).toHaveLength(0);
  });

  it('waitForTransactionConfirmation: false resolves with the hash, without waiting for the receipt', async () => {
    const chain = node(10n ** 18n);
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

  it('a transaction on a chain outside supportedChains is refused with 4902', async () => {
    const { gatehouse } = await walletClient({ node: node(1n).fetch });
    await expect(
      gatehouse.call('sendTransaction', [{ to: RECIPIENT, value: 1n, chainId: 1 }]),
    ).rejects.toMatchObject({
      code: 4902,
      message:
        'Chain ID 1 is not supported. It must be added to the config.supportedChains property of the provider.',
    });
  });
});
