/**
 * Passkeys in the client's rules and calls: where LANDING offers 'Log in with passkey' (the app's
 * passkey_auth, the host's loginMethods and loginMethodsAndOrder), and unlinkPasskey's call.
 */
import { describe, expect, it } from 'vitest';
import { type LoginOption, loginLayout } from '../../../src/core/login/layout.js';
import { hasLoginMethod } from '../../../src/core/login/methods.js';
import type { UserWire } from '../../../src/protocol/api.js';
import { appConfig, FakeProvider } from '../helpers/fake-provider.js';
import { createClient } from '../helpers/setup.js';

const names = (options: LoginOption[] = []) =>
  options.map((o) => (o.type === 'oauth' ? o.provider : o.type === 'open' ? `>${o.view}` : o.type));

describe("LANDING's passkey entry (§2.3, §5)", () => {
  it('follows the app’s passkey_auth, after the other methods by default', () => {
    expect(names(loginLayout(appConfig({ passkey_auth: true }), {}).primary)).toEqual(['email', 'passkey']);
    expect(names(loginLayout(appConfig({ passkey_auth: false }), {}).primary)).toEqual(['email']);
  });

  it('goes where the host names it, and only where the app allows it', () => {
    const app = appConfig({ passkey_auth: true, google_oauth: true });
    expect(names(loginLayout(app, { loginMethods: ['passkey', 'google'] }).primary)).toEqual([
      'passkey',
      'google',
    ]);
    const ordered = { loginMethodsAndOrder: { primary: ['passkey' as const, 'email' as const] } };
    expect(names(loginLayout(app, ordered).primary)).toEqual(['passkey', 'email']);
    expect(names(loginLayout(appConfig({ passkey_auth: false }), ordered).primary)).toEqual(['email']);
    expect(
      hasLoginMethod(appConfig({ email_auth: false, passkey_auth: true }), { loginMethods: ['passkey'] }),
    ).toBe(true);
    expect(hasLoginMethod(appConfig({ passkey_auth: false }), { loginMethods: ['passkey'] })).toBe(false);
  });
});

describe('unlinkPasskey(credentialId)', () => {
  it('posts the credential id with the access token; resolves with the user without it', async () => {
    const provider = new FakeProvider();
    const alice = provider.createUser('alice@example.com');
    const passkey = {
      type: 'passkey',
      credential_id: 'cred-1',
      authenticator_name: null,
      backed_up: false,
      verified_at: provider.now(),
      first_verified_at: null,
      latest_verified_at: null,
    };
    alice.linked_accounts.push(passkey);
    const issued = provider.issue(alice);
    const calls: Array<{ body: unknown; auth: string | null }> = [];
    const fetch = async (input: string, init: RequestInit) => {
      if (new URL(input).pathname !== '/api/v1/passkeys/unlink') return provider.fetch(input, init);
      calls.push({
        body: JSON.parse(String(init.body)),
        auth: new Headers(init.headers).get('authorization'),
      });
      const user: UserWire = {
        ...alice,
        linked_accounts: alice.linked_accounts.filter((a) => a !== passkey),
      };
      return Response.json(user);
    };
    const { gatehouse } = createClient({ fetch }, provider);
    await gatehouse.ready;
    gatehouse.ctx.session.signIn({ user: alice, ...issued, is_new_user: false });
    expect(gatehouse.ctx.stores.$user.get()?.linkedAccounts.map((a) => a.type)).toEqual(['email', 'passkey']);

    const user = (await gatehouse.call('unlinkPasskey', ['cred-1'])) as {
      linkedAccounts: { type: string }[];
    };
    expect(calls).toEqual([{ body: { credentialId: 'cred-1' }, auth: `Bearer ${issued.token}` }]);
    expect(user.linkedAccounts.map((a) => a.type)).toEqual(['email']);
    expect(gatehouse.ctx.stores.$user.get()?.linkedAccounts.map((a) => a.type)).toEqual(['email']);
  });

  it('is refused while nobody is logged in', async () => {
    const { gatehouse } = createClient({}, new FakeProvider());
    await gatehouse.ready;
    await expect(gatehouse.call('unlinkPasskey', ['cred-1'])).rejects.toMatchObject({
      code: 'must_be_authenticated',
    });
  });
});
