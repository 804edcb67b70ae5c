/**
 * The WalletConnect entries in the wallet flow (§2.2, §4.4, §8), with the connector replaced by a
 * stand-in that hands out a pairing URI and waits (the real one is paired through a relay in
 * test/integration/walletconnect.test.ts and test/e2e/walletconnect.test.ts).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_WALLET_LIST } from '../../../../src/core/login/layout.js';
import { walletsOf } from '../../helpers/external-wallets.js';
import { FakeProvider } from '../../helpers/fake-provider.js';
import { createClient } from '../../helpers/setup.js';

const URI =
  'wc:5f0e1ad0b9c11a6a8e1c2f34c1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4@2?relay-protocol=irn&symKey=00';

const connector = vi.hoisted(() => ({ options: [] as Array<Record<string, unknown>> }));
vi.mock('../../../../src/core/wallet/external/walletconnect.js', () => ({
  createWalletConnectProvider: async (
    options: Record<string, unknown> & { onDisplayUri(uri: string): void },
  ) => {
    connector.options.push(options);
    return {
      uri: null,
      request: ({ method }: { method: string }) => {
        if (method === 'eth_requestAccounts') {
          options.onDisplayUri(URI);
          return new Promise(() => undefined);
        }
        return Promise.resolve([]);
      },
      disconnect: async () => undefined,
    };
  },
}));

afterEach(() => {
  connector.options.length = 0;
  vi.restoreAllMocks();
});

async function setup(host: object) {
  const provider = new FakeProvider();
  const client = createClient({}, provider);
  await client.gatehouse.ready;
  await client.gatehouse.call('init', [host]);
  const wallets = walletsOf(client.gatehouse, { discoveryWaitMs: 5 });
  return { ...client, wallets };
}

describe('WalletConnect entries of the wallet list', () => {
  it('without a project id: not offered, and the console says why once', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const t = await setup({});
    expect(t.wallets.choices([], DEFAULT_WALLET_LIST).map((c) => c.kind)).toEqual(['coinbase']);
    t.wallets.choices([], DEFAULT_WALLET_LIST);
    expect(warn.mock.calls.map((c) => String(c[0]))).toEqual([
      'Gatehouse: WalletConnect is not offered because no walletConnectCloudProjectId is set (LoginWidget.init or the app).',
    ]);
  });

  it("the pairing gets the app's name, origin, chains and relay; its URI is in the flow for the QR code", async () => {
    const t = await setup({
      walletConnectCloudProjectId: 'f'.repeat(32),
      walletConnectRelayUrl: 'ws://127.0.0.1:9/',
      supportedChains: [8453, 1],
    });
    t.gatehouse.ctx.modal.open();
    const choice = t.wallets.choices([], ['wallet_connect'])[0];
    if (!choice) throw new Error('no WalletConnect entry');
    void t.wallets.chooseWallet(choice, 'login');
    await vi.waitFor(() => expect(t.wallets.$flow.get().pairingUri).toBe(URI));
    expect(t.gatehouse.ctx.modal.$modal.get().screen).toBe('AWAITING_CONNECTION');
    expect(connector.options[0]).toMatchObject({
      projectId: 'f'.repeat(32),
      relayUrl: 'ws://127.0.0.1:9/',
      chainIds: [8453, 1],
      metadata: { name: 'Acme Shop', url: location.origin },
    });
    expect(t.wallets.$flow.get()).toMatchObject({ connectorType: 'wallet_connect', status: 'connecting' });
  });

  it("closing the modal while the wallet pairs: the flow ends with 'User rejected connection', one link:error", async () => {
    const t = await setup({ walletConnectCloudProjectId: 'f'.repeat(32) });
    const user = t.provider.createUser('erin@example.com');
    t.gatehouse.ctx.session.signIn({ user, ...t.provider.issue(user), is_new_user: false });
    const errors: unknown[] = [];
    t.events.target.addEventListener('link:error', (e) => errors.push((e as CustomEvent).detail));
    t.wallets.linkWallet();
    const choice = t.wallets.choices([], ['rainbow'])[0];
    if (choice?.kind !== 'wallet_connect') throw new Error('no Rainbow entry');
    void t.wallets.chooseWallet(choice, 'link');
    await vi.waitFor(() => expect(t.wallets.$flow.get().pairingUri).toBe(URI));
    expect(t.wallets.$flow.get().registryWallet?.name).toBe('Rainbow');
    t.gatehouse.ctx.modal.close();
    // One link:error, the one of every closed link flow.
    expect(errors).toEqual([
      { code: 'exited_link_flow', message: 'The modal was closed before the account was linked.' },
    ]);
    expect(t.wallets.$flow.get()).toMatchObject({
      status: 'disconnected',
      pairingUri: null,
      error: { message: 'User rejected connection' },
    });
  });
});
