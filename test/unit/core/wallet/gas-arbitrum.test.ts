/**
 * Gas rules for Arbitrum (§9).
 */

import { describe, expect, it } from 'vitest';
import { prepareTransaction } from '../../../../src/core/wallet/gas.js';
import { everything, FROM, node, TO } from '../../helpers/gas-node.js';
import { hex } from './fake-node.js';

describe('transaction preparation and gas rules (§4.6, §9)', () => {
  it.each([42161, 421613, 421614])(
    'Arbitrum (%i): max fee = base fee × 120 %%, priority fee 0',
    async (id) => {
      const n = node({ eth_getBlockByNumber: { number: '0x1', baseFeePerGas: hex(10_000_000n) } });
      const { transaction, fees } = await prepareTransaction(
        { to: TO, value: 1n, chainId: id },
        { config: everything(), from: FROM, fetch: n.fetch },
      );
      expect(transaction).toMatchObject({ type: 2, maxFeePerGas: 12_000_000n, maxPriorityFeePerGas: 0n });
      expect(fees).toEqual({
        gasFee: 21_000n * 12_000_000n,
        l1Fee: 0n,
        totalFee: 21_000n * 12_000_000n,
        total: 1n + 21_000n * 12_000_000n,
      });
      expect(n.methods()).not.toContain('eth_maxPriorityFeePerGas');
      expect(n.methods()).not.toContain('eth_call');
    },
  );

  it("a max fee that comes out at 0 (Arbitrum with a base fee of 0) is refused: -32603 'maxFeePerGas was not successfully set'", async () => {
    const n = node({ eth_getBlockByNumber: { number: '0x1', baseFeePerGas: '0x0' } });
    await expect(
      prepareTransaction(
        { to: TO, value: 1n, chainId: 42161 },
        { config: everything(), from: FROM, fetch: n.fetch },
      ),
    ).rejects.toMatchObject({
      type: 'provider_error',
      code: -32603,
      message: 'maxFeePerGas was not successfully set',
    });
  });
});
