import { describe, expect, it } from 'vitest';
import { ProviderRpcError } from '../../../../src/core/wallet/provider-error.js';
import { RpcClient } from '../../../../src/core/wallet/rpc.js';
import { fakeNode, hex, NodeError } from './fake-node.js';

const URL_ = 'https://node.example/rpc';
const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const HASH = `0x${'ab'.repeat(32)}`;

async function rejection(promise: Promise<unknown>): Promise<ProviderRpcError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ProviderRpcError);
    return error as ProviderRpcError;
  }
  throw new Error('did not reject');
}

const respond =
  (body: string, status = 200) =>
  async () =>
    new Response(body, { status });

describe('the chain node client (§7)', () => {
  it('posts JSON-RPC 2.0 with fresh ids and reads the node calls of §7', async () => {
    const bodies: Array<{ jsonrpc: string; id: number; method: string }> = [];
    const node = fakeNode({
      eth_chainId: '0x7a69',
      eth_maxPriorityFeePerGas: hex(2_000_000_000n),
      eth_getBlockByNumber: { number: '0x10', baseFeePerGas: hex(7n) },
      eth_gasPrice: hex(9n),
      eth_estimateGas: hex(21_000n),
      eth_getTransactionCount: '0x5',
      eth_getBalance: hex(10n ** 18n),
      eth_call: '0x00ff',
      eth_sendRawTransaction: HASH,
    });
    const rpc = new RpcClient(URL_, {
      fetch: (input, init) => {
        bodies.push(JSON.parse(String(init.body)));
        expect(new Headers(init.headers).get('content-type')).toBe('application/json');
        return node.fetch(input, init);
      },
    });
    expect(await rpc.chainId()).toBe(31337);
    expect(await rpc.maxPriorityFeePerGas()).toBe(2_000_000_000n);
    expect(await rpc.latestBaseFee()).toBe(7n);
    expect(await rpc.gasPrice()).toBe(9n);
    expect(await rpc.estimateGas({ from: ADDRESS, to: ADDRESS, value: '0x1' })).toBe(21_000n);
    expect(await rpc.pendingNonce(ADDRESS)).toBe(5);
    expect(await rpc.getBalance(ADDRESS)).toBe(10n ** 18n);
    expect(await rpc.call({ to: ADDRESS, data: '0x12' })).toBe('0x00ff');
    expect(await rpc.sendRawTransaction('0x02f8')).toBe(HASH);
    expect(node.params('eth_getBlockByNumber')).toEqual([['latest', false]]);
    expect(node.params('eth_getTransactionCount')).toEqual([[ADDRESS, 'pending']]);
    expect(node.params('eth_getBalance')).toEqual([[ADDRESS, 'latest']]);
    expect(node.params('eth_call')).toEqual([[{ to: ADDRESS, data: '0x12' }, 'latest']]);
    expect(node.params('eth_sendRawTransaction')).toEqual([['0x02f8']]);
    expect(bodies.every((b) => b.jsonrpc === '2.0')).toBe(true);
    expect(new Set(bodies.map((b) => b.id)).size).toBe(bodies.length);
    expect(node.calls.every((c) => c.url === URL_)).toBe(true);
  });

  it('reads a block without a base fee as null (no EIP-1559)', async () => {
    const rpc = new RpcClient(URL_, { fetch: fakeNode({ eth_getBlockByNumber: { number: '0x1' } }).fetch });
    expect(await rpc.latestBaseFee()).toBeNull();
  });

  it("keeps the node's error code, message and data (a revert stays decodable)", async () => {
    const revert = '0x08c379a0';
    const node = fakeNode({
      eth_estimateGas: () => {
        throw new NodeError(3, 'execution reverted: nope', revert);
      },
      eth_sendRawTransaction: () => {
        throw new NodeError(-32000, 'insufficient funds for gas * price + value');
      },
      eth_gasPrice: () => {
        throw new NodeError(-32005, '');
      },
    });
    const rpc = new RpcClient(URL_, { fetch: node.fetch });
    const reverted = await rejection(rpc.estimateGas({ to: ADDRESS }));
    expect(reverted).toMatchObject({ code: 3, message: 'execution reverted: nope', data: revert });
    const funds = await rejection(rpc.sendRawTransaction('0x01'));
    expect(funds).toMatchObject({ code: -32000, message: 'insufficient funds for gas * price + value' });
    // No message from the node: the §8 table's.
    expect(await rejection(rpc.gasPrice())).toMatchObject({ code: -32005, message: 'Limit exceeded' });
    expect(await rejection(rpc.request('eth_nope'))).toMatchObject({ code: -32601 });
  });

  it('maps transport failures to the §8 codes', async () => {
    const cases: Array<[() => Promise<Response>, number, string]> = [
      [respond('slow down', 429), -32005, 'Limit exceeded'],
      [respond('no', 401), 4100, 'Unauthorized'],
      [respond('<html>bad gateway</html>', 502), -32603, 'Internal error'],
      [respond('<html>ok?</html>', 200), -32700, 'Parse error'],
      [
        respond(JSON.stringify({ jsonrpc: '2.0', id: 1 })),
        -32603,
        'The chain node gave no valid answer to eth_gasPrice.',
      ],
      [
        respond(JSON.stringify({ jsonrpc: '2.0', id: 1, result: 'soon' })),
        -32603,
        'The chain node gave no valid answer to eth_gasPrice.',
      ],
      [
        async () => {
          throw new TypeError('fetch failed');
        },
        4901,
        'Chain Disconnected',
      ],
    ];
    for (const [fetch, code, message] of cases) {
      const error = await rejection(new RpcClient(URL_, { fetch }).gasPrice());
      expect({ code: error.code, message: error.message }).toEqual({ code, message });
    }
    const disconnected = new ProviderRpcError(4901);
    expect(disconnected.retryable).toBe(true);
    expect(new ProviderRpcError(-32602).retryable).toBe(false);
  });

  it("gives up after the timeout with 4901 'Request timed out'", async () => {
    const hanging = (_: string, init: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    const error = await rejection(new RpcClient(URL_, { fetch: hanging, timeoutMs: 20 }).gasPrice());
    expect(error).toMatchObject({ code: 4901, message: 'Request timed out' });
  });

  it('polls for the receipt until the transaction is mined and reads its §3 fields', async () => {
    let polls = 0;
    const node = fakeNode({
      eth_getTransactionReceipt: () =>
        ++polls < 3
          ? null
          : {
              transactionHash: HASH,
              from: ADDRESS,
              to: ADDRESS,
              blockNumber: '0x2a',
              status: '0x1',
              gasUsed: hex(21_000n),
              effectiveGasPrice: hex(1_875_000_000n),
              logs: [],
            },
    });
    const receipt = await new RpcClient(URL_, { fetch: node.fetch }).waitForReceipt(HASH, { delayMs: 1 });
    expect(receipt).toEqual({
      transactionHash: HASH,
      from: ADDRESS,
      to: ADDRESS,
      blockNumber: 42,
      status: 'success',
      gasUsed: 21_000n,
      effectiveGasPrice: 1_875_000_000n,
    });
    expect(node.params('eth_getTransactionReceipt')).toEqual([[HASH], [HASH], [HASH]]);
  });

  it('reads a failed transaction as reverted, a contract creation with no `to`', async () => {
    const node = fakeNode({
      eth_getTransactionReceipt: {
        transactionHash: HASH,
        from: ADDRESS,
        to: null,
        blockNumber: '0x1',
        status: '0x0',
        gasUsed: '0x5208',
        effectiveGasPrice: '0x1',
      },
    });
    const receipt = await new RpcClient(URL_, { fetch: node.fetch }).getTransactionReceipt(HASH);
    expect(receipt).toMatchObject({ status: 'reverted', to: null });
  });

  it('stops waiting for the receipt after the last attempt, or when aborted', async () => {
    const node = fakeNode({ eth_getTransactionReceipt: null });
    const rpc = new RpcClient(URL_, { fetch: node.fetch });
    const late = await rejection(rpc.waitForReceipt(HASH, { delayMs: 1, maxAttempts: 4 }));
    expect(late.message).toBe(`No receipt for transaction ${HASH} yet; it may still be mined.`);
    expect(node.params('eth_getTransactionReceipt')).toHaveLength(4);
    const controller = new AbortController();
    const waiting = rpc.waitForReceipt(HASH, { delayMs: 1000, signal: controller.signal });
    setTimeout(() => controller.abort(new ProviderRpcError(4001)), 10);
    await expect(waiting).rejects.toMatchObject({ code: 4001, message: 'User Rejected Request' });
  });
});
