import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AuthResult, UserWire } from '../../src/protocol/api.js';
import { SmsService } from '../../src/server/services/login/sms.js';
import { TwilioPeer, twilioAccount } from '../support/twilio.js';
import { type Harness, ORIGIN, startHarness } from './harness.js';

const envAccount = twilioAccount();
const appAccount = twilioAccount();
const FROM = '+12015550100';
const SERVICE_SID = `MG${'ab'.repeat(16)}`;
let twilio: TwilioPeer;
let h: Harness;

beforeAll(async () => {
  twilio = new TwilioPeer(envAccount, appAccount);
  await twilio.start();
});
afterAll(async () => {
  await twilio.stop();
});

async function start(options: Parameters<typeof startHarness>[0] = {}): Promise<Harness> {
  h = await startHarness({ twilio: { ...envAccount, from: FROM }, twilioBaseUrl: twilio.url, ...options });
  await h.server.gatehouse.apps.update(h.appId, [{ field: 'sms_auth', value: true }]);
  return h;
}
afterEach(async () => {
  twilio.failures.length = 0;
  await h?.close();
});

const NUMBER = '+14155550123';

async function sendCode(phoneNumber: string, expectTo = NUMBER): Promise<string> {
  const since = twilio.messages.length;
  const response = await h.post('/api/v1/passwordless_sms/init', { phoneNumber });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json()).toEqual({ success: true });
  return twilio.codeFor(expectTo, since);
}

async function smsLogin(phoneNumber = NUMBER): Promise<AuthResult> {
  const code = await sendCode(phoneNumber, phoneNumber);
  const response = await h.post('/api/v1/passwordless_sms/authenticate', { phoneNumber, code });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AuthResult>();
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('SMS one-time code login', () => {
  beforeEach(async () => {
    await start();
  });

  it('texts a code through Twilio and logs in with it, keyed by the E.164 number', async () => {
    const code = await sendCode('+1 (415) 555-0123');
    const sms = twilio.messages.at(-1);
    expect(sms).toMatchObject({ accountSid: envAccount.accountSid, to: NUMBER, from: FROM });
    expect(sms?.body).toBe(`${code} is your login code for Demo. It expires in 10 minutes.`);

    const response = await h.post('/api/v1/passwordless_sms/authenticate', {
      phoneNumber: '+1 415-555-0123',
      code,
    });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json<AuthResult>();
    expect(result.is_new_user).toBe(true);
    expect(result.token).toMatch(/^ey/);
    expect(result.refresh_token).toBeTruthy();
    expect(result.user.linked_accounts).toEqual([
      expect.objectContaining({ type: 'phone', number: NUMBER, verified_at: expect.any(Number) }),
    ]);

    const again = await smsLogin();
    expect(again.is_new_user).toBe(false);
    expect(again.user.id).toBe(result.user.id);
  });

  it('refuses numbers that are not valid for their country, and malformed bodies', async () => {
    for (const phoneNumber of ['+1555', '4155550123', '+1 415 555 01234567', 'call me', '']) {
      const response = await h.post('/api/v1/passwordless_sms/init', { phoneNumber });
      expect(response.statusCode, phoneNumber).toBe(400);
      expect(response.json().code).toBe('invalid_data');
    }
    for (const body of [{}, { phoneNumber: 14155550123 }, { phoneNumber: NUMBER, code: 123456 }]) {
      const path = 'code' in body ? 'authenticate' : 'init';
      const response = await h.post(`/api/v1/passwordless_sms/${path}`, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('invalid_data');
    }
    expect(twilio.messages.filter((m) => m.to !== NUMBER)).toEqual([]);
  });

  it('applies the code rules: wrong, single use, latest only, 10 minutes, 5 tries', async () => {
    const first = await sendCode(NUMBER);
    const latest = await sendCode(NUMBER);
    const authenticate = (code: string) =>
      h.post('/api/v1/passwordless_sms/authenticate', { phoneNumber: NUMBER, code });

    if (first !== latest) {
      const stale = await authenticate(first);
      expect(stale.statusCode).toBe(422);
      expect(stale.json()).toEqual({
        code: 'invalid_credentials',
        message: 'Invalid or expired verification code',
      });
    }
    expect((await authenticate(latest)).statusCode).toBe(200);
    expect((await authenticate(latest)).statusCode).toBe(422);

    const expiring = await sendCode(NUMBER);
    h.clock.advance(10 * 60_000 + 1);
    expect((await authenticate(expiring)).statusCode).toBe(422);

    const tried = await sendCode(NUMBER);
    const wrong = tried === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await authenticate(wrong)).statusCode).toBe(422);
    expect((await authenticate(tried)).statusCode).toBe(422);
  });

  it('answers twilio_verification_failed when Twilio refuses the message, and the next try can work', async () => {
    twilio.failures.push({
      status: 400,
      code: 21211,
      message: "The 'To' number is not a valid phone number.",
    });
    for (let i = 0; i < 3; i++)
      twilio.failures.push({ status: 500, code: 20500, message: 'Internal Server Error' });
    const response = await h.post('/api/v1/passwordless_sms/init', { phoneNumber: NUMBER });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      code: 'twilio_verification_failed',
      message: 'The login code could not be sent by SMS. Please try again later.',
    });
    twilio.failures.length = 0;
    await smsLogin();
  });

  it('is refused with disallowed_login_method when the app has SMS login off', async () => {
    await h.server.gatehouse.apps.update(h.appId, [{ field: 'sms_auth', value: false }]);
    for (const path of ['init', 'authenticate']) {
      const response = await h.post(`/api/v1/passwordless_sms/${path}`, {
        phoneNumber: NUMBER,
        code: '123456',
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('disallowed_login_method');
    }
  });
});

