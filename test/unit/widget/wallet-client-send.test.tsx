/**
 * sendTransaction over the real wallet client and a chain node: the preview here, the Send in the
 * provider-origin surface (which shows what the frame signs), submitting, complete.
 */
import { Transaction } from 'ethers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeNode, gwei, hex } from '../core/wallet/fake-node.js';
import { ADDRESS, framedSurface, loggedInWithWallet } from '../helpers/wallet-client-ui.js';
import { button, cleanupWidget, dialog, dialogName, link } from '../helpers/widget.js';

afterEach(() => {
  vi.useRealTimers();
  cleanupWidget();
});

const TO = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const HASH = `0x${'12'.repeat(32)}`;

/** The dev chain at http://node.test, with its block explorer. */
const HARDHAT = {
  id: 31337,
  name: 'Hardhat',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://node.test'] } },
  blockExplorers: { default: { name: 'Explorer', url: 'https://explorer.test' } },
};

/** A chain node holding 10 ETH for ADDRESS whose broadcast waits for `letBroadcast()`, so the submitting state can be seen. */
function heldNode() {
  let receiptAsked = 0;
  let letBroadcast = () => {};
  const broadcast = new Promise<void>((resolve) => {
    letBroadcast = resolve;
  });
  const node = fakeNode({
    eth_chainId: () => hex(31337),
    eth_getTransactionCount: () => hex(3),
    eth_estimateGas: () => hex(21000),
    eth_getBlockByNumber: () => ({ number: hex(10), baseFeePerGas: hex(gwei(1)) }),
    eth_maxPriorityFeePerGas: () => hex(gwei(1)),
    eth_feeHistory: () => ({
      baseFeePerGas: [hex(gwei(1))],
      reward: [[hex(gwei(1))]],
      oldestBlock: hex(10),
    }),
    eth_getBalance: () => hex(10n ** 19n),
    eth_gasPrice: () => hex(gwei(2)),
    eth_sendRawTransaction: () => HASH,
    eth_getTransactionReceipt: () => {
      receiptAsked += 1;
      return {
        transactionHash: HASH,
        from: ADDRESS.toLowerCase(),
        to: TO.toLowerCase(),
        blockNumber: hex(11),
        blockHash: `0x${'34'.repeat(32)}`,
        transactionIndex: '0x0',
        status: '0x1',
        gasUsed: hex(21000),
        cumulativeGasUsed: hex(21000),
        effectiveGasPrice: hex(gwei(2)),
        logs: [],
        logsBloom: `0x${'00'.repeat(256)}`,
        contractAddress: null,
        type: '0x2',
      };
    },
  });
  const fetch = (input: string, init: RequestInit) => {
    if (!input.startsWith('http://node.test')) return undefined;
    // The broadcast waits for the test, so the submitting state can be seen.
    if (String(init.body).includes('eth_sendRawTransaction'))
      return broadcast.then(() => node.fetch(input, init));
    return node.fetch(input, init);
  };
  return { fetch, letBroadcast: () => letBroadcast(), receiptAsked: () => receiptAsked };
}

/** The amount the screen shows in big beside the surface. */
const bigAmount = (shadow: ShadowRoot) =>
  [...(dialog(shadow)?.querySelectorAll('p') ?? [])].find((p) => p.textContent?.includes('ETH'))?.textContent;

