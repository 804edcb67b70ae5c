import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppConfigWire } from '../../src/protocol/api.js';
import { parseAllowlistAssignment } from '../../src/server/services/apps/allowlist.js';
import { type Harness, runCliCaptured, startHarness } from './harness.js';

const REJECTED = { code: 'allowlist_rejected', message: 'This account is not on the allowlist of this app.' };

describe('allowlist', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(async () => {
    await h.close();
  });

  /** `gatehouse apps set <app> …` against the harness database. */
  const cli = (...assignments: string[]) =>
    runCliCaptured(h.database.env, ['apps', 'set', h.appId, ...assignments]);

  async function tryLogin(email: string) {
    const code = await h.requestCode(email);
    return h.post('/api/v1/passwordless/authenticate', { email, code });
  }

  it('set with the CLI: listed emails and domains get in, others get 403 allowlist_rejected', async () => {
    const set = await cli(
      'allowlist.enabled=true',
      'allowlist.emails=Alice@Example.com, bob@other.org',
      'allowlist.email_domains=@Team.example',
    );
    expect(set.code).toBe(0);
    expect(set.stderr).toContain('allowlist.emails');
    // The lists are server-only: the public configuration does not carry them.
    const config = JSON.parse(set.stdout) as AppConfigWire;
    expect(JSON.stringify(config)).not.toContain('bob@other.org');
    const publicConfig = await h.inject({ method: 'GET', url: `/api/v1/apps/${h.appId}` });
    expect(publicConfig.body).not.toContain('bob@other.org');

    expect((await tryLogin('alice@example.com')).statusCode).toBe(200);
    expect((await tryLogin('BOB@other.org')).statusCode).toBe(200);
    expect((await tryLogin('carol@team.example')).statusCode).toBe(200);
    const refused = await tryLogin('mallory@example.com');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(REJECTED);
    // A subdomain is not the domain.
    expect((await tryLogin('dave@sub.team.example')).statusCode).toBe(403);
    // No user was created for the rejected address.
    expect(
      await h.server.gatehouse.db
        .selectFrom('linked_accounts')
        .select('subject')
        .where('subject', '=', 'mallory@example.com')
        .execute(),
    ).toEqual([]);
  });

  it('off (the default, or allowlist.enabled=false), everyone gets in', async () => {
    expect((await tryLogin('anyone@example.com')).statusCode).toBe(200);
    await cli('allowlist.enabled=true', 'allowlist.emails=a@example.com');
    expect((await tryLogin('anyone@example.com')).statusCode).toBe(403);
    await cli('allowlist.enabled=false');
    expect((await tryLogin('anyone@example.com')).statusCode).toBe(200);
  });

  it('enabled with empty lists lets nobody in; clearing a list with null', async () => {
    await cli('allowlist.enabled=true', 'allowlist.emails=a@example.com');
    expect((await tryLogin('a@example.com')).statusCode).toBe(200);
    await cli('allowlist.emails=null');
    expect((await tryLogin('a@example.com')).statusCode).toBe(403);
  });

  it('checks phone numbers and wallet addresses, for every login method through loginWithAccount', async () => {
    await cli(
      'allowlist.enabled=true',
      'allowlist.phone_numbers=+1 (555) 010-0100',
      'allowlist.wallet_addresses=0xAbCdEf0000000000000000000000000000000001',
    );
    const users = h.server.gatehouse.users;
    const phone = (number: string) => ({ type: 'phone', subject: number, data: { number } });
    await expect(users.loginWithAccount(h.appId, phone('+15550100100'))).resolves.toMatchObject({
      isNew: true,
    });
    await expect(users.loginWithAccount(h.appId, phone('+15550100199'))).rejects.toMatchObject(REJECTED);
    const wallet = (address: string) => ({
      type: 'wallet',
      subject: address.toLowerCase(),
      data: { address },
    });
    await expect(
      users.loginWithAccount(h.appId, wallet('0xabcdef0000000000000000000000000000000001')),
    ).resolves.toMatchObject({ isNew: true });
    await expect(
      users.loginWithAccount(h.appId, wallet('0xabcdef0000000000000000000000000000000002')),
    ).rejects.toMatchObject(REJECTED);
    // An OAuth account is checked by the email its provider verified, never by the one it only shows.
    await cli('allowlist.email_domains=example.com');
    const google = {
      type: 'google_oauth',
      subject: '1234',
      data: { subject: '1234', email: 'x@example.com' },
      verifiedEmail: 'x@example.com',
    };
    await expect(users.loginWithAccount(h.appId, google)).resolves.toMatchObject({ isNew: true });
    const shownOnly = { ...google, subject: '5678', verifiedEmail: null };
    await expect(users.loginWithAccount(h.appId, shownOnly)).rejects.toMatchObject(REJECTED);
  });

  it('a user with a listed account also gets in with their other accounts', async () => {
    const alice = await h.login('alice@example.com');
    const users = h.server.gatehouse.users;
    const custom = { type: 'custom_auth', subject: 'alice-1', data: { custom_user_id: 'alice-1' } };
    await users.linkAccount(h.appId, alice.user.id, custom);
    await cli('allowlist.enabled=true', 'allowlist.emails=alice@example.com');
    await expect(users.loginWithAccount(h.appId, custom)).resolves.toMatchObject({ isNew: false });
    const stranger = { type: 'custom_auth', subject: 'eve', data: { custom_user_id: 'eve' } };
    await expect(users.loginWithAccount(h.appId, stranger)).rejects.toMatchObject(REJECTED);
  });

  it.each([
    ['allowlist.enabled=yes', 'allowlist.enabled: expected true or false'],
    ['allowlist.emails=not-an-email', "'not-an-email' is not an email address"],
    ['allowlist.email_domains=localhost', "'localhost' is not a domain"],
    ['allowlist.phone_numbers=5550100', "'5550100' is not a phone number"],
    ['allowlist.wallet_addresses=0x12', "'0x12' is not an Ethereum address"],
  ])('the CLI refuses %s', async (assignment, message) => {
    const run = await cli(assignment);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(message);
  });

  it('normalizes lists: lowercased, deduplicated, phone punctuation dropped', () => {
    expect(parseAllowlistAssignment('allowlist.emails=A@x.com,a@X.com , b@y.org')).toEqual({
      field: 'allowlist.emails',
      value: 'a@x.com,b@y.org',
    });
    expect(parseAllowlistAssignment('allowlist.phone_numbers=+44 20 7946 0958')?.value).toBe('+442079460958');
    expect(parseAllowlistAssignment('name=x')).toBeUndefined();
  });
});
