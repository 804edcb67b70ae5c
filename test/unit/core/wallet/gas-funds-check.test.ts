/**
 * The funds check before sending (§5): balance − value − fees.
 */

import { describe, expect, it } from 'vitest';
import { assertSufficientFunds, checkFunds, feeBreakdown } from '../../../../src/core/wallet/gas.js';
import { ProviderRpcError } from '../../../../src/core/wallet/provider-error.js';
import { RpcClient } from '../../../../src/core/wallet/rpc.js';
import type { PreparedTransaction } from '../../../../src/core/wallet/transaction.js';
import { FROM, node, ONE_ETH, TO } from '../../helpers/gas-node.js';
import { gwei, hex } from './fake-node.js';

describe('funds check (§5)', () => {
  const tx: PreparedTransaction = {
    chainId: 1,
    type: 2,
    from: FROM,
    to: TO,
    value: ONE_ETH,
    data: '0x',
    nonce: 0,
    gasLimit: 21_000n,
    maxFeePerGas: gwei(20),
    maxPriorityFeePerGas: gwei(1),
  };

  it('passes when balance − value − fees is not negative', async () => {
    const fees = feeBreakdown(tx, 5n);
    expect(fees.total).toBe(ONE_ETH + 21_000n * gwei(20) + 5n);
    expect(() => assertSufficientFunds(fees.total, fees)).not.toThrow();
    const n = node({ eth_getBalance: hex(fees.total) });
    expect(await checkFunds(new RpcClient('https://n.example', { fetch: n.fetch }), FROM, fees)).toEqual({
      balance: fees.total,
      sufficient: true,
    });
    expect(n.params('eth_getBalance')).toEqual([[FROM, 'latest']]);
  });

  it("refuses one wei short with 'Wallet has insufficient funds for this transaction.'", async () => {
    const fees = feeBreakdown(tx);
    let error: unknown;
    try {
      assertSufficientFunds(fees.total - 1n, fees);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ProviderRpcError);
    expect(error).toMatchObject({
      message: 'Wallet has insufficient funds for this transaction.',
      data: { type: 'insufficient_funds', balance: hex(fees.total - 1n), required: hex(fees.total) },
    });
    const n = node({ eth_getBalance: hex(fees.total - 1n) });
    const rpc = new RpcClient('https://n.example', { fetch: n.fetch });
    expect((await checkFunds(rpc, FROM, fees)).sufficient).toBe(false);
  });
});
