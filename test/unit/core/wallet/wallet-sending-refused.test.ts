/**
 * The embedded wallet in core over a wallet client whose frame holds a real key (ethers): a send refused for short funds or an unsupported chain, or closed before it is done (4001) (§4.6).
 */

import { afterEach, describe, expect, it, vi } from 'vitest';
import { walletUi } from '../../../../src/core/wallet/embedded/index.js';
import { miningNode, RECIPIENT } from '../../helpers/mining-node.js';
import { walletClient } from './wallet-client.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('sending (§4.6)', () => {
  it("insufficient funds: 'Wallet has insufficient funds for this transaction.' and nothing is signed", async () => {
    const chain = miningNode(10n ** 15n);
    const { gatehouse, frame } = await walletClient({ node: chain.fetch });
    const sent = gatehouse.call('sendTransaction', [{ to: RECIPIENT, value: 10n ** 16n }]);
    await vi.waitFor(() => expect(walletUi(gatehouse.ctx).get().send?.status).toBe('error'));
    expect(walletUi(gatehouse.ctx).get().send).toMatchObject({
      error: 'Wallet has insufficient funds for this transaction.',
      preview: { insufficientFunds: true },
    });
    // Nothing to approve: the frame is not asked, no surface shows.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(frame.received.some((m) => m.type === 'wallet:rpc')).toBe(false);
    expect(frame.surface.prompts).toEqual([]);
    expect(walletUi(gatehouse.ctx).get().surface).toBeNull();
    gatehouse.ctx.modal.close();
    await expect(sent).rejects.toMatchObject({ code: 4001 });
  });

  it('closing the review before the Send rejects with 4001, the frame drops the request, nothing is broadcast', async () => {
    const chain = miningNode(10n ** 18n);
    const { gatehouse, frame } = await walletClient({ node: chain.fetch });
    const sent = gatehouse.call('sendTransaction', [{ to: RECIPIENT, value: 1000n }]);
    await frame.surface.shows('transaction');
    expect(walletUi(gatehouse.ctx).get().send?.status).toBe('ready');
    gatehouse.ctx.modal.close();
    await expect(sent).rejects.toMatchObject({ code: 4001, message: 'User rejected the request.' });
    const rpc = frame.received.find((m) => m.type === 'wallet:rpc')!;
    expect(frame.received.find((m) => m.type === 'wallet:cancel')?.data).toEqual({ request: rpc.id });
    await vi.waitFor(() => expect(frame.replyTo(rpc.id)).toMatchObject({ error: { type: 'user_rejected' } }));
    expect(chain.sent).toHaveLength(0);
  });

  it("the surface's Cancel rejects with 4001 and closes the review; nothing is broadcast", async () => {
    const chain = miningNode(10n ** 18n);
    const { gatehouse, frame } = await walletClient({ node: chain.fetch });
    const sent = gatehouse.call('sendTransaction', [{ to: RECIPIENT, value: 1000n }]);
    await frame.surface.cancel();
    await expect(sent).rejects.toMatchObject({ code: 4001 });
    expect(gatehouse.ctx.modal.$modal.get().open).toBe(false);
    expect(chain.sent).toHaveLength(0);
  });

  it('a transaction on a chain outside supportedChains is refused with 4902', async () => {
    const { gatehouse } = await walletClient({ node: miningNode(1n).fetch });
    await expect(
      gatehouse.call('sendTransaction', [{ to: RECIPIENT, value: 1n, chainId: 1 }]),
    ).rejects.toMatchObject({
      code: 4902,
      message:
        'Chain ID 1 is not supported. It must be added to the config.supportedChains property of the provider.',
    });
  });
});
