import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AuthResult } from '../../src/protocol/api.js';
import type { OAuthProvider } from '../../src/protocol/constants.js';
import { migrate } from '../../src/server/db/migrate.js';
import { MIGRATIONS } from '../../src/server/db/migrations/index.js';
import { defaultAccount } from '../support/idp.js';
import { OAuthWorld } from './oauth-harness.js';

const REJECTED = { code: 'allowlist_rejected', message: 'This account is not on the allowlist of this app.' };

let world: OAuthWorld;
beforeEach(async () => {
  world = await OAuthWorld.start();
});
afterEach(async () => {
  await world.close();
});

async function allowDomain(domain: string | null): Promise<void> {
  const { allowlist } = world.h.server.gatehouse;
  await allowlist.set(world.h.appId, 'allowlist.enabled', domain === null ? 'false' : 'true');
  await allowlist.set(world.h.appId, 'allowlist.email_domains', domain);
}

/** The next approval of `provider` answers alice with an email it does not vouch for. */
function unverified(provider: OAuthProvider): string {
  const account = { ...defaultAccount(provider), emailVerified: false };
  if (provider === 'google' || provider === 'linkedin' || provider === 'apple') {
    world.idp.oidcAccounts.set('alice', { ...account, sub: 'alice' });
  } else if (provider === 'discord' || provider === 'github' || provider === 'spotify') {
    world.idp.restAccounts.set(provider, account);
  }
  return account.email as string;
}

describe('an email the provider does not vouch for is stored, never trusted', () => {
  it.each(['spotify', 'google', 'linkedin', 'apple', 'discord', 'github'] as const)(
    '%s: the allowlist domain does not admit it; without the allowlist the account keeps the address',
    async (provider) => {
      const email = unverified(provider);
      await allowDomain(`${provider}.example`);
      const refused = await world.loginThrough(provider);
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json()).toEqual(REJECTED);

      await allowDomain(null);
      const admitted = await world.loginThrough(provider);
      expect(admitted.statusCode, admitted.body).toBe(200);
      const [account] = admitted.json<AuthResult>().user.linked_accounts;
      expect(account).toMatchObject({ type: `${provider}_oauth`, email });
    },
  );

  it('a verified provider email still admits (Google, Discord, GitHub)', async () => {
    await allowDomain('google.example');
    expect((await world.loginThrough('google')).statusCode).toBe(200);
    await allowDomain('discord.example');
    expect((await world.loginThrough('discord')).statusCode).toBe(200);
    await allowDomain('github.example');
    expect((await world.loginThrough('github')).statusCode).toBe(200);
  });

  it("a user's unverified Spotify email does not admit their other accounts", async () => {
    const mallory = await world.h.login('mallory@elsewhere.example');
    world.idp.restAccounts.set('spotify', { ...defaultAccount('spotify'), email: 'ceo@corp.example' });
    const linked = await world.loginThrough('spotify', { linkWith: mallory.token });
    expect(linked.statusCode, linked.body).toBe(200);

    await allowDomain('corp.example');
    const code = await world.h.requestCode('mallory@elsewhere.example');
    const response = await world.h.post('/api/v1/passwordless/authenticate', {
      email: 'mallory@elsewhere.example',
      code,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(REJECTED);
  });
});

describe('social accounts stored before emails were marked verified', () => {
  it('keep what they proved then: the verified providers’ stored emails, never Spotify’s', async () => {
    const { db, users, allowlist } = world.h.server.gatehouse;
    const stored = async (type: string, subject: string, email: string) =>
      (await users.loginWithAccount(world.h.appId, { type, subject, data: { subject, email } })).user;
    const google = await stored('google_oauth', 'g-1', 'ann@corp.example');
    const spotify = await stored('spotify_oauth', 's-1', 'eve@corp.example');
    // The database as it was before 0007 (every later migration undone), then the upgrade.
    const first = '0007_linked_accounts_verified_email';
    const names = Object.keys(MIGRATIONS)
      .filter((name) => name >= first)
      .sort();
    for (const name of [...names].reverse()) {
      await MIGRATIONS[name]?.down?.(db);
      await db
        .deleteFrom('kysely_migration' as never)
        .where('name' as never, '=', name as never)
        .execute();
    }
    expect(await migrate(db)).toEqual(names);

    await allowlist.set(world.h.appId, 'allowlist.enabled', 'true');
    await allowlist.set(world.h.appId, 'allowlist.email_domains', 'corp.example');
    const custom = (subject: string) => ({ type: 'custom_auth', subject, data: { custom_user_id: subject } });
    await users.linkAccount(world.h.appId, google.id, custom('ann'));
    await users.linkAccount(world.h.appId, spotify.id, custom('eve'));
    await expect(users.loginWithAccount(world.h.appId, custom('ann'))).resolves.toMatchObject({
      isNew: false,
    });
    await expect(users.loginWithAccount(world.h.appId, custom('eve'))).rejects.toMatchObject(REJECTED);
  });
});
