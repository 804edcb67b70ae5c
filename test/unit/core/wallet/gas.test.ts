import { Interface, Transaction } from 'ethers';
import { describe, expect, it } from 'vitest';
import { type ChainConfig, resolveChainConfig } from '../../../../src/core/wallet/chains.js';
import { gasFamily } from '../../../../src/core/wallet/fees.js';
import {
  assertSufficientFunds,
  checkFunds,
  encodeGetL1FeeCall,
  feeBreakdown,
  prepareTransaction,
} from '../../../../src/core/wallet/gas.js';
import { ProviderRpcError } from '../../../../src/core/wallet/provider-error.js';
import { RpcClient } from '../../../../src/core/wallet/rpc.js';
import type { PreparedTransaction } from '../../../../src/core/wallet/transaction.js';
import { CHAINS, type Chain, OP_GAS_PRICE_ORACLE_ADDRESS } from '../../../../src/protocol/chains.js';
import { fakeNode, gwei, type Handler, hex, NodeError } from './fake-node.js';

const FROM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const TO = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const ONE_ETH = 10n ** 18n;
const chain = (id: number) => CHAINS.find((c) => c.id === id)!;

/** A node with EIP-1559 fee data; each test overrides what its rule reads. */
function node(overrides: Record<string, Handler | unknown> = {}, http: Record<string, () => Response> = {}) {
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

const everything = (): ChainConfig => resolveChainConfig();

async function rejection(promise: Promise<unknown>): Promise<ProviderRpcError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ProviderRpcError);
    return error as ProviderRpcError;
  }
  throw new Error('did not reject');
}

describe('transaction preparation and gas rules (§4.6, §9)', () => {
  it('uses the default chain when the request has none, type 2, pending nonce and estimated gas', async () => {
    const n = node();
    const {
      chain: used,
      transaction,
      fees,
    } = await prepareTransaction(
      { to: TO, value: ONE_ETH },
      { config: everything(), from: FROM, fetch: n.fetch },
    );
    expect(used.id).toBe(1);
    expect(transaction).toEqual({
      chainId: 1,
      type: 2,
      from: FROM,
      to: TO,
      value: ONE_ETH,
      data: '0x',
      nonce: 7,
      gasLimit: 21_000n,
      // base fee × 2 + priority fee, as ethers' fee data.
      maxFeePerGas: gwei(22),
      maxPriorityFeePerGas: gwei(2),
    });
    expect(transaction.gasPrice).toBeUndefined();
    expect(fees).toEqual({
      gasFee: 21_000n * gwei(22),
      l1Fee: 0n,
      totalFee: 21_000n * gwei(22),
      total: ONE_ETH + 21_000n * gwei(22),
    });
    expect(n.calls.every((c) => c.url === chain(1).rpcUrls.default.http[0])).toBe(true);
    expect(n.params('eth_getTransactionCount')).toEqual([[FROM, 'pending']]);
    expect(n.params('eth_estimateGas')).toEqual([[{ from: FROM, to: TO, value: hex(ONE_ETH), data: '0x' }]]);
    expect(n.methods()).not.toContain('eth_call');
  });

  it('follows the default chain of the configuration (a custom dev chain through rpcConfig)', async () => {
    const local: Chain = {
      id: 31337,
      name: 'Hardhat',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
    };
    const config = resolveChainConfig({
      supportedChains: [local],
      rpcConfig: { rpcUrls: { 31337: 'http://127.0.0.1:9999' } },
    });
    const n = node();
    const { transaction } = await prepareTransaction(
      { to: TO, value: 1n },
      { config, from: FROM, fetch: n.fetch },
    );
    expect(transaction.chainId).toBe(31337);
    expect(new Set(n.calls.map((c) => c.url))).toEqual(new Set(['http://127.0.0.1:9999']));
  });

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
