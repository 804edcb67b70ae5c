/**
 * `LoginWidget.getEthereumProvider()` (§4.5, §5, §8): the EIP-1193 method table, its errors, its
 * events, and ethers' BrowserProvider and viem's custom() transport signing over it with the
 * frame's real key.
 */
import { BrowserProvider, verifyMessage, verifyTypedData } from 'ethers';
import { createWalletClient, custom, verifyMessage as viemVerifyMessage } from 'viem';
import { describe, expect, it } from 'vitest';
import { SCREENS } from '../../../../src/protocol/screens.js';
import { fakeNode, gwei, hex, NodeError } from './fake-node.js';
import { devChain, walletClient } from './wallet-client.js';

interface Eip1193 {
  request(args: { method: string; params?: unknown }): Promise<unknown>;
  on(event: string, listener: (value: unknown) => void): unknown;
  removeListener(event: string, listener: (value: unknown) => void): unknown;
}

const TYPED = {
  domain: { name: 'Acme', version: '1', chainId: 31337 },
  types: { Mail: [{ name: 'contents', type: 'string' }] },
  primaryType: 'Mail',
  message: { contents: 'Hello, Bob' },
};

const chainNode = () =>
  fakeNode({
    eth_chainId: '0x7a69',
    eth_blockNumber: '0x2a',
    eth_estimateGas: '0x5208',
    eth_call: () => {
      throw new NodeError(3, 'execution reverted', '0x08c379a0');
    },
  });

async function setup(options: Parameters<typeof walletClient>[0] = {}) {
  const node = chainNode();
  const client = await walletClient({ node: node.fetch, ...options });
  const provider = (await client.gatehouse.call('getEthereumProvider', [])) as Eip1193;
  return { ...client, node, provider };
}

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (error: { code?: number }) => error.code,
  );

