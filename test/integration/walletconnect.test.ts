/**
 * The WalletConnect connector against a real wallet: our provider (sign-client as the dapp) and a
 * sign-client wallet with an ethers key pair through a local WalletConnect relay, and each test
 * checks what a user of the EIP-1193 provider receives.
 */
import { randomBytes } from 'node:crypto';
import { verifyMessage } from 'ethers';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createWalletConnectProvider } from '../../src/core/wallet/external/walletconnect.js';
import type {
  WalletConnectProvider,
  WalletConnectStorage,
} from '../../src/core/wallet/external/walletconnect-session.js';
import { Received } from '../support/received.js';
import { startRelay, type WalletConnectRelay } from '../support/wc-relay.js';
import { startWalletPeer, type WalletPeer } from '../support/wc-wallet.js';

// sign-client shares one core per storage prefix through globalThis; every client here is its own.
process.env.DISABLE_GLOBAL_CORE = 'true';

const PROJECT_ID = randomBytes(16).toString('hex');
const CHAINS = [1, 137];
const DAPP_METADATA = {
  name: 'Gatehouse test',
  description: 'The dapp side',
  url: 'https://app.example',
  icons: [],
};

/** sign-client's storage as a page would keep it (values go through JSON), in memory. */
function memoryStorage(): WalletConnectStorage {
  const items = new Map<string, string>();
  return {
    getKeys: async () => [...items.keys()],
    getEntries: async <T>() => [...items].map(([key, value]) => [key, JSON.parse(value) as T] as [string, T]),
    getItem: async <T>(key: string) => {
      const value = items.get(key);
      return value === undefined ? undefined : (JSON.parse(value) as T);
    },
    setItem: async (key: string, value: unknown) => {
      items.set(key, JSON.stringify(value));
    },
    removeItem: async (key: string) => {
      items.delete(key);
    },
  } as WalletConnectStorage;
}

let relay: WalletConnectRelay;
const opened: Array<() => Promise<void>> = [];
let prefixes = 0;
const uniquePrefix = (role: string) => `${role}-${process.pid}-${Date.now()}-${++prefixes}`;

async function startWallet(): Promise<WalletPeer> {
  const wallet = await startWalletPeer({ relayUrl: relay.url, projectId: PROJECT_ID });
  opened.push(() => wallet.close());
  return wallet;
}

/** Our provider, its wc: URIs, and what its listeners heard. */
async function startProvider(options: { storagePrefix?: string; storage?: WalletConnectStorage } = {}) {
  const uris: string[] = [];
  const provider = await createWalletConnectProvider({
    projectId: PROJECT_ID,
    relayUrl: relay.url,
    metadata: DAPP_METADATA,
    chainIds: CHAINS,
    onDisplayUri: (uri) => uris.push(uri),
    storagePrefix: options.storagePrefix ?? uniquePrefix('dapp'),
    storage: options.storage,
  });
  opened.push(() => provider.close());
  const heard = new Received<{ event: string; value: unknown }>();
  for (const event of ['accountsChanged', 'chainChanged']) {
    provider.on?.(event, (value) => heard.push({ event, value }));
  }
  return { provider, uris, heard };
}

/** eth_requestAccounts with the wallet pairing as soon as the URI shows. */
async function connect(
  provider: WalletConnectProvider,
  wallet: WalletPeer,
  uris: string[],
): Promise<unknown> {
  const accounts = provider.request({ method: 'eth_requestAccounts' });
  // The caller awaits it; a rejection that comes while the wallet still pairs is not unhandled meanwhile.
  accounts.catch(() => undefined);
  const uri = await waitFor(() => uris.at(-1));
  await wallet.client.pair({ uri });
  return accounts;
}