describe('EMBEDDED_WALLET_SEND_TRANSACTION_SCREEN over the wallet client and a chain node', () => {
  it("sendTransaction: 'Send ETH', the preview from the node beside the surface's review, Send there, 'Submitting…', 'Transaction complete', 'All done'", async () => {
    const node = heldNode();
    const { gatehouse, shadow, frame } = await loggedInWithWallet({ fetch: node.fetch });
    await gatehouse.call('init', [{ supportedChains: [HARDHAT] }]);
    const sent = gatehouse.call('sendTransaction', [
      { to: TO, value: 10n ** 17n, chainId: 31337 },
    ]) as Promise<{
      transactionHash: string;
    }>;
    // What the frame will sign, from the very transaction: recipient, amount, most it can cost.
    expect(await frame.surface.shows('transaction')).toEqual({
      kind: 'transaction',
      intent: 'send',
      from: ADDRESS,
      chainId: 31337,
      to: TO,
      value: '0.1',
      maxFee: '0.000063',
      dataBytes: 0,
    });
    await vi.waitFor(() => expect(framedSurface(shadow).kind).toBe('transaction'), { timeout: 3000 });
    expect(dialogName(shadow)).toBe('Send ETH');
    const surface = framedSurface(shadow);
    expect(surface).toMatchObject({ title: 'Send ETH', inputs: 0 });
    expect(surface.buttons).not.toContain('Approve');
    const body = dialog(shadow)?.textContent ?? '';
    expect(body).toContain('0.1 ETH');
    expect(body).toContain('Available balance');
    expect(body).toContain('10 ETH');

    await frame.surface.approve('transaction');
    await vi.waitFor(() =>
      expect(shadow.querySelector('[role="status"]')?.textContent).toBe(
        'Submitting (may take a few moments)...',
      ),
    );
    expect(shadow.querySelector('iframe')).toBeNull();
    node.letBroadcast();
    await vi.waitFor(() => expect(dialogName(shadow)).toBe('Transaction complete'), { timeout: 5000 });
    expect((await sent).transactionHash).toBe(HASH);
    expect(node.receiptAsked()).toBeGreaterThan(0);
    expect(frame.received.find((m) => m.type === 'wallet:rpc')?.data).toMatchObject({
      intent: 'send',
      request: { method: 'eth_signTransaction' },
    });
    expect(link(shadow, 'View transaction').href).toBe(`https://explorer.test/tx/${HASH}`);
    button(shadow, 'All done').click();
    await vi.waitFor(() => expect(dialog(shadow)).toBeNull());
  });

  it("§9 price display: dollars first with ETH under them by default (price looked up); with primary 'native-token' ETH only and no price lookup (§7)", async () => {
    const priced = async (host: Record<string, unknown>) => {
      const node = heldNode();
      const lookups: string[] = [];
      const fetch = (input: string, init: RequestInit) => {
        if (input.includes('/api/v1/token_price')) {
          lookups.push(new URL(input).search);
          return Promise.resolve(Response.json({ usd: 3000 }));
        }
        return node.fetch(input, init);
      };
      const { gatehouse, shadow } = await loggedInWithWallet({ fetch });
      await gatehouse.call('init', [{ supportedChains: [HARDHAT], ...host }]);
      void gatehouse.call('sendTransaction', [{ to: TO, value: 10n ** 17n, chainId: 31337 }]).catch(() => {});
      await vi.waitFor(() => framedSurface(shadow), { timeout: 3000 });
      const amount = bigAmount(shadow);
      const body = dialog(shadow)?.textContent ?? '';
      gatehouse.ctx.modal.close();
      cleanupWidget();
      return { amount, body, lookups };
    };
    const fiat = await priced({});
    expect(fiat.amount).toBe('$300.00 0.1 ETH');
    expect(fiat.lookups).toEqual(['?chainId=31337&tokenSymbol=ETH']);
    const native = await priced({
      embeddedWallets: { priceDisplay: { primary: 'native-token', secondary: 'fiat-currency' } },
    });
    expect(native.amount).toBe('0.1 ETH');
    expect(native.body).not.toContain('$');
    expect(native.lookups).toEqual([]);
  });

  it("eth_signTransaction: the screen frames the surface's review (to sign, not send), the raw transaction after the approval there; its Cancel rejects with 4001", async () => {
    const node = heldNode();
    const { gatehouse, shadow, frame } = await loggedInWithWallet({ fetch: node.fetch });
    await gatehouse.call('init', [{ supportedChains: [HARDHAT] }]);
    const provider = (await gatehouse.call('getEthereumProvider', [])) as {
      request(args: { method: string; params?: unknown[] }): Promise<unknown>;
    };
    const sign = () =>
      provider.request({ method: 'eth_signTransaction', params: [{ to: TO, value: '0x16345785d8a0000' }] });
    const signed = sign();
    expect(await frame.surface.shows('transaction')).toMatchObject({ intent: 'sign', to: TO, value: '0.1' });
    await vi.waitFor(() => expect(framedSurface(shadow).kind).toBe('transaction'), { timeout: 3000 });
    expect(dialogName(shadow)).toBe('Review transaction');
    expect(framedSurface(shadow).buttons).not.toContain('Approve');
    await frame.surface.approve('transaction');
    const tx = Transaction.from((await signed) as string);
    expect(tx.from).toBe(ADDRESS);
    expect(tx.to).toBe(TO);
    // Signed, not sent: the screen goes.
    await vi.waitFor(() => expect(dialog(shadow)).toBeNull());

    const cancelled = sign().catch((error: unknown) => error);
    await frame.surface.cancel();
    expect(await cancelled).toMatchObject({ code: 4001 });
    await vi.waitFor(() => expect(dialog(shadow)).toBeNull());
  });
});
