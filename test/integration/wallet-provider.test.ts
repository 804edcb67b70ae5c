/**
 * The embedded wallet on the dev chain (Hardhat, test/support/chain.ts): a send approved in the
 * provider-origin surface with a real receipt, and ethers' BrowserProvider and viem's custom()
 * transport over `getEthereumProvider()` signing and sending for real — without a prompt only for
 * an app that turned its wallet UIs off (noPromptOnSignature is refused otherwise). The frame is
 * the test peer holding the key (test/unit/core/wallet/ethers-frame.ts); preparation, broadcast
 * and receipts are the client's.
 */

import { BrowserProvider, parseEther, verifyMessage } from 'ethers';
import { createPublicClient, createWalletClient, custom, defineChain, http } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walletUi } from '../../src/core/wallet/embedded/index.js';
import { type Chain, startChain } from '../support/chain.js';
import { devChain, walletClient } from '../unit/core/wallet/wallet-client.js';

let chain: Chain;

beforeAll(async () => {
  chain = await startChain();
}, 60_000);

afterAll(async () => {
  await chain?.close();
});

const RECIPIENT = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';

async function balanceOf(address: string): Promise<bigint> {
  return BigInt(await chain.rpc<string>('eth_getBalance', [address, 'latest']));
}

/** `noPrompt`: the host asks for no prompt on signatures, for an app with its wallet UIs off. */
async function setup(noPrompt: boolean) {
  const rpcFetch = (input: string, init: RequestInit) => fetch(input, init);
  const local = devChain(chain.rpcUrl);
  const client = await walletClient({
    node: rpcFetch,
    ...(noPrompt ? { app: { enforce_wallet_uis: false }, frame: { enforceWalletUis: false } } : {}),
    host: {
      chains: [local],
      supportedChains: [local],
      embeddedWallets: { noPromptOnSignature: noPrompt },
    } as never,
  });
  const provider = (await client.gatehouse.call('getEthereumProvider', [])) as {
    request(args: { method: string; params?: unknown }): Promise<unknown>;
    on(event: string, listener: (...args: unknown[]) => void): unknown;
    removeListener(event: string, listener: (...args: unknown[]) => void): unknown;
  };
  return { ...client, provider, local };
}

describe('the embedded wallet on the dev chain', () => {
  it('sendTransaction through the review: approved in the surface, signed by the frame, broadcast, the receipt comes back', async () => {
    const { gatehouse, frame } = await setup(false);
    await chain.fund(frame.address, parseEther('2'));
    const before = await balanceOf(RECIPIENT);
    const sent = gatehouse.call('sendTransaction', [
      { to: RECIPIENT, value: parseEther('0.25') },
    ]) as Promise<{
      transactionHash: string;
      status: string;
      blockNumber: number;
      from: string;
    }>;
    for (let i = 0; i < 100 && walletUi(gatehouse.ctx).get().send?.status !== 'ready'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(walletUi(gatehouse.ctx).get().send?.preview).toMatchObject({
      title: 'Send ETH',
      amount: { token: '0.25' },
    });
    // The Send is the surface's, on the review of the very transaction the frame signs.
    expect(await frame.surface.shows('transaction')).toMatchObject({ intent: 'send', value: '0.25' });
    await frame.surface.approve('transaction');
    const receipt = await sent;
    expect(receipt).toMatchObject({ status: 'success', from: frame.address.toLowerCase() });
    expect(receipt.blockNumber).toBeGreaterThan(0);
    expect((await balanceOf(RECIPIENT)) - before).toBe(parseEther('0.25'));
    expect(walletUi(gatehouse.ctx).get().send?.status).toBe('done');
  });

  it("ethers' BrowserProvider: signer address, a signed message, and a sent transaction mined", async () => {
    const { provider, frame } = await setup(true);
    await chain.fund(frame.address, parseEther('1'));
    const browser = new BrowserProvider(provider);
    const signer = await browser.getSigner();
    expect(signer.address).toBe(frame.address);
    expect(verifyMessage('gm', await signer.signMessage('gm'))).toBe(frame.address);
    const before = await balanceOf(RECIPIENT);
    const tx = await signer.sendTransaction({ to: RECIPIENT, value: parseEther('0.1') });
    const receipt = await tx.wait();
    expect(receipt?.status).toBe(1);
    expect(receipt?.from).toBe(frame.address);
    expect((await balanceOf(RECIPIENT)) - before).toBe(parseEther('0.1'));
    expect(await browser.getBalance(frame.address)).toBe(await balanceOf(frame.address));
  });

  it("viem's custom() transport: addresses, a sent transaction mined, a signed message", async () => {
    const { provider, frame, local } = await setup(true);
    await chain.fund(frame.address, parseEther('1'));
    const viemChain = defineChain({ ...local, rpcUrls: { default: { http: [chain.rpcUrl] } } });
    const wallet = createWalletClient({ chain: viemChain, transport: custom(provider) });
    const reader = createPublicClient({ chain: viemChain, transport: http(chain.rpcUrl) });
    const [account] = await wallet.getAddresses();
    expect(account).toBe(frame.address);
    const before = await balanceOf(RECIPIENT);
    const hash = await wallet.sendTransaction({
      account: account!,
      to: RECIPIENT,
      value: parseEther('0.05'),
    });
    const receipt = await reader.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe('success');
    expect((await balanceOf(RECIPIENT)) - before).toBe(parseEther('0.05'));
    const signature = await wallet.signMessage({ account: account!, message: 'hello viem' });
    expect(await reader.verifyMessage({ address: account!, message: 'hello viem', signature })).toBe(true);
  });
});
