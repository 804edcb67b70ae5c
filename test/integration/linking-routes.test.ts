import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { UserWire } from '../../src/protocol/api.js';
import { type Harness, startHarness } from './harness.js';

let h: Harness;

beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.close();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const emails = (user: UserWire) =>
  user.linked_accounts.filter((a) => a.type === 'email').map((a) => (a as { address: string }).address);

/** A user who logged in with a Google account only (no email), with a session. */
async function googleOnlyUser() {
  const { user } = await h.server.gatehouse.users.loginWithAccount(h.appId, {
    type: 'google_oauth',
    subject: 'g-123',
    data: { subject: 'g-123', email: 'g@gmail.test', name: 'G' },
  });
  const session = await h.server.gatehouse.sessions.create(h.appId, user.id);
  const token = await h.server.gatehouse.tokens.issue(h.appId, user.id, session.sessionId, session.authTime);
  return { user, token };
}

describe('POST /api/v1/passwordless/link and /unlink', () => {
  it('links a verified email to the logged-in user, and unlinks it again', async () => {
    const { user, token } = await googleOnlyUser();
    const code = await h.requestCode('Dana@Example.com');

    const anonymous = await h.post('/api/v1/passwordless/link', { email: 'dana@example.com', code });
    expect(anonymous.statusCode).toBe(401);

    const linked = await h.post(
      '/api/v1/passwordless/link',
      { email: 'Dana@Example.com', code },
      bearer(token),
    );
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json<UserWire>().id).toBe(user.id);
    expect(emails(linked.json())).toEqual(['dana@example.com']);

    // The code was spent by the link.
    const replay = await h.post(
      '/api/v1/passwordless/link',
      { email: 'dana@example.com', code },
      bearer(token),
    );
    expect(replay.statusCode).toBe(422);

    // The email now logs the same user in.
    expect((await h.login('dana@example.com')).user.id).toBe(user.id);

    const unlinked = await h.post(
      '/api/v1/passwordless/unlink',
      { address: 'DANA@example.com' },
      bearer(token),
    );
    expect(unlinked.statusCode, unlinked.body).toBe(200);
    expect(emails(unlinked.json())).toEqual([]);
    const again = await h.post('/api/v1/passwordless/unlink', { address: 'dana@example.com' }, bearer(token));
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('account_not_found');
  });

  it('refuses a second email, an email of another user, a bad address and the last account', async () => {
    const alice = await h.login('alice@example.com');
    await h.login('bob@example.com');

    const bobCode = await h.requestCode('bob@example.com');
    const taken = await h.post(
      '/api/v1/passwordless/link',
      { email: 'bob@example.com', code: bobCode },
      bearer(alice.token),
    );
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({
      code: 'linked_to_another_user',
      message: 'This account has already been linked to another user.',
    });

    const code = await h.requestCode('second@example.com');
    const second = await h.post(
      '/api/v1/passwordless/link',
      { email: 'second@example.com', code },
      bearer(alice.token),
    );
    expect(second.statusCode).toBe(400);
    expect(second.json()).toEqual({
      code: 'cannot_link_more_of_type',
      message: 'User already has an account of type email linked.',
    });

    const bad = await h.post('/api/v1/passwordless/unlink', { address: 'not-an-email' }, bearer(alice.token));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('invalid_data');

    const last = await h.post(
      '/api/v1/passwordless/unlink',
      { address: 'alice@example.com' },
      bearer(alice.token),
    );
    expect(last.statusCode).toBe(400);
    expect(last.json().code).toBe('cannot_unlink_last_account');
  });
});

describe('POST /api/v1/passwordless/update', () => {
  it("moves the user's email to a newly verified address", async () => {
    const alice = await h.login('alice@example.com');
    const code = await h.requestCode('alice@new.example');
    const wrong = code === '000000' ? '111111' : '000000';
    const refused = await h.post(
      '/api/v1/passwordless/update',
      { oldAddress: 'alice@example.com', newAddress: 'alice@new.example', code: wrong },
      bearer(alice.token),
    );
    expect(refused.statusCode).toBe(422);

    const updated = await h.post(
      '/api/v1/passwordless/update',
      { oldAddress: 'alice@example.com', newAddress: 'alice@new.example', code },
      bearer(alice.token),
    );
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json<UserWire>().id).toBe(alice.user.id);
    expect(emails(updated.json())).toEqual(['alice@new.example']);

    expect((await h.login('alice@new.example')).user.id).toBe(alice.user.id);
    // The old address is free: it now signs up a new user.
    const old = await h.login('alice@example.com');
    expect(old.is_new_user).toBe(true);
  });

  it('refuses a user without email, a wrong old address and an address of another user', async () => {
    const { token } = await googleOnlyUser();
    const code = await h.requestCode('g@example.com');
    const noEmail = await h.post(
      '/api/v1/passwordless/update',
      { oldAddress: 'x@example.com', newAddress: 'g@example.com', code },
      bearer(token),
    );
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json()).toEqual({
      code: 'email_required_for_update',
      message: 'User is required to have an email address to update it.',
    });

    const alice = await h.login('alice@example.com');
    await h.login('bob@example.com');
    const bobCode = await h.requestCode('bob@example.com');
    const taken = await h.post(
      '/api/v1/passwordless/update',
      { oldAddress: 'alice@example.com', newAddress: 'bob@example.com', code: bobCode },
      bearer(alice.token),
    );
    expect(taken.statusCode).toBe(400);
    expect(taken.json().code).toBe('linked_to_another_user');

    const newCode = await h.requestCode('alice2@example.com');
    const notHers = await h.post(
      '/api/v1/passwordless/update',
      { oldAddress: 'someone@example.com', newAddress: 'alice2@example.com', code: newCode },
      bearer(alice.token),
    );
    expect(notHers.statusCode).toBe(404);
    expect(notHers.json().code).toBe('account_not_found');

    const missing = await h.post(
      '/api/v1/passwordless/update',
      { oldAddress: 'alice@example.com' },
      bearer(alice.token),
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('invalid_data');
  });
});
