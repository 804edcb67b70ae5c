import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthResult } from '../../src/protocol/api.js';
import { CODE_MAX_ATTEMPTS, CODE_TTL_MS } from '../../src/protocol/constants.js';
import { buildServer } from '../../src/server/app.js';
import { type Harness, PUBLIC_URL, startHarness, tempDir } from './harness.js';

const INIT = '/api/v1/passwordless/init';
const AUTHENTICATE = '/api/v1/passwordless/authenticate';
const INVALID_CODE = { code: 'invalid_credentials', message: 'Invalid or expired verification code' };

/** A six-digit code other than `code`. */
function wrong(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}

describe('passwordless email login', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(async () => {
    await h.close();
  });

  /** A new code for `email`, asked again in the one-in-a-million case that it equals `other`. */
  async function codeOtherThan(other: string, email: string): Promise<string> {
    for (;;) {
      const code = await h.requestCode(email);
      if (code !== other) return code;
    }
  }

  it('mails a six-digit code to the address, then logs in a new and later a returning user', async () => {
    const init = await h.post(INIT, { email: '  Alice@Example.COM ' });
    expect(init.statusCode).toBe(200);
    expect(init.json()).toEqual({ success: true });

    const mail = await h.mailbox.waitFor('alice@example.com');
    expect(mail.from).toBe('login@gatehouse.test');
    expect(mail.raw).toMatch(/^From: Gatehouse Test <login@gatehouse\.test>/m);
    const code = /^(\d{6}) is your login code for Demo$/.exec(mail.subject)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(mail.raw).toContain(`Your login code for Demo is ${code}.`);
    expect(mail.raw).toContain('expires in 10 minutes');
    expect(mail.raw).toContain('Content-Type: text/html');

    const first = await h.post(AUTHENTICATE, { email: 'alice@example.com', code });
    expect(first.statusCode).toBe(200);
    const result = first.json<AuthResult>();
    expect(result.is_new_user).toBe(true);
    expect(result.token.split('.')).toHaveLength(3);
    expect(result.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const nowSeconds = Math.floor(h.clock.now() / 1000);
    expect(result.user).toEqual({
      id: expect.stringMatching(/^[a-z0-9]{25}$/),
      created_at: nowSeconds,
      linked_accounts: [
        {
          type: 'email',
          address: 'alice@example.com',
          verified_at: nowSeconds,
          first_verified_at: nowSeconds,
          latest_verified_at: nowSeconds,
        },
      ],
      mfa_methods: [],
      has_accepted_terms: false,
    });
    // The new user answered as written is the user the provider reads back.
    const read = await h.post('/api/v1/sessions', {}, { authorization: `Bearer ${result.token}` });
    expect(read.json<AuthResult>().user).toEqual(result.user);

    h.clock.advance(60_000);
    const again = await h.login('ALICE@example.com');
    expect(again.is_new_user).toBe(false);
    expect(again.user.id).toBe(result.user.id);
    expect(again.user.linked_accounts[0]).toMatchObject({
      first_verified_at: nowSeconds,
      latest_verified_at: nowSeconds + 60,
    });
    expect(again.refresh_token).not.toBe(result.refresh_token);
  });

  it('answers 422 invalid_credentials to a wrong code and still accepts the right one', async () => {
    const code = await h.requestCode('bob@example.com');
    const bad = await h.post(AUTHENTICATE, { email: 'bob@example.com', code: wrong(code) });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual(INVALID_CODE);
    const notDigits = await h.post(AUTHENTICATE, { email: 'bob@example.com', code: 'abcdef' });
    expect(notDigits.statusCode).toBe(422);
    const good = await h.post(AUTHENTICATE, { email: 'bob@example.com', code: ` ${code} ` });
    expect(good.statusCode).toBe(200);
  });

  it(`kills a code after ${CODE_MAX_ATTEMPTS} wrong tries`, async () => {
    const code = await h.requestCode('carol@example.com');
    for (let i = 0; i < CODE_MAX_ATTEMPTS; i += 1) {
      const response = await h.post(AUTHENTICATE, { email: 'carol@example.com', code: wrong(code) });
      expect(response.statusCode).toBe(422);
    }
    const right = await h.post(AUTHENTICATE, { email: 'carol@example.com', code });
    expect(right.statusCode).toBe(422);
    expect(right.json()).toEqual(INVALID_CODE);
    // A fresh code works again.
    const fresh = await h.requestCode('carol@example.com');
    expect((await h.post(AUTHENTICATE, { email: 'carol@example.com', code: fresh })).statusCode).toBe(200);
  });

  it('refuses a code once its ten minutes are over', async () => {
    const code = await h.requestCode('dave@example.com');
    h.clock.advance(CODE_TTL_MS);
    const late = await h.post(AUTHENTICATE, { email: 'dave@example.com', code });
    expect(late.statusCode).toBe(422);
    expect(late.json()).toEqual(INVALID_CODE);
  });

  it('accepts a code just before it expires', async () => {
    const code = await h.requestCode('dave@example.com');
    h.clock.advance(CODE_TTL_MS - 1000);
    expect((await h.post(AUTHENTICATE, { email: 'dave@example.com', code })).statusCode).toBe(200);
  });

  it('only honours the latest code sent to an address', async () => {
    const first = await h.requestCode('erin@example.com');
    const second = await codeOtherThan(first, 'erin@example.com');
    const old = await h.post(AUTHENTICATE, { email: 'erin@example.com', code: first });
    expect(old.statusCode).toBe(422);
    expect((await h.post(AUTHENTICATE, { email: 'erin@example.com', code: second })).statusCode).toBe(200);
  });

  it('accepts a code only once', async () => {
    const code = await h.requestCode('frank@example.com');
    expect((await h.post(AUTHENTICATE, { email: 'frank@example.com', code })).statusCode).toBe(200);
    const replay = await h.post(AUTHENTICATE, { email: 'frank@example.com', code });
    expect(replay.statusCode).toBe(422);
    expect(replay.json()).toEqual(INVALID_CODE);
  });

  it('does not let a code sent to one address log in another', async () => {
    const code = await h.requestCode('grace@example.com');
    await codeOtherThan(code, 'heidi@example.com');
    const response = await h.post(AUTHENTICATE, { email: 'heidi@example.com', code });
    expect(response.json()).toEqual(INVALID_CODE);
  });

  it('answers 403 disallowed_login_method when the app has email login off', async () => {
    await h.server.gatehouse.apps.update(h.appId, [{ field: 'email_auth', value: false }]);
    const init = await h.post(INIT, { email: 'ivan@example.com' });
    expect(init.statusCode).toBe(403);
    expect(init.json()).toEqual({ code: 'disallowed_login_method', message: expect.any(String) });
    const auth = await h.post(AUTHENTICATE, { email: 'ivan@example.com', code: '123456' });
    expect(auth.statusCode).toBe(403);
    await h.server.gatehouse.mailer.settled();
    expect(h.mailbox.messages).toHaveLength(0);
  });

  it('answers 400 invalid_data naming the field for an address that is not one', async () => {
    const response = await h.post(INIT, { email: 'not-an-email' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'invalid_data', message: expect.stringContaining("'email'") });
  });

  it('answers success without waiting for the mail server, even when it is down (mail-delivery.test.ts)', async () => {
    await h.mailbox.stop();
    const response = await h.post(INIT, { email: 'judy@example.com' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
  });
});

describe('passwordless email login without SMTP', () => {
  it('logs exactly one JSON record with the code on stdout, and the code works', async () => {
    const dir = tempDir();
    const server = await buildServer({ databaseUrl: `${dir.path}/gh.db`, publicUrl: PUBLIC_URL });
    const written: string[] = [];
    const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
    try {
      const app = await server.gatehouse.apps.create('Console Demo', ['http://localhost:8788']);
      const headers = { 'gatehouse-app-id': app.id };
      const init = await server.inject({
        method: 'POST',
        url: INIT,
        headers,
        payload: { email: 'Zoe@Example.com' },
      });
      expect(init.statusCode).toBe(200);
      expect(written).toHaveLength(1);
      const line = written[0] as string;
      expect(line.endsWith('\n')).toBe(true);
      expect(JSON.parse(line)).toMatchObject({
        level: 30,
        msg: 'login code',
        to: 'zoe@example.com',
        app: 'Console Demo',
        dev_code: expect.stringMatching(/^\d{6}$/),
      });
      const code = JSON.parse(line).dev_code as string;
      const auth = await server.inject({
        method: 'POST',
        url: AUTHENTICATE,
        headers,
        payload: { email: 'zoe@example.com', code },
      });
      expect(auth.statusCode).toBe(200);
      expect(written).toHaveLength(1);
    } finally {
      spy.mockRestore();
      await server.close();
      dir.remove();
    }
  });
});
