/**
 * Gas rules for Polygon (§9): the gas station.
 */

import { describe, expect, it } from 'vitest';
import { prepareTransaction } from '../../../../src/core/wallet/gas.js';
import { everything, FROM, node, rejection, TO } from '../../helpers/gas-node.js';
import { gwei } from './fake-node.js';

describe('transaction preparation and gas rules (§4.6, §9)', () => {
  const station = (standard: object) => () =>
    Response.json({
      safeLow: { maxPriorityFee: 25, maxFee: 100 },
      standard,
      fast: { maxPriorityFee: 60, maxFee: 200 },
      estimatedBaseFee: 70.1,
      blockTime: 2,
      blockNumber: 1,
    });

  it.each([
    [137, 'https://gasstation.polygon.technology/v2'],
    [80001, 'https://gasstation-testnet.polygon.technology/v2'],
    [80002, 'https://gasstation.polygon.technology/amoy'],
  ])('Polygon (%i): the gas station’s standard tier, gwei → wei', async (id, url) => {
    const n = node({}, { [url]: station({ maxPriorityFee: 30.000000042, maxFee: 130.5 }) });
    const { transaction } = await prepareTransaction(
      { to: TO, value: 1n, chainId: id },
      { config: everything(), from: FROM, fetch: n.fetch },
    );
    expect(n.gets).toEqual([url]);
    expect(transaction).toMatchObject({
      type: 2,
      maxPriorityFeePerGas: 30_000_000_042n,
      maxFeePerGas: 130_500_000_000n,
    });
    expect(n.methods()).not.toContain('eth_maxPriorityFeePerGas');
  });

  it('Polygon: the station URL is configurable; a failing station fails with the §8 text', async () => {
    const mine = 'https://station.example/polygon';
    const n = node({}, { [mine]: station({ maxPriorityFee: 31, maxFee: 140 }) });
    const { transaction } = await prepareTransaction(
      { to: TO, value: 1n, chainId: 137 },
      { config: everything(), from: FROM, fetch: n.fetch, gasStationUrls: { 137: mine } },
    );
    expect(n.gets).toEqual([mine]);
    expect(transaction).toMatchObject({ maxPriorityFeePerGas: gwei(31), maxFeePerGas: gwei(140) });

    for (const answer of [() => new Response('down', { status: 503 }), station({})]) {
      const broken = node({}, { [mine]: answer });
      const error = await rejection(
        prepareTransaction(
          { to: TO, value: 1n, chainId: 137 },
          { config: everything(), from: FROM, fetch: broken.fetch, gasStationUrls: { 137: mine } },
        ),
      );
      expect(error.message).toBe('Failed to set gas price for Polygon transaction');
    }
  });
});
