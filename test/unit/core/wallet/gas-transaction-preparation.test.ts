/**
 * Transaction preparation (§4.6, §9): the default chain, what the request gives, legacy gas prices, gas estimation, refusals, the gas family of each chain.
 */

import { describe, expect, it } from 'vitest';
import { resolveChainConfig } from '../../../../src/core/wallet/chains.js';
import { gasFamily } from '../../../../src/core/wallet/fees.js';
import { prepareTransaction } from '../../../../src/core/wallet/gas.js';
import type { Chain } from '../../../../src/protocol/chains.js';
import { chain, everything, FROM, node, ONE_ETH, rejection, TO } from '../../helpers/gas-node.js';
import { gwei, hex, NodeError } from './fake-node.js';

describe('transaction preparation and gas rules (§4.6, §9)', () => {
  it('uses the default chain when the request has none, type 2, pending nonce and estimated gas', async () => {
    const n = node();
    const {
      chain: used,
      transaction,
      fees,
    } = await prepareTransaction(
      { to: TO, value: ONE_ETH },
      { config: everything(), from: FROM, fetch: n.fetch },
    );
    expect(used.id).toBe(1);
    expect(transaction).toEqual({
      chainId: 1,
      type: 2,
      from: FROM,
      to: TO,
      value: ONE_ETH,
      data: '0x',
      nonce: 7,
      gasLimit: 21_000n,
      // base fee × 2 + priority fee, as ethers' fee data.
      maxFeePerGas: gwei(22),
      maxPriorityFeePerGas: gwei(2),
    });
    expect(transaction.gasPrice).toBeUndefined();
    expect(fees).toEqual({
      gasFee: 21_000n * gwei(22),
      l1Fee: 0n,
      totalFee: 21_000n * gwei(22),
      total: ONE_ETH + 21_000n * gwei(22),
    });
    expect(n.calls.every((c) => c.url === chain(1).rpcUrls.default.http[0])).toBe(true);
    expect(n.params('eth_getTransactionCount')).toEqual([[FROM, 'pending']]);
    expect(n.params('eth_estimateGas')).toEqual([[{ from: FROM, to: TO, value: hex(ONE_ETH), data: '0x' }]]);
    expect(n.methods()).not.toContain('eth_call');
  });

  it('follows the default chain of the configuration (a custom dev chain through rpcConfig)', async () => {
    const local: Chain = {
      id: 31337,
      name: 'Hardhat',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
    };
    const config = resolveChainConfig({
      supportedChains: [local],
      rpcConfig: { rpcUrls: { 31337: 'http://127.0.0.1:9999' } },
    });
    const n = node();
    const { transaction } = await prepareTransaction(
      { to: TO, value: 1n },
      { config, from: FROM, fetch: n.fetch },
    );
    expect(transaction.chainId).toBe(31337);
    expect(new Set(n.calls.map((c) => c.url))).toEqual(new Set(['http://127.0.0.1:9999']));
  });

  it('keeps every fee, gas limit and nonce the request gives, without asking the node', async () => {
    const n = node();
    const { transaction } = await prepareTransaction(
      {
        to: TO,
        value: '0x2',
        gas: 60_000,
        nonce: '0x9',
        maxFeePerGas: 7n,
        maxPriorityFeePerGas: '0x3',
        chainId: '0x1',
      },
      { config: everything(), from: FROM, fetch: n.fetch },
    );
    expect(transaction).toMatchObject({
      chainId: 1,
      value: 2n,
      gasLimit: 60_000n,
      nonce: 9,
      maxFeePerGas: 7n,
      maxPriorityFeePerGas: 3n,
    });
    expect(n.calls).toEqual([]);
  });

  it('reads a gas price alone as a legacy (type 0) transaction', async () => {
    const n = node();
    const { transaction } = await prepareTransaction(
      { to: TO, gasPrice: gwei(4), gasLimit: 21_000 },
      { config: everything(), from: FROM, fetch: n.fetch },
    );
    expect(transaction).toMatchObject({ type: 0, gasPrice: gwei(4) });
    expect(transaction.maxFeePerGas).toBeUndefined();
  });

  it('falls back to a legacy gas price on a chain without EIP-1559, and to 1 gwei without eth_maxPriorityFeePerGas', async () => {
    const legacy = node({ eth_getBlockByNumber: { number: '0x1' } });
    const { transaction } = await prepareTransaction(
      { to: TO, value: 1n },
      { config: everything(), from: FROM, fetch: legacy.fetch },
    );
    expect(transaction).toMatchObject({ type: 0, gasPrice: gwei(3) });

    const old = node({ eth_maxPriorityFeePerGas: undefined });
    const { transaction: tx } = await prepareTransaction(
      { to: TO, value: 1n },
      { config: everything(), from: FROM, fetch: old.fetch },
    );
    expect(tx).toMatchObject({ type: 2, maxPriorityFeePerGas: gwei(1), maxFeePerGas: gwei(21) });
  });

  it('estimates gas without the gas-price fields and retries without the sender when it fails (§5)', async () => {
    const n = node({
      eth_estimateGas: ([tx]: unknown[]) => {
        if ((tx as { from?: string }).from) throw new NodeError(-32000, 'insufficient funds for transfer');
        return hex(30_000n);
      },
    });
    const { transaction } = await prepareTransaction(
      { to: TO, value: 1n, maxFeePerGas: gwei(50), gasPrice: undefined },
      { config: everything(), from: FROM, fetch: n.fetch },
    );
    expect(transaction.gasLimit).toBe(30_000n);
    const asked = n.params('eth_estimateGas').map(([tx]) => tx);
    expect(asked).toEqual([
      { from: FROM, to: TO, value: '0x1', data: '0x' },
      { to: TO, value: '0x1', data: '0x' },
    ]);

    const failing = node({
      eth_estimateGas: () => {
        throw new NodeError(3, 'execution reverted', '0x08c379a0');
      },
    });
    const error = await rejection(
      prepareTransaction(
        { to: TO, data: '0x1234' },
        { config: everything(), from: FROM, fetch: failing.fetch },
      ),
    );
    expect(error).toMatchObject({ code: 3, message: 'execution reverted', data: '0x08c379a0' });
    const zero = node({ eth_estimateGas: '0x0' });
    expect(
      (
        await rejection(
          prepareTransaction({ to: TO }, { config: everything(), from: FROM, fetch: zero.fetch }),
        )
      ).message,
    ).toBe('gasLimit was not successfully set');
  });

  it('refuses an unsupported chain with 4902 and malformed values with the §5 texts', async () => {
    const config = resolveChainConfig({ supportedChains: [chain(8453)] });
    const n = node();
    const unsupported = await rejection(
      prepareTransaction({ to: TO, chainId: 1 }, { config, from: FROM, fetch: n.fetch }),
    );
    expect(unsupported).toMatchObject({
      code: 4902,
      message:
        'Chain ID 1 is not supported. It must be added to the config.supportedChains property of the provider.',
    });
    const cases: Array<[object, string]> = [
      [{ value: '1.5' }, 'value must be a number, bigint or hex string'],
      [{ value: -1 }, 'value must be a number, bigint or hex string'],
      [{ gasLimit: 1.5 }, 'gasLimit must be a number, bigint or hex string'],
      [{ maxFeePerGas: 'fast' }, 'maxFeePerGas must be a number, bigint or hex string'],
      [{ maxPriorityFeePerGas: {} }, 'maxPriorityFeePerGas must be a number, bigint or hex string'],
      [{ gasPrice: '12' }, 'gasPrice must be a number, bigint or hex string'],
      [{ chainId: 'base' }, 'chainId must be a number'],
      [{ to: '0x123' }, 'to must be a 0x-prefixed address of 20 bytes'],
      [{ data: 'hello' }, 'data must be a 0x-prefixed hex string of whole bytes'],
      [{ type: 4 }, 'type must be 0, 1 or 2'],
    ];
    for (const [fields, message] of cases) {
      const error = await rejection(
        prepareTransaction({ to: TO, ...fields }, { config, from: FROM, fetch: n.fetch }),
      );
      expect({ code: error.code, message: error.message }).toEqual({ code: -32602, message });
    }
    expect(n.calls).toEqual([]);
  });

  it('names the gas family of each chain', () => {
    expect([56, 10, 42161, 137, 1, 31337].map(gasFamily)).toEqual([
      'bsc',
      'op-stack',
      'arbitrum',
      'polygon',
      'default',
      'default',
    ]);
  });
});
