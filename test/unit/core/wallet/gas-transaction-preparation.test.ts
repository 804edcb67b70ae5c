/**
 * Transaction preparation (§4.6, §9): the default chain, of the request or of the configuration.
 */

import { describe, expect, it } from 'vitest';
import { resolveChainConfig } from '../../../../src/core/wallet/chains.js';
import { prepareTransaction } from '../../../../src/core/wallet/gas.js';
import type { Chain } from '../../../../src/protocol/chains.js';
import { chain, everything, FROM, node, ONE_ETH, TO } from '../../helpers/gas-node.js';
import { gwei, hex } from './fake-node.js';

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
});
