/**
 * The embedded wallet's flows in core (§4.2, §4.6): creation on login per createOnLogin, recovery,
 * signing and sending with their screens' state, closing before completion (4001), the chain
 * remembered per address. The frame holds a real key (ethers), so signatures are checked for real.
 */

import { Transaction, verifyMessage, verifyTypedData } from 'ethers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { submitCode, submitDestination } from '../../../../src/core/login/passwordless.js';
import { walletActions, walletUi } from '../../../../src/core/wallet/embedded/index.js';
import type { User } from '../../../../src/protocol/client.js';
import { STORAGE_KEYS } from '../../../../src/protocol/constants.js';
import { SCREENS } from '../../../../src/protocol/screens.js';
import { EXPORT_VIEW_MESSAGES } from '../../../../src/protocol/wallet-device-frame.js';
import { PROVIDER_ORIGIN, walletAccountWire } from './ethers-frame.js';
import { fakeNode, NodeError } from './fake-node.js';
import { devChain, NODE_URL, walletClient } from './wallet-client.js';

afterEach(() => {
  vi.useRealTimers();
});

const screen = (gatehouse: { ctx: { modal: { $modal: { get(): { open: boolean; screen: string } } } } }) => {
  const state = gatehouse.ctx.modal.$modal.get();
  return state.open ? state.screen : null;
};

const TYPED = {
  domain: {
    name: 'Acme',
    version: '1',
    chainId: 31337,
    verifyingContract: '0x000000000000000000000000000000000000dEaD',
  },
  types: {
    Order: [
      { name: 'item', type: 'string' },
      { name: 'amount', type: 'uint256' },
    ],
  },
  primaryType: 'Order',
  message: { item: 'Hat', amount: '3' },
};

async function loginByEmail(client: Awaited<ReturnType<typeof walletClient>>, email: string) {
  const { gatehouse, provider } = client;
  await gatehouse.call('login', []);
  await submitDestination(gatehouse.ctx, 'email', email);
  await submitCode(gatehouse.ctx, provider.codes.get(email)!);
}

function successes(client: Awaited<ReturnType<typeof walletClient>>) {
  return client.events.seen.filter((e) => e.name === 'login:success').map((e) => e.detail as { user: User });
}

describe('embeddedWallets.createOnLogin (§4.2, §6)', () => {
  it("'all-users': a new user gets a wallet after the login, sees EMBEDDED_WALLET_CREATED_SCREEN, closed after 2.5 s; login:success carries it", async () => {
    const client = await walletClient({
      withWallet: false,
      loggedIn: false,
      host: { embeddedWallets: { createOnLogin: 'all-users' } },
    });
    const { gatehouse, frame } = client;
    await loginByEmail(client, 'bob@example.com');
    await vi.waitFor(() => expect(screen(gatehouse)).toBe(SCREENS.embeddedWalletCreated), { timeout: 3000 });
    const create = frame.received.find((m) => m.type === 'wallet:create');
    expect(typeof create?.data.accessToken).toBe('string');
    expect(create?.data).not.toHaveProperty('recoveryPassword');
    expect(walletUi(gatehouse.ctx).get().create).toMatchObject({
      status: 'created',
      address: frame.address,
      isNewUser: true,
    });
    expect(client.created).toEqual([
      {
        address: frame.address,
        chainType: 'ethereum',
        walletClientType: 'gatehouse',
        recoveryMethod: 'gatehouse',
      },
    ]);
    const [success] = successes(client);
    expect(success?.user.wallet?.address).toBe(frame.address);
    expect(gatehouse.ctx.stores.$user.get()?.wallet?.walletClientType).toBe('gatehouse');
    await vi.waitFor(() => expect(screen(gatehouse)).toBeNull(), { timeout: 4000 });
  });

  it("'users-without-wallets' leaves a user who has a wallet (an external one) as they are; 'off' creates nothing", async () => {
    const client = await walletClient({
      withWallet: false,
      loggedIn: false,
      host: { embeddedWallets: { createOnLogin: 'users-without-wallets' } },
    });
    client.user.linked_accounts.push({
      ...(walletAccountWire('0x000000000000000000000000000000000000bEEF') as object),
      wallet_client: 'metamask',
      wallet_client_type: 'metamask',
      connector_type: 'injected',
      recovery_method: undefined,
    } as never);
    await loginByEmail(client, 'alice@example.com');
    await vi.waitFor(() => expect(successes(client)).toHaveLength(1));
    expect(client.frame.received.filter((m) => m.type === 'wallet:create')).toHaveLength(0);

    const off = await walletClient({ withWallet: false, loggedIn: false });
    await loginByEmail(off, 'alice@example.com');
    await vi.waitFor(() => expect(successes(off)).toHaveLength(1));
    expect(off.frame.received).toHaveLength(0);
  });

  it('a failed creation logs the user out and fires login:error; the screen says what happened', async () => {
    const client = await walletClient({
      withWallet: false,
      loggedIn: false,
      host: { embeddedWallets: { createOnLogin: 'all-users' } },
      frame: {
        override: (m) =>
          m.type === 'wallet:create'
            ? { error: { type: 'error', message: 'Embedded wallet error' } }
            : undefined,
      },
    });
    await loginByEmail(client, 'bob@example.com');
    await vi.waitFor(() => expect(client.events.seen.map((e) => e.name)).toContain('login:error'), {
      timeout: 3000,
    });
    expect(client.gatehouse.ctx.stores.$authenticated.get()).toBe(false);
    expect(client.events.seen.map((e) => e.name)).toContain('logout');
    expect(successes(client)).toHaveLength(0);
    expect(walletUi(client.gatehouse.ctx).get().create).toMatchObject({
      status: 'error',
      error: 'An error has occurred, please try again.',
    });
  });

  it('createWallet() from the API: one wallet:create for identical pending calls; a second wallet is refused', async () => {
    const client = await walletClient({ withWallet: false });
    const { gatehouse, frame } = client;
    const [a, b] = await Promise.all([
      gatehouse.call('createWallet', []),
      gatehouse.call('createWallet', []),
    ]);
    expect(a).toMatchObject({ address: frame.address, recoveryMethod: 'gatehouse' });
    expect(b).toEqual(a);
    expect(frame.received.filter((m) => m.type === 'wallet:create')).toHaveLength(1);
    await expect(gatehouse.call('createWallet', [])).rejects.toThrow(
      'Only one wallet per user is currently allowed',
    );
  });
});

