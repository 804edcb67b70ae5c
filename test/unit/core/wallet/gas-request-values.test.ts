/**
 * Transaction preparation (§4.6, §9): what the request gives is kept; a gas price alone, or a chain without EIP-1559, makes a legacy transaction.
 */

import { describe, expect, it } from 'vitest';
import { prepareTransaction } from '../../../../src/core/wallet/gas.js';
import { everything, FROM, node, TO } from '../../helpers/gas-node.js';
import { gwei } from './fake-node.js';

describe('transaction preparation and gas rules (§4.6, §9)', () => {
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
});