describe('the EIP-1193 provider of the embedded wallet', () => {
  it('answers accounts and chain, and passes read methods to the chain RPC', async () => {
    const { provider, frame, node, gatehouse } = await setup();
    expect(await gatehouse.call('getEthereumProvider', [])).toBe(provider);
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([frame.address]);
    expect(await provider.request({ method: 'eth_requestAccounts' })).toEqual([frame.address]);
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a69');
    expect(await provider.request({ method: 'net_version' })).toBe('31337');
    expect(await provider.request({ method: 'eth_blockNumber', params: [] })).toBe('0x2a');
    expect(node.calls.at(-1)).toMatchObject({ url: 'http://node.test:8545', method: 'eth_blockNumber' });
    expect(
      await provider.request({ method: 'eth_estimateGas', params: [{ to: frame.address, gasPrice: '0x1' }] }),
    ).toBe('0x5208');
    // §5: the estimate never carries the gas-price fields.
    expect(node.params('eth_estimateGas')[0]?.[0]).not.toHaveProperty('gasPrice');
    // A node's error keeps its code and data (libraries decode reverts from them).
    await expect(
      provider.request({ method: 'eth_call', params: [{ to: frame.address }, 'latest'] }),
    ).rejects.toMatchObject({
      code: 3,
      data: '0x08c379a0',
    });
  });

  it('errors carry the §8 codes: params not an array, another address, unsupported methods and chains', async () => {
    const { provider } = await setup();
    const other = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
    expect(await codeOf(provider.request({ method: 'personal_sign', params: { message: 'x' } }))).toBe(
      -32602,
    );
    expect(await codeOf(provider.request({ method: 'eth_sendTransaction', params: { to: other } }))).toBe(
      -32602,
    );
    expect(await codeOf(provider.request({ method: 'personal_sign', params: ['0x68656c6c6f', other] }))).toBe(
      4100,
    );
    expect(await codeOf(provider.request({ method: 'eth_signTypedData_v3', params: [] }))).toBe(4200);
    expect(
      await codeOf(provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] })),
    ).toBe(4902);
    expect(
      await codeOf(provider.request({ method: 'eth_signTypedData_v4', params: [other, 'not json'] })),
    ).toBe(4100);
    expect(await codeOf(provider.request({ method: 7 } as never))).toBe(-32600);
  });

  it('eth_sendTransaction goes through EMBEDDED_WALLET_SEND_TRANSACTION_SCREEN; closing it rejects with 4001', async () => {
    const { provider, gatehouse, frame } = await setup();
    const sent = provider.request({
      method: 'eth_sendTransaction',
      params: [{ from: frame.address, to: frame.address }],
    });
    const code = codeOf(sent);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(gatehouse.ctx.modal.$modal.get()).toMatchObject({
      open: true,
      screen: SCREENS.embeddedWalletSendTransaction,
    });
    gatehouse.ctx.modal.close();
    expect(await code).toBe(4001);
  });

  it('eth_populateTransactionRequest answers the request filled in (sender, chain, nonce, gas, fees), signing nothing', async () => {
    const to = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
    const node = fakeNode({
      eth_getTransactionCount: hex(7),
      eth_estimateGas: hex(21000),
      eth_getBlockByNumber: { number: hex(10), baseFeePerGas: hex(gwei(1)) },
      eth_maxPriorityFeePerGas: hex(gwei(1)),
    });
    const { gatehouse, frame } = await walletClient({ node: node.fetch });
    const provider = (await gatehouse.call('getEthereumProvider', [])) as Eip1193;
    const filled = await provider.request({
      method: 'eth_populateTransactionRequest',
      params: [{ from: frame.address, to, value: '0x10' }],
    });
    // §9 default rule: max fee = 2 × base fee + priority fee.
    expect(filled).toEqual({
      from: frame.address,
      to,
      value: '0x10',
      data: '0x',
      nonce: '0x7',
      gas: hex(21000),
      chainId: '0x7a69',
      type: '0x2',
      maxFeePerGas: hex(gwei(3)),
      maxPriorityFeePerGas: hex(gwei(1)),
    });
    expect(node.params('eth_getTransactionCount')[0]).toEqual([frame.address, 'pending']);
    expect(frame.received.some((m) => m.type === 'wallet:rpc')).toBe(false);
    // What the host gave stays as given; params that are not an array are refused (§5).
    const kept = (await provider.request({
      method: 'eth_populateTransactionRequest',
      params: [{ to, nonce: 2, gas: '0x6000', type: 0, gasPrice: hex(gwei(5)) }],
    })) as Record<string, string>;
    expect(kept).toMatchObject({ nonce: '0x2', gas: '0x6000', type: '0x0', gasPrice: hex(gwei(5)) });
    expect(await codeOf(provider.request({ method: 'eth_populateTransactionRequest', params: { to } }))).toBe(
      -32602,
    );
  });

  it('logging out: accountsChanged with [], no accounts, and eth_requestAccounts is refused with 4100', async () => {
    const { provider, gatehouse, frame } = await setup();
    const changes: unknown[] = [];
    provider.on('accountsChanged', (accounts) => changes.push(accounts));
    expect(await provider.request({ method: 'eth_requestAccounts' })).toEqual([frame.address]);
    await gatehouse.call('logout', []);
    expect(changes.at(-1)).toEqual([]);
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([]);
    expect(await codeOf(provider.request({ method: 'eth_requestAccounts' }))).toBe(4100);
    // §8: a provider error (its own kind), 4100 'Wallet is not connected' for a signature without a wallet.
    await expect(
      provider.request({ method: 'personal_sign', params: ['0x68656c6c6f', frame.address] }),
    ).rejects.toMatchObject({ type: 'provider_error', code: 4100, message: 'Wallet is not connected' });
  });

  it("ethers' BrowserProvider: each signature waits for the user's approval in the surface", async () => {
    const { provider, frame, gatehouse } = await setup();
    const signer = await new BrowserProvider(provider).getSigner();
    const signed = signer.signMessage('gm');
    // The frame shows what it signs, from the very request.
    expect(await frame.surface.shows('sign-message')).toMatchObject({
      message: 'gm',
      address: frame.address,
    });
    expect(gatehouse.ctx.modal.$modal.get()).toMatchObject({ screen: SCREENS.embeddedWalletSignRequest });
    await frame.surface.approve();
    expect(verifyMessage('gm', await signed)).toBe(frame.address);
    // noPromptOnSignature cannot skip it while the app enforces its wallet UIs (§5).
    await gatehouse.call('init', [{ embeddedWallets: { noPromptOnSignature: true } }]);
    const refused = await provider
      .request({ method: 'personal_sign', params: ['0x676d', frame.address] })
      .catch((error: unknown) => error);
    expect(refused).toMatchObject({
      code: -32603,
      message: expect.stringContaining('noPromptOnSignature requires wallet UIs to be disabled'),
    });
  });

  it("ethers' BrowserProvider signs messages and typed data over it (noPromptOnSignature, wallet UIs off)", async () => {
    const { provider, frame } = await setup({
      app: { enforce_wallet_uis: false },
      host: { embeddedWallets: { noPromptOnSignature: true } },
    });
    const browser = new BrowserProvider(provider);
    expect((await browser.getNetwork()).chainId).toBe(31337n);
    const signer = await browser.getSigner();
    expect(signer.address).toBe(frame.address);
    expect(verifyMessage('gm', await signer.signMessage('gm'))).toBe(frame.address);
    const signature = await signer.signTypedData(TYPED.domain, TYPED.types, TYPED.message);
    expect(verifyTypedData(TYPED.domain, TYPED.types, TYPED.message, signature)).toBe(frame.address);
  });

  it("viem's custom() transport signs messages and typed data over it (noPromptOnSignature, wallet UIs off)", async () => {
    const { provider, frame } = await setup({
      app: { enforce_wallet_uis: false },
      host: { embeddedWallets: { noPromptOnSignature: true } },
    });
    const chain = devChain();
    const wallet = createWalletClient({ chain: chain as never, transport: custom(provider) });
    const [account] = await wallet.getAddresses();
    expect(account).toBe(frame.address);
    expect(await wallet.getChainId()).toBe(31337);
    const signature = await wallet.signMessage({ account: account!, message: 'gm' });
    expect(
      await viemVerifyMessage({ address: frame.address as `0x${string}`, message: 'gm', signature }),
    ).toBe(true);
    const typed = await wallet.signTypedData({
      account: account!,
      domain: TYPED.domain,
      types: TYPED.types,
      primaryType: 'Mail',
      message: TYPED.message,
    });
    expect(verifyTypedData(TYPED.domain, TYPED.types, TYPED.message, typed)).toBe(frame.address);
  });
});