describe('connectOrCreateWallet() (§2.2, §6)', () => {
  it('logged out: CONNECT_OR_CREATE; an email login there gets an embedded wallet, though createOnLogin is off', async () => {
    const client = await walletClient({ withWallet: false, loggedIn: false });
    const { gatehouse, frame, provider } = client;
    await gatehouse.call('connectOrCreateWallet', []);
    expect(screen(gatehouse)).toBe('CONNECT_OR_CREATE');
    await submitDestination(gatehouse.ctx, 'email', 'carol@example.com');
    await submitCode(gatehouse.ctx, provider.codes.get('carol@example.com')!);
    await vi.waitFor(() => expect(successes(client)).toHaveLength(1), { timeout: 3000 });
    expect(frame.received.filter((m) => m.type === 'wallet:create')).toHaveLength(1);
    expect(gatehouse.ctx.stores.$user.get()?.wallet).toMatchObject({
      address: frame.address,
      walletClientType: 'gatehouse',
    });

    // Only that login: the next one, with createOnLogin off, creates nothing.
    const again = await walletClient({ withWallet: false, loggedIn: false });
    await again.gatehouse.call('connectOrCreateWallet', []);
    again.gatehouse.ctx.modal.close();
    await loginByEmail(again, 'dave@example.com');
    await vi.waitFor(() => expect(successes(again)).toHaveLength(1));
    expect(again.frame.received.filter((m) => m.type === 'wallet:create')).toHaveLength(0);
  });

  it('logged in without a wallet: creates it; with one: nothing to do', async () => {
    const client = await walletClient({ withWallet: false });
    await client.gatehouse.call('connectOrCreateWallet', []);
    expect(client.frame.received.filter((m) => m.type === 'wallet:create')).toHaveLength(1);
    expect(client.gatehouse.ctx.stores.$user.get()?.wallet?.address).toBe(client.frame.address);

    const has = await walletClient();
    await has.gatehouse.call('connectOrCreateWallet', []);
    expect(has.frame.received.filter((m) => m.type === 'wallet:create')).toHaveLength(0);
  });
});

