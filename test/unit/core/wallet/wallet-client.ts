/**
 * A Gatehouse with an embedded wallet for core tests: the fake provider, a frame holding a real
 * key (ethers-frame.ts), and a chain: a fake node (fake-node.ts) or a real dev chain (rpcUrl).
 */
import { memoryStorage } from '../../../../src/core/storage.js';
import type { AppConfigWire } from '../../../../src/protocol/api.js';
import type { HostConfig } from '../../../../src/protocol/client.js';
import { STORAGE_KEYS } from '../../../../src/protocol/constants.js';
import type { UserWire } from '../../../../src/protocol/index.js';
import type { RecoveryMethod } from '../../../../src/protocol/wallet-api.js';
import { API_URL, FakeProvider } from '../../helpers/fake-provider.js';
import { createClient } from '../../helpers/setup.js';
import { type EthersFrameOptions, ethersFrame, walletAccountWire } from './ethers-frame.js';

export const NODE_URL = 'http://node.test:8545';

/** The dev chain of the tests (Hardhat's id) at `rpcUrl`. */
export function devChain(rpcUrl = NODE_URL) {
  return {
    id: 31337,
    name: 'Hardhat',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
    testnet: true,
  };
}

export interface WalletClientOptions {
  frame?: EthersFrameOptions;
  /** The user has the embedded wallet already (default true) and a stored session. */
  withWallet?: boolean;
  recoveryMethod?: 'gatehouse' | 'user-passcode';
  /** Chain node answers (any non-provider URL). */
  node?: (input: string, init: RequestInit) => Promise<Response>;
  /** GET /api/v1/token_price answer; default 503. */
  usdPrice?: number;
  host?: HostConfig;
  loggedIn?: boolean;
  /** Over the app configuration the provider answers. */
  app?: Partial<AppConfigWire>;
}

export async function walletClient(options: WalletClientOptions = {}) {
  const provider = new FakeProvider();
  provider.app = { ...provider.app, ...options.app };
  const users = (provider as unknown as { users: Map<string, UserWire> }).users;
  const link = (address: string, recoveryMethod: RecoveryMethod) => {
    for (const user of users.values()) {
      user.linked_accounts = user.linked_accounts.filter((a) => a.type !== 'wallet');
      user.linked_accounts.push(walletAccountWire(address, recoveryMethod));
    }
  };
  // The frame reads the app's enforce_wallet_uis from the page the provider serves it in.
  const frame = ethersFrame({ link, enforceWalletUis: provider.app.enforce_wallet_uis, ...options.frame });
  const user = provider.createUser('alice@example.com');
  if (options.withWallet !== false) {
    user.linked_accounts.push(walletAccountWire(frame.address, options.recoveryMethod ?? 'gatehouse'));
  }
  const storage = memoryStorage();
  if (options.loggedIn !== false) {
    storage.setItem(STORAGE_KEYS.refreshToken, provider.issue(user).refresh_token);
  }
  const fetch = async (input: string, init: RequestInit): Promise<Response> => {
    const url = new URL(input);
    if (url.origin === new URL(API_URL).origin) {
      if (url.pathname === '/api/v1/token_price') {
        return options.usdPrice === undefined
          ? new Response(JSON.stringify({ code: 'token_price_unavailable', message: 'n/a' }), { status: 503 })
          : new Response(JSON.stringify({ usd: options.usdPrice }), {
              headers: { 'content-type': 'application/json' },
            });
      }
      return provider.fetch(input, init);
    }
    if (!options.node) throw new TypeError('Failed to fetch');
    return options.node(input, init);
  };
  const client = createClient({ storage, walletFrame: frame.seams, fetch }, provider);
  const created: unknown[] = [];
  client.events.target.addEventListener('wallet:created', (event) =>
    created.push((event as CustomEvent).detail),
  );
  await client.gatehouse.ready;
  const chain = devChain();
  await client.gatehouse.call('init', [{ chains: [chain], supportedChains: [chain], ...options.host }]);
  return { ...client, frame, user, created, users };
}
