/**
 * Passkeys on the host's side: LANDING's 'Log in with passkey' (with the app's passkey_auth only),
 * loginWithPasskey() over a wallet frame that answers `passkey:login` after the person's passkey
 * in the provider-origin surface (the frame's ceremony stood in for by a handler on the frame's
 * real channel), its cancel, and the refusals of setWalletPasskey().
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RequestScope } from '../../../src/frame/request-scope.js';
import type { AuthResult } from '../../../src/protocol/api.js';
import type { User } from '../../../src/protocol/client.js';
import { PASSKEY_NO_PRF_MESSAGE, type PasskeyView } from '../../../src/protocol/passkey.js';
import { FakeProvider } from '../helpers/fake-provider.js';
import { framePeer } from '../helpers/frame-peer.js';
import { createClient } from '../helpers/setup.js';
import { framedSurface, loggedInWithWallet, mountUi } from '../helpers/wallet-client-ui.js';
import { button, cleanupWidget, dialog, dialogName, mountWidget, openLogin } from '../helpers/widget.js';

afterEach(cleanupWidget);

const LOGIN_VIEW: PasskeyView = {
  kind: 'passkey',
  purpose: 'login',
  ceremony: 'get',
  options: { challenge: 'Y2hhbGxlbmdl' },
  prf: false,
  canSignUp: true,
};

const CREDENTIAL = {
  id: 'cred-1',
  rawId: 'cred-1',
  type: 'public-key' as const,
  response: { clientDataJSON: 'e30', signature: 'c2ln' },
  clientExtensionResults: {},
};

/** A provider with passkey login on; its `alice` signs in with her passkey. */
function passkeyProvider(passkeyAuth = true) {
  const provider = new FakeProvider();
  provider.app = { ...provider.app, passkey_auth: passkeyAuth };
  return provider;
}

/**
 * The wallet frame: `passkey:login` shows the passkey view in the surface, and once the person
 * used their passkey there answers with the provider's AuthResult for alice (Cancel: user_rejected).
 */
function passkeyFrame(provider: FakeProvider) {
  const logins: unknown[] = [];
  const frame = framePeer({
    handlers: {
      'passkey:login': async (data: unknown, scope: RequestScope) => {
        logins.push(data);
        const prompt = scope.prompt(LOGIN_VIEW);
        const action = await prompt.next();
        if (action.type !== 'passkey') throw new Error(`unexpected ${action.type}`);
        const user = provider.createUser('alice@example.com');
        user.linked_accounts.push({
          type: 'passkey',
          credential_id: action.credential.id,
          authenticator_name: 'iCloud Keychain',
          backed_up: true,
          verified_at: provider.now(),
          first_verified_at: provider.now(),
          latest_verified_at: provider.now(),
        });
        const auth: AuthResult = { user, ...provider.issue(user), is_new_user: false };
        return { auth };
      },
    },
  });
  return { frame, logins };
}

async function loggedOutWithPasskeys() {
  const provider = passkeyProvider();
  const { frame, logins } = passkeyFrame(provider);
  const { gatehouse, events } = createClient({ walletFrame: frame.seams }, provider);
  const shadow = await mountUi(gatehouse);
  return { gatehouse, events, shadow, frame, logins, provider };
}

describe("LANDING's 'Log in with passkey'", () => {
  it('shows with the app’s passkey_auth, with its key icon', async () => {
    const widget = mountWidget(passkeyProvider(true));
    await openLogin(widget);
    const passkey = button(widget.shadow, 'Log in with passkey');
    expect(passkey.querySelector('svg[aria-hidden="true"]')).not.toBeNull();
  });

  it('is not offered without passkey_auth', async () => {
    const widget = mountWidget(passkeyProvider(false));
    await openLogin(widget);
    const names = [...(dialog(widget.shadow)?.querySelectorAll('button') ?? [])].map((b) => b.textContent);
    expect(names).not.toContain('Log in with passkey');
  });
});