describe('connection and recovery (§4.6)', () => {
  it("a restored session connects silently; a 'gatehouse' wallet not on this device recovers silently", async () => {
    const client = await walletClient({ frame: { onDevice: false } });
    await vi.waitFor(() =>
      expect(client.frame.received.map((m) => m.type)).toEqual(['wallet:connect', 'wallet:recover']),
    );
    expect(client.frame.received[1]?.data).not.toHaveProperty('recoveryPin');
    expect(screen(client.gatehouse)).toBeNull();
  });

  it('a wallet call while the frame is still loading the key shows EMBEDDED_WALLET_CONNECTING_SCREEN; closing it rejects with 4001', async () => {
    const { gatehouse } = await walletClient({
      frame: { override: (m) => (m.type === 'wallet:connect' ? 'silence' : undefined) },
    });
    const signed = gatehouse.call('signMessage', ['hello']);
    await vi.waitFor(() => expect(screen(gatehouse)).toBe(SCREENS.embeddedWalletConnecting));
    expect(walletUi(gatehouse.ctx).get().connecting.status).toBe('connecting');
    gatehouse.ctx.modal.close();
    await expect(signed).rejects.toMatchObject({ code: 4001 });
  });

  it("'user-passcode': the first wallet call opens EMBEDDED_WALLET_RECOVERY_SCREEN; a wrong password is refused, the right one goes on", async () => {
    const client = await walletClient({
      recoveryMethod: 'user-passcode',
      frame: { onDevice: false, password: 'Secret-123' },
    });
    const { gatehouse, frame } = client;
    const signed = gatehouse.call('signMessage', ['hello']) as Promise<string>;
    await vi.waitFor(() => expect(screen(gatehouse)).toBe(SCREENS.embeddedWalletRecovery));
    await walletActions(gatehouse.ctx).submitRecoveryPassword('wrong-one');
    expect(walletUi(gatehouse.ctx).get().recovery).toMatchObject({
      busy: false,
      error: 'Invalid recovery password, please try again.',
    });
    await walletActions(gatehouse.ctx).submitRecoveryPassword('Secret-123');
    await vi.waitFor(() => expect(screen(gatehouse)).toBe(SCREENS.embeddedWalletSignRequest));
    expect(frame.received.filter((m) => m.type === 'wallet:recover').map((m) => m.data.recoveryPin)).toEqual([
      'wrong-one',
      'Secret-123',
    ]);
    await walletActions(gatehouse.ctx).approveSign();
    expect(verifyMessage('hello', await signed)).toBe(frame.address);
  });
});

