/**
 * A client with external wallets over the fake provider extended with the siwe/* endpoints (real
 * signature checks with ethers.verifyMessage), one extension wallet announced on a fake page.
 */
import { getAddress, verifyMessage } from 'ethers';
import type { AuthResult, UserWire } from '../../../src/protocol/api.js';
import { SIWE_API_PATHS } from '../../../src/protocol/siwe-api.js';
import { walletsOf } from './external-wallets.js';
import { FakeExtensionWallet, fakePage, RAINBOW_INFO } from './fake-eip1193.js';
import { FakeProvider } from './fake-provider.js';
import { createClient } from './setup.js';

/** The fake provider, answering siwe/* with real signature checks (ethers.verifyMessage). */
export class SiweProvider extends FakeProvider {
  nonces = new Map<string, string>();
  walletUsers = new Map<string, UserWire>();
  linkError: string | null = null;
  private count = 0;

  readonly siweFetch = async (input: string, init: RequestInit): Promise<Response> => {
    const path = new URL(input).pathname;
    if (!path.startsWith('/api/v1/siwe/')) return this.fetch(input, init);
    const body = JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>;
    this.requests.push({ method: 'POST', path, headers: {}, body, credentials: init.credentials });
    const json = (value: unknown, status = 200) =>
      new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });
    if (path === SIWE_API_PATHS.init) {
      const nonce = `nonce${++this.count}abcdefgh`;
      this.nonces.set(String(body.address).toLowerCase(), nonce);
      return json({ nonce, address: getAddress(String(body.address)), expires_at: new Date().toISOString() });
    }
    const message = String(body.message);
    const address = message.split('\n')[1] ?? '';
    const nonce = /Nonce: (\S+)/.exec(message)?.[1];
    if (
      verifyMessage(message, String(body.signature)) !== address ||
      this.nonces.get(address.toLowerCase()) !== nonce
    )
      return json({ code: 'invalid_credentials', message: 'bad signature' }, 422);
    const account = {
      type: 'wallet',
      address,
      chain_type: 'ethereum',
      chain_id: `eip155:${body.chainId}`,
      wallet_client: 'unknown',
      wallet_client_type: body.walletClientType,
      connector_type: body.connectorType,
      verified_at: this.now(),
      first_verified_at: this.now(),
      latest_verified_at: this.now(),
    };
    if (path === SIWE_API_PATHS.authenticate) {
      const existing = this.walletUsers.get(address);
      const user: UserWire = existing ?? {
        id: `wallet-user-${this.count}`,
        created_at: this.now(),
        linked_accounts: [account],
        mfa_methods: [],
        has_accepted_terms: false,
      };
      this.walletUsers.set(address, user);
      const result: AuthResult = { user, ...this.issue(user), is_new_user: !existing };
      return json(result);
    }
    if (this.linkError) return json({ code: this.linkError, message: 'refused' }, 400);
    const user = this.createUser('linker@example.com');
    return json({ ...user, linked_accounts: [...user.linked_accounts, account] });
  };
}

/** A client, its external wallets, and the announced extension wallet (discovered), events recorded. */
export async function siweClient(
  options: { wallet?: FakeExtensionWallet; host?: object; provider?: SiweProvider } = {},
) {
  const provider = options.provider ?? new SiweProvider();
  // The client's fetch goes through the siwe-aware wrapper.
  const client = createClient({ fetch: provider.siweFetch }, provider);
  await client.gatehouse.ready;
  if (options.host) await client.gatehouse.call('init', [options.host]);
  const wallet = options.wallet ?? new FakeExtensionWallet();
  const page = fakePage();
  wallet.announceOn(page, RAINBOW_INFO);
  const seen: Array<{ name: string; detail: unknown }> = [];
  for (const name of ['wallet:connected', 'wallet:disconnected', 'link:success', 'link:error']) {
    client.events.target.addEventListener(name, (e) =>
      seen.push({ name, detail: (e as CustomEvent).detail }),
    );
  }
  const wallets = walletsOf(client.gatehouse, { page, sleep: async () => {}, discoveryWaitMs: 5 });
  const detected = await wallets.detect().find((info) => info.rdns === RAINBOW_INFO.rdns);
  if (!detected) throw new Error('the test wallet was not discovered');
  return { ...client, provider, wallet, wallets, detected, page, seen };
}
