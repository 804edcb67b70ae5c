import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './harness.js';

let h: Harness;

beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.close();
});

const email = (address: string) => ({ type: 'email', subject: address, data: { address } });
const google = (subject: string) => ({
  type: 'google_oauth',
  subject,
  data: { subject, email: `${subject}@g.test` },
});

describe('linked accounts (§5 rules)', () => {
  it('links one account per type and refuses an account of another user', async () => {
    const users = h.server.gatehouse.users;
    const { user: alice } = await users.loginWithAccount(h.appId, email('alice@example.com'));
    const { user: bob } = await users.loginWithAccount(h.appId, email('bob@example.com'));

    const linked = await users.linkAccount(h.appId, alice.id, google('g-alice'));
    expect(linked.linked_accounts.map((a) => a.type).sort()).toEqual(['email', 'google_oauth']);

    await expect(users.linkAccount(h.appId, alice.id, email('second@example.com'))).rejects.toMatchObject({
      code: 'cannot_link_more_of_type',
      message: 'User already has an account of type email linked.',
    });
    await expect(users.linkAccount(h.appId, bob.id, google('g-alice'))).rejects.toMatchObject({
      code: 'linked_to_another_user',
      message: 'This account has already been linked to another user.',
    });

    // The linked account logs alice in, not a new user.
    const again = await users.loginWithAccount(h.appId, google('g-alice'));
    expect(again).toMatchObject({ isNew: false, user: { id: alice.id } });
  });

  it('unlinks an account but never the last way to log in', async () => {
    const users = h.server.gatehouse.users;
    const { user } = await users.loginWithAccount(h.appId, email('carol@example.com'));
    await users.linkAccount(h.appId, user.id, google('g-carol'));

    await expect(users.unlinkAccount(h.appId, user.id, 'google_oauth', 'someone-else')).rejects.toMatchObject(
      {
        code: 'account_not_found',
      },
    );
    const after = await users.unlinkAccount(h.appId, user.id, 'google_oauth', 'g-carol');
    expect(after.linked_accounts.map((a) => a.type)).toEqual(['email']);
    await expect(users.unlinkAccount(h.appId, user.id, 'email', 'carol@example.com')).rejects.toMatchObject({
      code: 'cannot_unlink_last_account',
    });
  });
});
