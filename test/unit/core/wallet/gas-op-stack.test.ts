/**
 * Gas rules for the OP stack chains (§5, §9): the max fee, the base fee.
 */

import { describe, expect, it } from 'vitest';
import { prepareTransaction } from '../../../../src/core/wallet/gas.js';
import { everything, FROM, node, rejection, TO } from '../../helpers/gas-node.js';
import { gwei, hex } from './fake-node.js';

describe('transaction preparation and gas rules (§4.6, §9)', () => {
  it('OP stack: a max fee alone must exceed the priority fee (§5)', async () => {
    const n = node({ eth_maxPriorityFeePerGas: hex(gwei(2)), eth_call: hex(1n) });
    const config = everything();
    const error = await rejection(
      prepareTransaction(
        { to: TO, chainId: 10, maxFeePerGas: gwei(2) },
        { config, from: FROM, fetch: n.fetch },
      ),
    );
    expect(error.code).toBe(-32602);
    expect(error.message).toBe('maxFeePerGas must be greater than the priority fee on this chain');
    const { transaction, fees } = await prepareTransaction(
      { to: TO, chainId: 10, maxFeePerGas: gwei(5) },
      { config, from: FROM, fetch: n.fetch },
    );
    expect(transaction).toMatchObject({ maxFeePerGas: gwei(5), maxPriorityFeePerGas: gwei(2) });
    expect(fees.l1Fee).toBe(1n);
  });

  it("OP stack: a block without a base fee fails with 'Unable to fetch baseFee for last block.'", async () => {
    const n = node({ eth_getBlockByNumber: { number: '0x1' } });
    const error = await rejection(
      prepareTransaction({ to: TO, chainId: 8453 }, { config: everything(), from: FROM, fetch: n.fetch }),
    );
    expect(error.message).toBe('Unable to fetch baseFee for last block.');
  });
});
