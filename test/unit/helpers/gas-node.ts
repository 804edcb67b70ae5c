/**
 * Transaction preparation against a chain node (../core/wallet/fake-node.ts): the accounts, a node
 * with EIP-1559 fee data each test overrides, the chain table, and the ProviderRpcError a call ends in.
 */
import { expect } from 'vitest';
import { type ChainConfig, resolveChainConfig } from '../../../src/core/wallet/chains.js';
import { ProviderRpcError } from '../../../src/core/wallet/provider-error.js';
import { CHAINS } from '../../../src/protocol/chains.js';
import { fakeNode, gwei, type Handler, hex } from '../core/wallet/fake-node.js';

export const FROM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
export const TO = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
export const ONE_ETH = 10n ** 18n;
export const chain = (id: number) => CHAINS.find((c) => c.id === id)!;

/** A node with EIP-1559 fee data; each test overrides what its rule reads. */
export function node(
  overrides: Record<string, Handler | unknown> = {},
  http: Record<string, () => Response> = {},
) {
  return fakeNode(
    {
      eth_getTransactionCount: '0x7',
      eth_estimateGas: hex(21_000n),
      eth_maxPriorityFeePerGas: hex(gwei(2)),
      eth_getBlockByNumber: { number: '0x100', baseFeePerGas: hex(gwei(10)) },
      eth_gasPrice: hex(gwei(3)),
      ...overrides,
    },
    http,
  );
}

/** Every chain, no configuration: the table as it ships. */
export const everything = (): ChainConfig => resolveChainConfig();

/** The ProviderRpcError `promise` rejects with. */
export async function rejection(promise: Promise<unknown>): Promise<ProviderRpcError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ProviderRpcError);
    return error as ProviderRpcError;
  }
  throw new Error('did not reject');
}
