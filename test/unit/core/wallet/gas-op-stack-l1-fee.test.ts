/**
 * Gas rules for the OP stack chains (§9): the L1 fee from the gas price oracle, and its getL1Fee(bytes) call.
 */

import { Interface, Transaction } from 'ethers';
import { describe, expect, it } from 'vitest';
import { encodeGetL1FeeCall, prepareTransaction } from '../../../../src/core/wallet/gas.js';
import { OP_GAS_PRICE_ORACLE_ADDRESS } from '../../../../src/protocol/chains.js';
import { everything, FROM, node, ONE_ETH, TO } from '../../helpers/gas-node.js';
import { hex } from './fake-node.js';

describe('transaction preparation and gas rules (§4.6, §9)', () => {
  it.each([10, 420, 11155420, 8453, 84531, 84532, 7777777, 999, 999999999])(
    'OP stack (%i): max fee = last base fee × 126 %% + priority fee, and the layer-1 fee in the total',
    async (id) => {
      const l1Fee = 41_234_567_890_123n;
      const n = node({
        eth_getBlockByNumber: { number: '0x1', baseFeePerGas: hex(1_000_000_000n) },
        eth_maxPriorityFeePerGas: hex(1_000_000n),
        eth_estimateGas: hex(50_000n),
        eth_call: hex(l1Fee).replace('0x', `0x${'0'.repeat(64 - l1Fee.toString(16).length)}`),
      });
      const { transaction, fees } = await prepareTransaction(
        { to: TO, value: ONE_ETH, data: '0xabcdef', chainId: id },
        { config: everything(), from: FROM, fetch: n.fetch },
      );
      expect(transaction.type).toBe(2);
      expect(transaction.maxPriorityFeePerGas).toBe(1_000_000n);
      expect(transaction.maxFeePerGas).toBe(1_260_000_000n + 1_000_000n);
      expect(fees).toEqual({
        gasFee: 50_000n * 1_261_000_000n,
        l1Fee,
        totalFee: 50_000n * 1_261_000_000n + l1Fee,
        total: ONE_ETH + 50_000n * 1_261_000_000n + l1Fee,
      });
      // The oracle is asked getL1Fee(unsigned serialized transaction), as ethers serializes it.
      const unsigned = Transaction.from({
        type: 2,
        chainId: id,
        to: TO,
        value: ONE_ETH,
        data: '0xabcdef',
        nonce: 7,
        gasLimit: 50_000n,
        maxFeePerGas: 1_261_000_000n,
        maxPriorityFeePerGas: 1_000_000n,
      }).unsignedSerialized;
      const oracle = new Interface(['function getL1Fee(bytes) view returns (uint256)']);
      expect(n.params('eth_call')).toEqual([
        [
          { to: OP_GAS_PRICE_ORACLE_ADDRESS, data: oracle.encodeFunctionData('getL1Fee', [unsigned]) },
          'latest',
        ],
      ]);
    },
  );

  it('encodes getL1Fee(bytes) as the ABI does, for any length', () => {
    const oracle = new Interface(['function getL1Fee(bytes) view returns (uint256)']);
    for (const data of [
      '0x',
      '0x01',
      `0x${'ab'.repeat(32)}`,
      `0x${'cd'.repeat(33)}`,
      `0x02${'ef'.repeat(200)}`,
    ]) {
      expect(encodeGetL1FeeCall(data)).toBe(oracle.encodeFunctionData('getL1Fee', [data]));
    }
  });
});