describe('signing (§4.6)', () => {
  it("signMessage: EMBEDDED_WALLET_SIGN_REQUEST_SCREEN, the frame signs on approval, 'Success', closed after 1400 ms", async () => {
    const { gatehouse, frame } = await walletClient();
    const signed = gatehouse.call('signMessage', [
      'Hello from Acme',
      { title: 'Sign in to Acme' },
    ]) as Promise<string>;
    await vi.waitFor(() => expect(screen(gatehouse)).toBe(SCREENS.embeddedWalletSignRequest));
    expect(walletUi(gatehouse.ctx).get().sign).toMatchObject({
      kind: 'message',
      message: 'Hello from Acme',
      status: 'ready',
      uiOptions: { title: 'Sign in to Acme' },
    });
    expect(frame.received.some((m) => m.type === 'wallet:rpc')).toBe(false);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await walletActions(gatehouse.ctx).approveSign();
    const signature = await signed;
    expect(verifyMessage('Hello from Acme', signature)).toBe(frame.address);
    expect(walletUi(gatehouse.ctx).get().sign?.status).toBe('done');
    await vi.advanceTimersByTimeAsync(1399);
    expect(screen(gatehouse)).toBe(SCREENS.embeddedWalletSignRequest);
    await vi.advanceTimersByTimeAsync(1);
    expect(screen(gatehouse)).toBeNull();
  });

  it('signTypedData shows the domain and message, and the signature recovers to the wallet', async () => {
    const { gatehouse, frame } = await walletClient();
    const signed = gatehouse.call('signTypedData', [TYPED]) as Promise<string>;
    await vi.waitFor(() => expect(walletUi(gatehouse.ctx).get().sign?.status).toBe('ready'));
    expect(walletUi(gatehouse.ctx).get().sign?.typedData).toEqual({
      primaryType: 'Order',
      domain: [
        ['name', 'Acme'],
        ['version', '1'],
        ['chainId', '31337'],
        ['verifyingContract', '0x000000000000000000000000000000000000dEaD'],
      ],
      message: JSON.stringify(TYPED.message, null, 2),
    });
    await walletActions(gatehouse.ctx).approveSign();
    expect(verifyTypedData(TYPED.domain, TYPED.types, TYPED.message, await signed)).toBe(frame.address);
  });

  it('closing the sign screen before it is done rejects with 4001; an empty message is refused', async () => {
    const { gatehouse, frame } = await walletClient();
    const signed = gatehouse.call('signMessage', ['Hello']) as Promise<string>;
    await vi.waitFor(() => expect(screen(gatehouse)).toBe(SCREENS.embeddedWalletSignRequest));
    gatehouse.ctx.modal.close();
    await expect(signed).rejects.toMatchObject({ code: 4001 });
    expect(frame.received.some((m) => m.type === 'wallet:rpc')).toBe(false);
    await expect(gatehouse.call('signMessage', [''])).rejects.toMatchObject({
      code: 'invalid_message',
      message: 'Message must be a non-empty string',
    });
  });

  it('noPromptOnSignature signs at once, without a screen', async () => {
    const { gatehouse, frame } = await walletClient({
      host: { embeddedWallets: { noPromptOnSignature: true } },
    });
    const signature = (await gatehouse.call('signMessage', ['quick'])) as string;
    expect(verifyMessage('quick', signature)).toBe(frame.address);
    expect(screen(gatehouse)).toBeNull();
  });

  it('logging out tells the frame to forget first (wallet:clear), while the session still stands', async () => {
    let sessionAtClear: string | null | undefined;
    const page: { storage?: Storage | { getItem(key: string): string | null } } = {};
    const client = await walletClient({
      host: { embeddedWallets: { noPromptOnSignature: true } },
      frame: {
        override: (message) => {
          if (message.type !== 'wallet:clear') return undefined;
          // The first one (the logout's own); the store's reset after it may send another.
          sessionAtClear ??= page.storage?.getItem(STORAGE_KEYS.refreshToken);
          return { data: { cleared: true } };
        },
      },
    });
    page.storage = client.storage;
    const { gatehouse, frame } = client;
    await gatehouse.call('signMessage', ['before']);
    await gatehouse.call('logout', []);
    const types = frame.received.map((m) => m.type);
    expect(types.filter((type) => type === 'wallet:clear')).not.toHaveLength(0);
    expect(types.indexOf('wallet:clear')).toBeGreaterThan(types.indexOf('wallet:rpc'));
    expect(typeof sessionAtClear).toBe('string');
    expect(client.storage.getItem(STORAGE_KEYS.refreshToken)).toBeNull();
  });

  it('a user who is not logged in cannot sign', async () => {
    const { gatehouse } = await walletClient({ loggedIn: false });
    await expect(gatehouse.call('signMessage', ['x'])).rejects.toMatchObject({
      code: 'must_be_authenticated',
    });
  });
});

/** A chain node with a balance, EIP-1559 fees, and a mempool that mines at once. */
function node(balanceWei: bigint) {
  const sent: string[] = [];
  const chain = fakeNode({
    eth_chainId: '0x7a69',
    eth_getTransactionCount: '0x3',
    eth_estimateGas: '0x5208',
    eth_getBlockByNumber: { number: '0x10', baseFeePerGas: '0x3b9aca00' },
    eth_maxPriorityFeePerGas: '0x3b9aca00',
    eth_getBalance: `0x${balanceWei.toString(16)}`,
    eth_blockNumber: '0x10',
    eth_sendRawTransaction: ([raw]: unknown[]) => {
      sent.push(String(raw));
      return Transaction.from(String(raw)).hash;
    },
    eth_getTransactionReceipt: ([hash]: unknown[]) => {
      const tx = sent.map((raw) => Transaction.from(raw)).find((t) => t.hash === hash);
      if (!tx) throw new NodeError(-32000, 'unknown transaction');
      return {
        transactionHash: hash,
        from: tx.from,
        to: tx.to,
        blockNumber: '0x11',
        status: '0x1',
        gasUsed: '0x5208',
        effectiveGasPrice: '0x77359400',
      };
    },
  });
  return { ...chain, sent };
}

const RECIPIENT = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';

