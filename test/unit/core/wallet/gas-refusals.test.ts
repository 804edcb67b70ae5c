/**
 * Transaction preparation (§5, §9): an unsupported chain and malformed values refused; the gas family of each chain.
 */

import { describe, expect, it } from 'vitest';
import { resolveChainConfig } from '../../../../src/core/wallet/chains.js';
import { gasFamily } from '../../../../src/core/wallet/fees.js';
import { prepareTransaction } from '../../../../src/core/wallet/gas.js';
import { chain, FROM, node, rejection, TO } from '../../helpers/gas-node.js';

describe('transaction preparation and gas rules (§4.6, §9)', () => {
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
