/**
 * Transaction preparation (§5): gas estimation without the gas-price fields, retried without the sender.
 */

import { describe, expect, it } from 'vitest';
import { prepareTransaction } from '../../../../src/core/wallet/gas.js';
import { everything, FROM, node, rejection, TO } from '../../helpers/gas-node.js';
import { gwei, hex, NodeError } from './fake-node.js';

describe('transaction preparation and gas rules (§4.6, §9)', () => {
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
});