describe('sending (§4.6)', () => {
  it('sendTransaction: the review (amount, fees, balance, fiat), then the frame signs, the core broadcasts and waits for the receipt', async () => {
    const chain = node(10n ** 18n);
    const { gatehouse, frame } = await walletClient({ node: chain.fetch, usdPrice: 2000 });
    const sent = gatehouse.call('sendTransaction', [{ to: RECIPIENT, value: 5n * 10n ** 16n }]) as Promise<{
      transactionHash: string;
      status: string;
    }>;
    await vi.waitFor(() => expect(walletUi(gatehouse.ctx).get().send?.status).toBe('ready'));
    expect(screen(gatehouse)).toBe(SCREENS.embeddedWalletSendTransaction);
    const preview = walletUi(gatehouse.ctx).get().send?.preview;
    expect(preview).toMatchObject({
      chainId: 31337,
      title: 'Send ETH',
      kind: 'SEND',
      from: frame.address,
      to: RECIPIENT,
      amount: { token: '0.05', usd: '$100.00' },
      balance: { token: '1', usd: '$2,000.00' },
      insufficientFunds: false,
      l1Fee: null,
    });
    // 21000 gas × (2 × 1 gwei base fee + 1 gwei priority) (§9 default rule): 0.000063, shown '<0.001' (§9).
    expect(preview?.fee).toEqual({ token: '<0.001', usd: '$0.13' });
    expect(preview?.total).toEqual({ token: '0.050063', usd: '$100.13' });
    expect(preview?.fromUrl).toBe(`https://blockscan.com/address/${frame.address}`);
    expect(chain.sent).toHaveLength(0);

    await walletActions(gatehouse.ctx).approveSend();
    const result = await sent;
    expect(result.status).toBe('success');
    expect(chain.sent).toHaveLength(1);
    const tx = Transaction.from(chain.sent[0]!);
    expect(tx.from).toBe(frame.address);
    expect(tx.to).toBe(RECIPIENT);
    expect(tx.value).toBe(5n * 10n ** 16n);
    expect(tx.nonce).toBe(3);
    expect(tx.type).toBe(2);
    expect(tx.chainId).toBe(31337n);
    expect(result.transactionHash).toBe(tx.hash);
    expect(walletUi(gatehouse.ctx).get().send).toMatchObject({ status: 'done', transactionHash: tx.hash });
    expect(chain.methods()).toContain('eth_getTransactionReceipt');
  });

  it('without a token price the review shows native amounts only', async () => {
    const chain = node(10n ** 18n);
    const { gatehouse } = await walletClient({ node: chain.fetch });
    void gatehouse.call('sendTransaction', [{ to: RECIPIENT, value: 1n }]).catch(() => {});
    await vi.waitFor(() => expect(walletUi(gatehouse.ctx).get().send?.status).toBe('ready'));
    expect(walletUi(gatehouse.ctx).get().send?.preview?.amount).toEqual({ token: '<0.001', usd: null });
    gatehouse.ctx.modal.close();
  });

  it("insufficient funds: 'Wallet has insufficient funds for this transaction.' and nothing is signed", async () => {
    const chain = node(10n ** 15n);
    const { gatehouse, frame } = await walletClient({ node: chain.fetch });
    const sent = gatehouse.call('sendTransaction', [{ to: RECIPIENT, value: 10n ** 16n }]);
    await vi.waitFor(() => expect(walletUi(gatehouse.ctx).get().send?.status).toBe('error'));
    expect(walletUi(gatehouse.ctx).get().send).toMatchObject({
      error: 'Wallet has insufficient funds for this transaction.',
      preview: { insufficientFunds: true },
    });
    await walletActions(gatehouse.ctx).approveSend();
    expect(frame.received.some((m) => m.type === 'wallet:rpc')).toBe(false);
    gatehouse.ctx.modal.close();
    await expect(sent).rejects.toMatchObject({ code: 4001 });
  });

  it('closing the review before it is done rejects with 4001 and broadcasts nothing', async () => {
    const chain = node(10n ** 18n);
    const { gatehouse } = await walletClient({ node: chain.fetch });
    const sent = gatehouse.call('sendTransaction', [{ to: RECIPIENT, value: 1000n }]);
    await vi.waitFor(() => expect(walletUi(gatehouse.ctx).get().send?.status).toBe('ready'));
    gatehouse.ctx.modal.close();
    await expect(sent).rejects.toMatchObject({ code: 4001, message: 'User rejected the request.' });
    expect(chain.sent).toHaveLength(0);
  });

  it('waitForTransactionConfirmation: false resolves with the hash, without waiting for the receipt', async () => {
    const chain = node(10n ** 18n);
    const { gatehouse } = await walletClient({
      node: chain.fetch,
      host: { waitForTransactionConfirmation: false, embeddedWallets: { noPromptOnSignature: true } },
    });
    const result = (await gatehouse.call('sendTransaction', [{ to: RECIPIENT, value: 1000n }])) as {
      transactionHash: string;
      blockNumber: number | null;
    };
    expect(result.transactionHash).toBe(Transaction.from(chain.sent[0]!).hash);
    expect(result.blockNumber).toBeNull();
    expect(chain.methods()).not.toContain('eth_getTransactionReceipt');
    expect(screen(gatehouse)).toBeNull();
  });

  it('a transaction on a chain outside supportedChains is refused with 4902', async () => {
    const { gatehouse } = await walletClient({ node: node(1n).fetch });
    await expect(
      gatehouse.call('sendTransaction', [{ to: RECIPIENT, value: 1n, chainId: 1 }]),
    ).rejects.toMatchObject({
      code: 4902,
      message:
        'Chain ID 1 is not supported. It must be added to the config.supportedChains property of the provider.',
    });
  });
});