describe('Twilio credentials', () => {
  it("uses the app's own credentials over the environment's and never publishes them", async () => {
    await start();
    const sms = h.server.gatehouse.sms;
    await sms.set(h.appId, 'twilio_account_sid', appAccount.accountSid);
    await sms.set(h.appId, 'twilio_auth_token', appAccount.authToken);
    await sms.set(h.appId, 'twilio_messaging_service_sid', SERVICE_SID);
    await sendCode(NUMBER);
    expect(twilio.messages.at(-1)).toMatchObject({
      accountSid: appAccount.accountSid,
      messagingServiceSid: SERVICE_SID,
      from: null,
    });
    expect(await sms.configured(h.appId)).toEqual([
      'twilio_account_sid',
      'twilio_auth_token',
      'twilio_messaging_service_sid',
    ]);

    const config = await h.inject({
      method: 'GET',
      url: `/api/v1/apps/${h.appId}`,
      headers: { origin: ORIGIN },
    });
    expect(config.statusCode).toBe(200);
    expect(config.body).not.toContain(appAccount.authToken);
    expect(config.body).not.toContain(appAccount.accountSid);
    expect(config.body).not.toContain('twilio_');
    // At rest the token is encrypted.
    const rows = await h.server.gatehouse.db.selectFrom('app_secrets').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(appAccount.authToken);
  });

  it('wrong credentials at Twilio come back as twilio_verification_failed', async () => {
    await start({ twilio: { accountSid: envAccount.accountSid, authToken: 'f'.repeat(32), from: FROM } });
    const response = await h.post('/api/v1/passwordless_sms/init', { phoneNumber: NUMBER });
    expect(response.statusCode).toBe(503);
    expect(response.json().code).toBe('twilio_verification_failed');
  });

  it('without any credentials logs one JSON record with the code', async () => {
    const lines: string[] = [];
    const service = new SmsService(
      { read: async () => ({}), set: async () => {}, configured: async () => [] } as never,
      { write: (line) => lines.push(line) },
    );
    await service.sendLoginCode({ id: 'a', name: 'Acme' } as never, NUMBER, '123456');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] as string)).toMatchObject({
      level: 30,
      msg: 'SMS login code',
      dev_code: '123456',
      to: NUMBER,
      app: 'Acme',
    });
  });

  it('limits sending per number', async () => {
    await start({ rateLimits: { passwordlessInitPerEmail: { max: 2, windowMs: 60_000 } } });
    await sendCode(NUMBER);
    await sendCode(NUMBER);
    const third = await h.post('/api/v1/passwordless_sms/init', { phoneNumber: NUMBER });
    expect(third.statusCode).toBe(429);
    expect(third.json().code).toBe('too_many_requests');
    // Another number is not affected.
    await sendCode('+12015550123', '+12015550123');
  });
});

describe('linking and unlinking a phone', () => {
  beforeEach(async () => {
    await start();
  });

  it('links a verified phone to the logged-in user, and unlinks it', async () => {
    const { token, user } = await h.login('alice@example.com');
    const code = await sendCode(NUMBER);

    const anonymous = await h.post('/api/v1/passwordless_sms/link', { phoneNumber: NUMBER, code });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('missing_or_invalid_token');

    const linked = await h.post(
      '/api/v1/passwordless_sms/link',
      { phoneNumber: NUMBER, code },
      bearer(token),
    );
    expect(linked.statusCode, linked.body).toBe(200);
    const withPhone = linked.json<UserWire>();
    expect(withPhone.id).toBe(user.id);
    expect(withPhone.linked_accounts.map((a) => a.type)).toEqual(['email', 'phone']);

    // The phone now logs alice in.
    expect((await smsLogin()).user.id).toBe(user.id);

    // A second phone is one too many.
    const other = '+12015550123';
    const otherCode = await sendCode(other, other);
    const second = await h.post(
      '/api/v1/passwordless_sms/link',
      { phoneNumber: other, code: otherCode },
      bearer(token),
    );
    expect(second.statusCode).toBe(400);
    expect(second.json()).toEqual({
      code: 'cannot_link_more_of_type',
      message: 'User already has an account of type phone linked.',
    });

    const unlinked = await h.post(
      '/api/v1/passwordless_sms/unlink',
      { phoneNumber: '+1 415 555 0123' },
      bearer(token),
    );
    expect(unlinked.statusCode, unlinked.body).toBe(200);
    expect(unlinked.json<UserWire>().linked_accounts.map((a) => a.type)).toEqual(['email']);

    const missing = await h.post('/api/v1/passwordless_sms/unlink', { phoneNumber: NUMBER }, bearer(token));
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('account_not_found');
  });

  it("refuses another user's phone, a wrong code, and unlinking the last way in", async () => {
    const bob = await smsLogin();
    const { token } = await h.login('carol@example.com');
    const code = await sendCode(NUMBER);
    const wrong = code === '000000' ? '111111' : '000000';
    const refused = await h.post(
      '/api/v1/passwordless_sms/link',
      { phoneNumber: NUMBER, code: wrong },
      bearer(token),
    );
    expect(refused.statusCode).toBe(422);
    const taken = await h.post('/api/v1/passwordless_sms/link', { phoneNumber: NUMBER, code }, bearer(token));
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({
      code: 'linked_to_another_user',
      message: 'This account has already been linked to another user.',
    });

    const last = await h.post('/api/v1/passwordless_sms/unlink', { phoneNumber: NUMBER }, bearer(bob.token));
    expect(last.statusCode).toBe(400);
    expect(last.json().code).toBe('cannot_unlink_last_account');
  });
});
