/**
 * A logged-in user's passkeys from the host: linkPasskey() ('Add a passkey', the frame's ceremony in
 * the provider-origin surface, then the provider's updated user), unlinkPasskey() through the
 * step-up a user with a wallet owes, and setWalletPasskey() to its success.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../../../src/core/storage.js';
import type { RequestScope } from '../../../src/frame/request-scope.js';
import type { UserWire } from '../../../src/protocol/api.js';
import type { User } from '../../../src/protocol/client.js';
import { STORAGE_KEYS } from '../../../src/protocol/constants.js';
import type { StepUpTicketWire } from '../../../src/protocol/step-up.js';
import { STEP_UP_CODE } from '../core/wallet/ethers-frame.js';
import { FakeProvider } from '../helpers/fake-provider.js';
import { framePeer } from '../helpers/frame-peer.js';
import { createClient } from '../helpers/setup.js';
import { framedSurface, loggedInWithWallet, mountUi } from '../helpers/wallet-client-ui.js';
import { button, cleanupWidget, dialog, dialogName } from '../helpers/widget.js';

afterEach(cleanupWidget);

const passkeyWire = (id: string, at: number) => ({
  type: 'passkey',
  credential_id: id,
  authenticator_name: null,
  backed_up: false,
  verified_at: at,
  first_verified_at: at,
  latest_verified_at: at,
});

const usersOf = (provider: FakeProvider) => (provider as unknown as { users: Map<string, UserWire> }).users;

/** Alice logged in without a wallet; the frame's `passkey:link` adds `cred-2` once she used it in the surface. */
async function aliceLinking() {
  const provider = new FakeProvider();
  const alice = provider.createUser('alice@example.com');
  alice.linked_accounts.push(passkeyWire('cred-1', provider.now() - 60));
  const links: unknown[] = [];
  const frame = framePeer({
    handlers: {
      'passkey:link': async (data: unknown, scope: RequestScope) => {
        links.push(data);
        const prompt = scope.prompt({
          kind: 'passkey',
          purpose: 'link',
          ceremony: 'create',
          options: { challenge: 'Y2hhbGxlbmdl' },
          prf: false,
          canSignUp: false,
        });
        const action = await prompt.next();
        if (action.type !== 'passkey') throw new Error(`unexpected ${action.type}`);
        alice.linked_accounts.push(passkeyWire(action.credential.id, provider.now()));
        return { user: alice };
      },
    },
  });
  const storage = memoryStorage();
  storage.setItem(STORAGE_KEYS.refreshToken, provider.issue(alice).refresh_token);
  const { gatehouse } = createClient({ storage, walletFrame: frame.seams }, provider);
  const shadow = await mountUi(gatehouse);
  const linked: unknown[] = [];
  gatehouse.ctx.events.addEventListener('link:success', (e) => linked.push((e as CustomEvent).detail));
  return { gatehouse, shadow, frame, links, linked };
}

describe('linkPasskey()', () => {
  it("'Add a passkey' frames the surface; the passkey used there is linked, link:success names it", async () => {
    const { gatehouse, shadow, frame, links, linked } = await aliceLinking();
    const done = gatehouse.call('linkPasskey', []) as Promise<User>;
    expect(await frame.surface.shows('passkey')).toMatchObject({ purpose: 'link', ceremony: 'create' });
    await vi.waitFor(() => expect(dialogName(shadow)).toBe('Add a passkey'), { timeout: 5000 });
    expect(framedSurface(shadow)).toMatchObject({ kind: 'passkey', title: 'Add a passkey', inputs: 0 });
    expect(links).toEqual([{ accessToken: expect.any(String) }]);

    await frame.surface.act(
      {
        type: 'passkey',
        credential: {
          id: 'cred-2',
          rawId: 'cred-2',
          type: 'public-key',
          response: {},
          clientExtensionResults: {},
        },
        prf: null,
      },
      'passkey',
    );
    const user = await done;
    const ids = user.linkedAccounts.flatMap((a) => (a.type === 'passkey' ? [a.credentialId] : []));
    expect(ids).toEqual(['cred-1', 'cred-2']);
    expect(linked).toEqual([
      expect.objectContaining({
        linkMethod: 'passkey',
        linkedAccount: expect.objectContaining({ credentialId: 'cred-2' }),
      }),
    ]);
    await vi.waitFor(() => expect(dialog(shadow)?.textContent).toContain('Account linked successfully'));
  });

  it("the surface's Cancel closes 'Add a passkey'; the call rejects as a link left unfinished", async () => {
    const { gatehouse, shadow, frame, linked } = await aliceLinking();
    const done = gatehouse.call('linkPasskey', []);
    await frame.surface.shows('passkey');
    await frame.surface.cancel();
    await expect(done).rejects.toMatchObject({ code: 'exited_link_flow' });
    await vi.waitFor(() => expect(dialog(shadow)).toBeNull());
    expect(linked).toEqual([]);
  });
});

