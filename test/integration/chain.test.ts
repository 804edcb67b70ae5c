import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { getAddress, hexlify, parseEther } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Chain, jsonRpc, startChain } from '../support/chain.js';

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

const freshAddress = () => getAddress(hexlify(randomBytes(20)));

describe('the local dev chain (hardhat)', () => {
  let chain: Chain;
  beforeAll(async () => {
    chain = await startChain();
  }, 60_000);
  afterAll(() => chain?.close());

  it('serves chain 31337 on a loopback port', async () => {
    expect(chain.rpcUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(chain.chainId).toBe(31337);
    expect(await jsonRpc(chain.rpcUrl, 'eth_chainId')).toBe('0x7a69');
  });

  it('funds a fresh address, mined at once', async () => {
    const address = freshAddress();
    expect(await chain.rpc('eth_getBalance', [address, 'latest'])).toBe('0x0');
    const hash = await chain.fund(address, parseEther('1.5'));
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(BigInt(await chain.rpc<string>('eth_getBalance', [address, 'latest']))).toBe(parseEther('1.5'));
    const receipt = await chain.rpc<{ status: string; to: string }>('eth_getTransactionReceipt', [hash]);
    expect(receipt.status).toBe('0x1');
    expect(getAddress(receipt.to)).toBe(address);
  });

  it('each start is a fresh chain, and close frees the port', async () => {
    const other = await startChain();
    const address = freshAddress();
    await other.fund(address, 1n);
    expect(BigInt(await other.rpc<string>('eth_getBalance', [address, 'latest']))).toBe(1n);
    expect(await chain.rpc('eth_getBalance', [address, 'latest'])).toBe('0x0');

    const port = Number(new URL(other.rpcUrl).port);
    expect(await canListen(port)).toBe(false);
    await other.close();
    expect(await canListen(port)).toBe(true);
    await expect(jsonRpc(other.rpcUrl, 'eth_chainId')).rejects.toThrow();
  }, 60_000);
});