describe('loginWithPasskey()', () => {
  it("frames the surface on 'Log in with passkey' (WebAuthn allowed in it); the frame's AuthResult logs alice in", async () => {
    const { gatehouse, events, shadow, frame, logins } = await loggedOutWithPasskeys();
    const done = gatehouse.call('loginWithPasskey', []) as Promise<User>;
    expect(await frame.surface.shows('passkey')).toMatchObject({ purpose: 'login', ceremony: 'get' });
    await vi.waitFor(() => expect(dialogName(shadow)).toBe('Log in with passkey'), { timeout: 5000 });
    const surface = await vi.waitFor(() => framedSurface(shadow));
    expect(surface).toMatchObject({ kind: 'passkey', title: 'Log in with passkey', inputs: 0 });
    expect(surface.iframe.getAttribute('allow')).toContain('publickey-credentials-get');
    expect(surface.iframe.getAttribute('allow')).toContain('publickey-credentials-create');
    expect(logins).toEqual([{}]);

    await frame.surface.act({ type: 'passkey', credential: CREDENTIAL, prf: null }, 'passkey');
    const user = await done;
    expect(user.email).toEqual({ address: 'alice@example.com' });
    expect(user.linkedAccounts.find((a) => a.type === 'passkey')).toEqual({
      type: 'passkey',
      credentialId: 'cred-1',
      authenticatorName: 'iCloud Keychain',
      backedUp: true,
      verifiedAt: expect.any(Date),
      firstVerifiedAt: expect.any(Date),
      latestVerifiedAt: expect.any(Date),
    });
    expect(gatehouse.ctx.stores.$authenticated.get()).toBe(true);
    expect(events.seen.find((e) => e.name === 'login:success')?.detail).toMatchObject({
      loginMethod: 'passkey',
      isNewUser: false,
    });
  });

  it("the surface's Cancel closes the modal; the call rejects as a login left unfinished", async () => {
    const { gatehouse, events, shadow, frame } = await loggedOutWithPasskeys();
    const done = gatehouse.call('loginWithPasskey', []) as Promise<User>;
    await frame.surface.shows('passkey');
    await frame.surface.cancel();
    await expect(done).rejects.toMatchObject({
      code: 'exited_auth_flow',
      message: 'The modal was closed before the login was completed.',
    });
    await vi.waitFor(() => expect(dialog(shadow)).toBeNull());
    expect(gatehouse.ctx.stores.$authenticated.get()).toBe(false);
    expect(events.seen.map((e) => e.name)).toEqual(['login:error']);
  });

  it('closing the modal gives the frame’s request up (wallet:cancel) and rejects the same way', async () => {
    const { gatehouse, shadow, frame } = await loggedOutWithPasskeys();
    const done = gatehouse.call('loginWithPasskey', []) as Promise<User>;
    await frame.surface.shows('passkey');
    await vi.waitFor(() => expect(dialogName(shadow)).toBe('Log in with passkey'), { timeout: 5000 });
    button(shadow, 'Close').click();
    await expect(done).rejects.toMatchObject({ code: 'exited_auth_flow' });
    const login = frame.received.find((m) => m.type === 'passkey:login')!;
    await vi.waitFor(() =>
      expect(frame.received.find((m) => m.type === 'wallet:cancel')?.data).toEqual({ request: login.id }),
    );
  });

  it('is refused while the app has passkey login off', async () => {
    const provider = passkeyProvider(false);
    const { gatehouse } = createClient({}, provider);
    await gatehouse.ready;
    await expect(gatehouse.call('loginWithPasskey', [])).rejects.toThrow(
      'Passkey login is not enabled for this app',
    );
  });
});

describe('setWalletPasskey()', () => {
  it('refuses a user without an embedded wallet', async () => {
    const provider = passkeyProvider();
    const user = provider.createUser('bob@example.com');
    const { gatehouse } = createClient({}, provider);
    await gatehouse.ready;
    gatehouse.ctx.session.signIn({ user, ...provider.issue(user), is_new_user: false });
    await expect(gatehouse.call('setWalletPasskey', [])).rejects.toMatchObject({
      code: 'embedded_wallet_not_found',
      message: 'Must have a wallet to protect it with a passkey',
    });
  });

  it('refuses a wallet whose recovery is a passkey already', async () => {
    const { gatehouse, provider } = await loggedInWithWallet();
    const users = (provider as unknown as { users: Map<string, { linked_accounts: object[] }> }).users;
    for (const user of users.values()) {
      for (const account of user.linked_accounts) Object.assign(account, { recovery_method: 'passkey' });
    }
    await gatehouse.ctx.session.refresh();
    expect(gatehouse.ctx.stores.$user.get()?.wallet?.recoveryMethod).toBe('passkey');
    await expect(gatehouse.call('setWalletPasskey', [])).rejects.toMatchObject({
      code: 'embedded_wallet_passkey_already_set',
      message: 'Cannot set a passkey, the wallet is already protected by a passkey',
    });
  });

  it('a passkey without PRF: the screen says it cannot protect the wallet and to set a password instead', async () => {
    const { gatehouse, shadow } = await loggedInWithWallet({
      frame: {
        override: (message) =>
          message.type === 'wallet:set-recovery-passkey'
            ? { error: { type: 'invalid_request_arguments', message: PASSKEY_NO_PRF_MESSAGE } }
            : undefined,
      },
    });
    const done = gatehouse.call('setWalletPasskey', []);
    await expect(done).rejects.toThrow('Set a recovery password instead');
    await vi.waitFor(() => expect(dialogName(shadow)).toBe('Protect your wallet with a passkey'));
    expect(dialog(shadow)?.querySelector('[role="alert"]')?.textContent).toBe(
      'This passkey cannot protect a wallet: its device or browser does not support it. Set a recovery password instead, or use a passkey from another device.',
    );
    expect(gatehouse.ctx.stores.$user.get()?.wallet?.recoveryMethod).toBe('gatehouse');
  });
});