const UNLINK_TICKET: StepUpTicketWire = {
  id: 'unlink-ticket',
  action: 'unlink',
  account: { type: 'passkey', label: 'cred-1' },
  factors: [{ id: 'email', label: 'a•••@example.com' }],
  expires_at: Math.floor(Date.now() / 1000) + 600,
  approved_at: null,
} as StepUpTicketWire;

describe('unlinkPasskey() for a user with a wallet', () => {
  it("the provider's step-up shows on 'Verify your identity'; once approved the same call unlinks", async () => {
    const provider = new FakeProvider();
    const calls: unknown[] = [];
    const base = provider.fetch;
    (provider as { fetch: FakeProvider['fetch'] }).fetch = async (input, init) => {
      if (new URL(input).pathname !== '/api/v1/passkeys/unlink') return base(input, init);
      calls.push(JSON.parse(String(init.body)));
      if (calls.length === 1) {
        const body = { code: 'step_up_required', message: 'Confirm it is you first.', ticket: UNLINK_TICKET };
        return Response.json(body, { status: 403 });
      }
      const alice = [...usersOf(provider).values()][0]!;
      alice.linked_accounts = alice.linked_accounts.filter((a) => a.type !== 'passkey');
      return Response.json(alice);
    };
    const { gatehouse, shadow, frame } = await loggedInWithWallet({
      provider,
      frame: { tickets: [UNLINK_TICKET] },
    });
    const alice = [...usersOf(provider).values()][0]!;
    alice.linked_accounts.push(passkeyWire('cred-1', provider.now()));
    await gatehouse.ctx.session.refresh();

    const done = gatehouse.call('unlinkPasskey', ['cred-1']) as Promise<User>;
    expect(await frame.surface.shows('verify')).toMatchObject({ purpose: 'change', action: 'unlink' });
    await vi.waitFor(() => expect(dialogName(shadow)).toBe('Verify your identity'));
    await frame.surface.factor('email');
    await frame.surface.code(STEP_UP_CODE);
    const user = await done;
    expect(calls).toEqual([{ credentialId: 'cred-1' }, { credentialId: 'cred-1' }]);
    expect(user.linkedAccounts.some((a) => a.type === 'passkey')).toBe(false);
    await vi.waitFor(() => expect(dialog(shadow)).toBeNull());
  });
});

describe('setWalletPasskey()', () => {
  it('re-splits under the passkey in the frame, reads the user again and resolves with the wallet', async () => {
    let provider: FakeProvider | undefined;
    const requests: unknown[] = [];
    const client = await loggedInWithWallet({
      frame: {
        override: (message) => {
          if (message.type !== 'wallet:set-recovery-passkey') return undefined;
          requests.push(message.data);
          for (const user of usersOf(provider!).values()) {
            for (const account of user.linked_accounts)
              Object.assign(account, { recovery_method: 'passkey' });
          }
          const { address } = message.data as { address: string };
          return { data: { address, recoveryMethod: 'passkey' } };
        },
      },
    });
    provider = client.provider;
    const { gatehouse, shadow } = client;
    const wallet = await gatehouse.call('setWalletPasskey', []);
    expect(wallet).toMatchObject({ address: client.frame.address, recoveryMethod: 'passkey' });
    expect(requests).toEqual([{ accessToken: expect.any(String), address: client.frame.address }]);
    expect(gatehouse.ctx.stores.$user.get()?.wallet?.recoveryMethod).toBe('passkey');
    await vi.waitFor(() => expect(dialogName(shadow)).toBe('Protect your wallet with a passkey'));
    expect(dialog(shadow)?.textContent).toContain('Your wallet is now protected by your passkey');
    button(shadow, 'Close').click();
    await vi.waitFor(() => expect(dialog(shadow)).toBeNull());
  });
});
