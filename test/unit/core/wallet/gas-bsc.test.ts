/**
 * Gas rules for BSC (§9): type 0 with the node gas price.
 */

import { describe, expect, it } from 'vitest';
import { prepareTransaction } from '../../../../src/core/wallet/gas.js';
import { everything, FROM, node, rejection, TO } from '../../helpers/gas-node.js';
import { gwei, NodeError } from './fake-node.js';

describe('transaction preparation and gas rules (§4.6, §9)', () => {
  it.each([56, 97])('BSC (%i): type 0 with the node gas price, no EIP-1559 fields', async (id) => {
    const n = node();
    const { transaction, fees } = await prepareTransaction(
      { to: TO, value: 5n, chainId: id, type: 2 },
      { config: everything(), from: FROM, fetch: n.fetch },
    );
    expect(transaction.type).toBe(0);
    expect(transaction.gasPrice).toBe(gwei(3));
    expect(transaction.maxFeePerGas).toBeUndefined();
    expect(transaction.maxPriorityFeePerGas).toBeUndefined();
    expect(fees.gasFee).toBe(21_000n * gwei(3));
    expect(n.methods()).not.toContain('eth_maxPriorityFeePerGas');
    expect(n.methods()).not.toContain('eth_getBlockByNumber');
  });

  it('BSC: a node without a gas price fails with the §8 text', async () => {
    const n = node({
      eth_gasPrice: () => {
        throw new NodeError(-32603, 'boom');
      },
    });
    const error = await rejection(
      prepareTransaction({ to: TO, chainId: 56 }, { config: everything(), from: FROM, fetch: n.fetch }),
    );
    expect(error.message).toBe('Failed to set gas price for BSC transaction');
    expect(error.code).toBe(-32603);
  });
});