describe('export (§2.3)', () => {
  it('EMBEDDED_WALLET_KEY_EXPORT_SCREEN gets the export view URL with the §2.3 parameters after at least 1 s', async () => {
    const { gatehouse, frame } = await walletClient();
    await vi.waitFor(() => expect(frame.received.map((m) => m.type)).toContain('wallet:connect'));
    const started = Date.now();
    const exported = gatehouse.call('exportWallet', []);
    await vi.waitFor(() => expect(screen(gatehouse)).toBe(SCREENS.embeddedWalletKeyExport));
    expect(walletUi(gatehouse.ctx).get().export.url).toBeNull();
    await vi.waitFor(() => expect(walletUi(gatehouse.ctx).get().export.url).not.toBeNull(), {
      timeout: 3000,
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(990);
    const url = new URL(walletUi(gatehouse.ctx).get().export.url!);
    expect(url.pathname).toMatch(/\/apps\/[^/]+\/embedded-wallets\/export$/);
    expect(url.searchParams.get('address')).toBe(frame.address);
    expect(url.searchParams.get('origin')).toBe('https://shop.test');
    for (const name of ['width', 'caid', 'background', 'foreground', 'accent', 'channel']) {
      expect(url.searchParams.get(name)).toBeTruthy();
    }
    // The token is nowhere in the address: the view asks its parent for it.
    const token = (await gatehouse.ctx.session.getAccessToken()) as string;
    expect(url.toString()).not.toContain(token);
    const channel = url.searchParams.get('channel') as string;
    const view = { postMessage: vi.fn() };
    const ready = { source: 'gatehouse', type: EXPORT_VIEW_MESSAGES.ready, channel };
    frame.post(ready, 'https://evil.example', view);
    frame.post({ ...ready, channel: 'another' }, PROVIDER_ORIGIN, view);
    frame.post(ready, PROVIDER_ORIGIN, view);
    await vi.waitFor(() => expect(view.postMessage).toHaveBeenCalledTimes(1));
    expect(view.postMessage).toHaveBeenCalledWith(
      { source: 'gatehouse', type: EXPORT_VIEW_MESSAGES.token, channel, accessToken: token },
      PROVIDER_ORIGIN,
    );
    gatehouse.ctx.modal.close();
    await expect(exported).resolves.toBeUndefined();
    // Closed, it answers no more.
    frame.post(ready, PROVIDER_ORIGIN, view);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(view.postMessage).toHaveBeenCalledTimes(1);
  });
});

describe('the chain remembered per address (§4.5)', () => {
  it('wallet_switchEthereumChain keeps the chain for this address in localStorage and fires chainChanged', async () => {
    const base = {
      id: 8453,
      name: 'Base',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [NODE_URL] } },
    };
    const { gatehouse, frame, storage } = await walletClient({
      host: { supportedChains: [31337, base], chains: [devChain(), base] } as never,
    });
    const provider = (await gatehouse.call('getEthereumProvider', [])) as {
      request(a: { method: string; params?: unknown }): Promise<unknown>;
      on(e: string, l: (v: unknown) => void): void;
    };
    const changes: unknown[] = [];
    provider.on('chainChanged', (id) => changes.push(id));
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a69');
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x2105' }] });
    expect(changes).toEqual(['0x2105']);
    expect(JSON.parse(storage.getItem(STORAGE_KEYS.walletChains)!)).toEqual({
      [frame.address.toLowerCase()]: 8453,
    });
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x2105');
  });
});