async function waitFor<T>(value: () => T | undefined, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = value();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`nothing within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const toHex = (text: string) => `0x${Buffer.from(text, 'utf8').toString('hex')}`;

beforeAll(async () => {
  relay = await startRelay();
});

afterEach(async () => {
  await Promise.all(opened.splice(0).map((close) => close()));
});

afterAll(async () => {
  await relay.close();
});

describe('WalletConnect connector', () => {
  it('pairs by a wc: URI, then answers the wallet address, chain and accounts', async () => {
    const wallet = await startWallet();
    const { provider, uris } = await startProvider();

    const pending = provider.request({ method: 'eth_requestAccounts' });
    const uri = await waitFor(() => uris.at(-1));
    expect(provider.uri).toBe(uri);
    expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/);
    const query = new URLSearchParams(uri.slice(uri.indexOf('?') + 1));
    expect(query.get('relay-protocol')).toBe('irn');
    expect(query.get('symKey')).toMatch(/^[0-9a-f]{64}$/);
    // A second eth_requestAccounts while the QR code shows shares the same pairing.
    const again = provider.request({ method: 'eth_requestAccounts' });
    await wallet.client.pair({ uri });

    expect(await pending).toEqual([wallet.signer.address]);
    expect(await again).toEqual([wallet.signer.address]);
    expect(uris).toHaveLength(1);
    expect(provider.uri).toBeNull();
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x1');
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([wallet.signer.address]);
    // Connected, eth_requestAccounts answers without a new pairing.
    expect(await provider.request({ method: 'eth_requestAccounts' })).toEqual([wallet.signer.address]);
    expect(uris).toHaveLength(1);
  });

  it('signs with personal_sign over the session: the signature recovers to the wallet', async () => {
    const wallet = await startWallet();
    const { provider, uris } = await startProvider();
    await connect(provider, wallet, uris);

    const message = 'Sign in to Gatehouse\nNonce: 42';
    const signature = await provider.request({
      method: 'personal_sign',
      params: [toHex(message), wallet.signer.address],
    });

    expect(typeof signature).toBe('string');
    expect(verifyMessage(message, signature as string)).toBe(wallet.signer.address);
    expect(wallet.requests.items.map((r) => r.method)).toEqual(['personal_sign']);
  });

  it('rejects eth_requestAccounts with 4001 when the wallet rejects the proposal', async () => {
    const wallet = await startWallet();
    wallet.reject.proposal = true;
    const { provider, uris } = await startProvider();

    const outcome = connect(provider, wallet, uris);

    await expect(outcome).rejects.toMatchObject({ code: 4001, message: 'User rejected connection' });
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([]);
    expect(provider.uri).toBeNull();
  });

  it('rejects a request with 4001 when the wallet rejects it', async () => {
    const wallet = await startWallet();
    const { provider, uris } = await startProvider();
    await connect(provider, wallet, uris);
    wallet.reject.requests = true;

    const outcome = provider.request({
      method: 'personal_sign',
      params: [toHex('no'), wallet.signer.address],
    });

    await expect(outcome).rejects.toMatchObject({ code: 4001 });
  });

  it("hears the wallet's chainChanged, and accountsChanged [] when the wallet disconnects", async () => {
    const wallet = await startWallet();
    const { provider, uris, heard } = await startProvider();
    await connect(provider, wallet, uris);
    const topic = wallet.topic();

    await wallet.client.emit({ topic, chainId: 'eip155:137', event: { name: 'chainChanged', data: 137 } });
    await heard.waitFor((e) => e.event === 'chainChanged', 0, 10_000, 'chainChanged');
    expect(heard.items).toEqual([{ event: 'chainChanged', value: '0x89' }]);
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x89');

    await wallet.client.disconnect({ topic, reason: { code: 6000, message: 'User disconnected.' } });
    await heard.waitFor((e) => e.event === 'accountsChanged', 0, 10_000, 'accountsChanged');
    expect(heard.items.at(-1)).toEqual({ event: 'accountsChanged', value: [] });
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([]);
  });

  it('switches between the session chains at once and tells the wallet; unknown chains are 4902', async () => {
    const wallet = await startWallet();
    const { provider, uris, heard } = await startProvider();
    await connect(provider, wallet, uris);

    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x89' }] });

    expect(heard.items).toEqual([{ event: 'chainChanged', value: '0x89' }]);
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x89');
    expect(wallet.requests.items).toEqual([
      { method: 'wallet_switchEthereumChain', params: [{ chainId: '0x89' }] },
    ]);
    await expect(
      provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0xa' }] }),
    ).rejects.toMatchObject({ code: 4902 });
  });

  it('disconnect() ends the session: the wallet gets session_delete', async () => {
    const wallet = await startWallet();
    const { provider, uris, heard } = await startProvider();
    await connect(provider, wallet, uris);
    const topic = wallet.topic();

    await provider.disconnect();

    const deleted = await wallet.deletes.waitFor(() => true, 0, 10_000, 'session_delete');
    expect(deleted.topic).toBe(topic);
    expect(heard.items.at(-1)).toEqual({ event: 'accountsChanged', value: [] });
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([]);
  });

  it('restores the session on the next page load: eth_accounts answers without a prompt, requests work', async () => {
    const wallet = await startWallet();
    const storage = memoryStorage();
    const storagePrefix = uniquePrefix('dapp');
    const first = await startProvider({ storagePrefix, storage });
    await connect(first.provider, wallet, first.uris);
    await first.provider.close();

    const { provider, uris } = await startProvider({ storagePrefix, storage });

    expect(await provider.request({ method: 'eth_accounts' })).toEqual([wallet.signer.address]);
    const signature = await provider.request({
      method: 'personal_sign',
      params: [toHex('again'), wallet.signer.address],
    });
    expect(verifyMessage('again', signature as string)).toBe(wallet.signer.address);
    expect(uris).toEqual([]);
  });
});
