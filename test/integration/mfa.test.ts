import { Secret } from 'otpauth';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppConfigWire, UserWire } from '../../src/protocol/api.js';
import { MFA_API_PATHS, type MfaProofResponse } from '../../src/protocol/mfa-api.js';
import { MFA_TEXT } from '../../src/protocol/mfa-text.js';
import { matchTotpStep, totpStep } from '../../src/server/services/mfa/totp.js';
import { TwilioPeer, twilioAccount } from '../support/twilio.js';
import { type Harness, ORIGIN, runCliCaptured } from './harness.js';
import { asFrame, authenticatorCode, enrolTotp, expectError, startMfaHarness } from './mfa-support.js';

const account = twilioAccount();
let twilio: TwilioPeer;
let h: Harness;
let alice: { token: string; user: UserWire; refresh_token: string };

beforeAll(async () => {
  twilio = new TwilioPeer(account);
  await twilio.start();
});
afterAll(async () => {
  await twilio.stop();
});
beforeEach(async () => {
  h = await startMfaHarness(twilio, account);
  alice = await h.login('alice@example.com');
});
afterEach(async () => {
  twilio.failures.length = 0;
  await h.close();
});

const THIRTY_SECONDS = 30_000;

describe('the authenticator verifier (RFC 6238)', () => {
  // Appendix B, SHA-1 rows: the seed is the ASCII string "12345678901234567890".
  const seed = Secret.fromLatin1('12345678901234567890').base32;
  const vectors: Array<[number, string]> = [
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ];

  it.each(vectors)('accepts the code of T=%i (%s) in its step, and its 6-digit form', (seconds, code) => {
    const ms = seconds * 1000;
    expect(matchTotpStep(seed, code, ms, 8)).toBe(Math.floor(seconds / 30));
    expect(matchTotpStep(seed, code.slice(2), ms)).toBe(totpStep(ms));
    // One step of drift either way, not two.
    expect(matchTotpStep(seed, code.slice(2), ms + THIRTY_SECONDS)).toBe(totpStep(ms));
    expect(matchTotpStep(seed, code.slice(2), ms - THIRTY_SECONDS)).toBe(totpStep(ms));
    expect(matchTotpStep(seed, code.slice(2), ms + 2 * THIRTY_SECONDS)).toBeUndefined();
    expect(matchTotpStep(seed, code.slice(0, 6), ms)).toBeUndefined();
  });
});

describe('MFA by authenticator app', () => {
  it('enrols from an otpauth URI naming the app and the user, verifies, and is removed with a fresh proof', async () => {
    const init = await asFrame(h, MFA_API_PATHS.totpInit, alice.token);
    expect(init.statusCode, init.body).toBe(200);
    const { authUrl, secret } = init.json<{ authUrl: string; secret: string }>();
    const uri = new URL(authUrl);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/Demo:alice@example.com');
    expect(Object.fromEntries(uri.searchParams)).toEqual({
      secret,
      issuer: 'Demo',
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const stored = await h.server.gatehouse.db.selectFrom('mfa_methods').selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(secret);

    const wrong = await asFrame(h, MFA_API_PATHS.totpEnroll, alice.token, { code: '000000' });
    expectError(wrong, 422, 'invalid_mfa_code');
    expect(wrong.json().message).toBe(MFA_TEXT.invalidCode);
    const code = authenticatorCode(secret, h.clock.now());
    const enrolled = await asFrame(h, MFA_API_PATHS.totpEnroll, alice.token, { code });
    expect(enrolled.statusCode, enrolled.body).toBe(200);
    const answer = enrolled.json<{ user: UserWire } & MfaProofResponse>();
    expect(answer.user.mfa_methods).toEqual([
      { type: 'totp', verified_at: Math.floor(h.clock.now() / 1000) },
    ]);
    expect(answer.proof).toMatch(/^[\w-]{43}$/);

    // Every user answer carries the methods: a session refresh, for one.
    const refreshed = await h.post('/api/v1/sessions', { refresh_token: alice.refresh_token });
    expect(refreshed.json().user.mfa_methods).toEqual(answer.user.mfa_methods);

    h.clock.advance(THIRTY_SECONDS);
    const verified = await asFrame(h, MFA_API_PATHS.totpVerify, alice.token, {
      code: authenticatorCode(secret, h.clock.now()),
    });
    expect(verified.statusCode, verified.body).toBe(200);
    const { proof, expires_at } = verified.json<MfaProofResponse>();
    expect(expires_at).toBe(Math.floor((h.clock.now() + 15 * 60_000) / 1000));

    const bare = await asFrame(h, MFA_API_PATHS.unenroll, alice.token, { method: 'totp' });
    expectError(bare, 403, 'missing_or_invalid_mfa');
    const removed = await asFrame(h, MFA_API_PATHS.unenroll, alice.token, { method: 'totp' }, proof);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().user.mfa_methods).toEqual([]);
    expectError(
      await asFrame(h, MFA_API_PATHS.unenroll, alice.token, { method: 'totp' }),
      400,
      'mfa_not_enrolled',
    );
  });

  it('refuses a code already used in its time step, and older ones', async () => {
    const { secret } = await enrolTotp(h, alice.token);
    const enrolCode = authenticatorCode(secret, h.clock.now());
    const verify = (code: string) => asFrame(h, MFA_API_PATHS.totpVerify, alice.token, { code });
    expectError(await verify(enrolCode), 422, 'invalid_mfa_code');
    h.clock.advance(THIRTY_SECONDS);
    const next = authenticatorCode(secret, h.clock.now());
    expect((await verify(next)).statusCode).toBe(200);
    expectError(await verify(next), 422, 'invalid_mfa_code');
    // The previous step is within the drift window, but older than the one used.
    expectError(await verify(enrolCode), 422, 'invalid_mfa_code');
  });

  it('locks after 4 wrong codes and opens again after the lockout', async () => {
    const { secret } = await enrolTotp(h, alice.token);
    h.clock.advance(THIRTY_SECONDS);
    const verify = (code: string) => asFrame(h, MFA_API_PATHS.totpVerify, alice.token, { code });
    for (let attempt = 1; attempt <= 3; attempt += 1)
      expectError(await verify('111111'), 422, 'invalid_mfa_code');
    expectError(await verify('111111'), 403, 'mfa_verification_max_attempts_reached');
    // Even the right code waits for the lockout.
    expectError(
      await verify(authenticatorCode(secret, h.clock.now())),
      403,
      'mfa_verification_max_attempts_reached',
    );
    h.clock.advance(9_000);
    expectError(
      await verify(authenticatorCode(secret, h.clock.now())),
      403,
      'mfa_verification_max_attempts_reached',
    );
    h.clock.advance(1_000);
    expect((await verify(authenticatorCode(secret, h.clock.now()))).statusCode).toBe(200);
  });

  it('times out a challenge older than 300 s, then opens a new one after 30 s', async () => {
    const { secret } = await enrolTotp(h, alice.token);
    const verify = () =>
      asFrame(h, MFA_API_PATHS.totpVerify, alice.token, { code: authenticatorCode(secret, h.clock.now()) });
    h.clock.advance(THIRTY_SECONDS);
    expectError(
      await asFrame(h, MFA_API_PATHS.totpVerify, alice.token, { code: '222222' }),
      422,
      'invalid_mfa_code',
    );
    h.clock.advance(300_001);
    expectError(await verify(), 400, 'mfa_timeout');
    h.clock.advance(29_000);
    expectError(await verify(), 400, 'mfa_timeout');
    h.clock.advance(1_000);
    expect((await verify()).statusCode).toBe(200);
  });

  it('needs a fresh proof to add a second method', async () => {
    const { proof } = await enrolTotp(h, alice.token);
    const init = (withProof?: string) =>
      asFrame(
        h,
        MFA_API_PATHS.smsInit,
        alice.token,
        { action: 'enroll', phoneNumber: '+14155550123' },
        withProof,
      );
    expectError(await init(), 403, 'missing_or_invalid_mfa');
    expectError(await init('not-a-proof'), 403, 'missing_or_invalid_mfa');
    h.clock.advance(5 * 60_000 + 1);
    expectError(await init(proof), 403, 'missing_or_invalid_mfa');
    expectError(
      await asFrame(h, MFA_API_PATHS.totpInit, alice.token, {}, proof),
      403,
      'missing_or_invalid_mfa',
    );
  });
});

describe('MFA by SMS', () => {
  const PHONE = '+14155550123';

  it('enrols a number by a code sent through Twilio, verifies by SMS and removes it', async () => {
    expectError(
      await asFrame(h, MFA_API_PATHS.smsInit, alice.token, { action: 'enroll' }),
      400,
      'invalid_data',
    );
    const since = twilio.messages.length;
    const init = await asFrame(h, MFA_API_PATHS.smsInit, alice.token, {
      action: 'enroll',
      phoneNumber: '+1 415 555 0123',
    });
    expect(init.statusCode, init.body).toBe(200);
    const sms = await twilio.waitFor(PHONE, since);
    const code = /\b(\d{6})\b/.exec(sms.body)?.[1] as string;
    expect(sms.body).toBe(`${code} is your verification code for Demo. It expires in 5 minutes.`);
    // The code was for this number only.
    const elsewhere = { phoneNumber: '+14155550124', code };
    expectError(await asFrame(h, MFA_API_PATHS.smsEnroll, alice.token, elsewhere), 422, 'invalid_mfa_code');
    const enrolled = await asFrame(h, MFA_API_PATHS.smsEnroll, alice.token, { phoneNumber: PHONE, code });
    expect(enrolled.statusCode, enrolled.body).toBe(200);
    expect(enrolled.json().user.mfa_methods).toMatchObject([{ type: 'sms' }]);
    expect(
      JSON.stringify(await h.server.gatehouse.db.selectFrom('mfa_methods').selectAll().execute()),
    ).not.toContain('4155550123');

    // No code sent yet: nothing to check against.
    expectError(await asFrame(h, MFA_API_PATHS.smsVerify, alice.token, { code }), 422, 'invalid_mfa_code');
    const sent = twilio.messages.length;
    expect((await asFrame(h, MFA_API_PATHS.smsInit, alice.token, { action: 'verify' })).statusCode).toBe(200);
    const verifyCode = await twilio.codeFor(PHONE, sent);
    const verified = await asFrame(h, MFA_API_PATHS.smsVerify, alice.token, { code: verifyCode });
    expect(verified.statusCode, verified.body).toBe(200);
    const { proof } = verified.json<MfaProofResponse>();
    expectError(
      await asFrame(h, MFA_API_PATHS.smsVerify, alice.token, { code: verifyCode }),
      422,
      'invalid_mfa_code',
    );

    const removed = await asFrame(h, MFA_API_PATHS.unenroll, alice.token, { method: 'sms' }, proof);
    expect(removed.json().user.mfa_methods).toEqual([]);
  });

  it('locks after 4 wrong codes: no new code is sent until the lockout ends', async () => {
    const { proof } = await enrolTotp(h, alice.token);
    h.clock.advance(1_000);
    const first = twilio.messages.length;
    const init = await asFrame(
      h,
      MFA_API_PATHS.smsInit,
      alice.token,
      { action: 'enroll', phoneNumber: PHONE },
      proof,
    );
    expect(init.statusCode, init.body).toBe(200);
    const enrolCode = await twilio.codeFor(PHONE, first);
    const enrol = await asFrame(
      h,
      MFA_API_PATHS.smsEnroll,
      alice.token,
      { phoneNumber: PHONE, code: enrolCode },
      proof,
    );
    expect(enrol.json().user.mfa_methods.map((m: { type: string }) => m.type)).toEqual(['totp', 'sms']);

    expect((await asFrame(h, MFA_API_PATHS.smsInit, alice.token, { action: 'verify' })).statusCode).toBe(200);
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      expectError(
        await asFrame(h, MFA_API_PATHS.smsVerify, alice.token, { code: '999999' }),
        422,
        'invalid_mfa_code',
      );
    }
    expectError(
      await asFrame(h, MFA_API_PATHS.smsVerify, alice.token, { code: '999999' }),
      403,
      'mfa_verification_max_attempts_reached',
    );
    const before = twilio.messages.length;
    expectError(
      await asFrame(h, MFA_API_PATHS.smsInit, alice.token, { action: 'verify' }),
      403,
      'mfa_verification_max_attempts_reached',
    );
    expect(twilio.messages.length).toBe(before);
    h.clock.advance(10_000);
    expect((await asFrame(h, MFA_API_PATHS.smsInit, alice.token, { action: 'verify' })).statusCode).toBe(200);
    const code = await twilio.codeFor(PHONE, before);
    expect((await asFrame(h, MFA_API_PATHS.smsVerify, alice.token, { code })).statusCode).toBe(200);
  });

  it('gives no new attempts for switching between the app and SMS', async () => {
    const { proof, secret } = await enrolTotp(h, alice.token);
    const first = twilio.messages.length;
    const enrolSms = { action: 'enroll', phoneNumber: PHONE };
    expect((await asFrame(h, MFA_API_PATHS.smsInit, alice.token, enrolSms, proof)).statusCode).toBe(200);
    const code = await twilio.codeFor(PHONE, first);
    const enrol = { phoneNumber: PHONE, code };
    expect((await asFrame(h, MFA_API_PATHS.smsEnroll, alice.token, enrol, proof)).statusCode).toBe(200);

    h.clock.advance(30_000);
    const totp = (value: string) => asFrame(h, MFA_API_PATHS.totpVerify, alice.token, { code: value });
    const sms = (value: string) => asFrame(h, MFA_API_PATHS.smsVerify, alice.token, { code: value });
    expectError(await totp('111111'), 422, 'invalid_mfa_code');
    expectError(await totp('111112'), 422, 'invalid_mfa_code');
    expect((await asFrame(h, MFA_API_PATHS.smsInit, alice.token, { action: 'verify' })).statusCode).toBe(200);
    expectError(await sms('111113'), 422, 'invalid_mfa_code');
    expectError(await totp('111114'), 403, 'mfa_verification_max_attempts_reached');
    expectError(
      await totp(authenticatorCode(secret, h.clock.now())),
      403,
      'mfa_verification_max_attempts_reached',
    );
  });

  it('answers twilio_verification_failed when the SMS is not sent', async () => {
    twilio.failures.push({ status: 400, code: 21211, message: "The 'To' number is not valid." });
    const init = await asFrame(h, MFA_API_PATHS.smsInit, alice.token, {
      action: 'enroll',
      phoneNumber: PHONE,
    });
    expectError(init, 503, 'twilio_verification_failed');
  });

  it('is not offered to a user who logs in with a phone number', async () => {
    await h.server.gatehouse.apps.update(h.appId, [{ field: 'sms_auth', value: true }]);
    const since = twilio.messages.length;
    await h.post('/api/v1/passwordless_sms/init', { phoneNumber: PHONE });
    const code = await twilio.codeFor(PHONE, since);
    const phoneUser = (
      await h.post('/api/v1/passwordless_sms/authenticate', { phoneNumber: PHONE, code })
    ).json();
    const init = await asFrame(h, MFA_API_PATHS.smsInit, phoneUser.token, {
      action: 'enroll',
      phoneNumber: PHONE,
    });
    expectError(init, 403, 'disallowed_login_method');
  });
});

describe('MFA configuration and callers', () => {
  it('offers the methods the app sets (gatehouse apps set mfa.methods=…), in the configuration the widget reads', async () => {
    const env = h.database.env;
    const set = await runCliCaptured(env, [
      'apps',
      'set',
      h.appId,
      'mfa.methods=totp',
      'no_prompt_on_mfa_required=true',
    ]);
    expect(set.code, set.stderr).toBe(0);
    const config = (
      await h.inject({ method: 'GET', url: `/api/v1/apps/${h.appId}`, headers: { origin: ORIGIN } })
    ).json<AppConfigWire>();
    expect(config).toMatchObject({ mfa_methods: ['totp'], no_prompt_on_mfa_required: true });
    const sms = await asFrame(h, MFA_API_PATHS.smsInit, alice.token, {
      action: 'enroll',
      phoneNumber: '+14155550123',
    });
    expectError(sms, 403, 'disallowed_login_method');
    expect(sms.json().message).toBe('This MFA method is not enabled for this app.');
  });

  it('answers no host page: the app origin and any other are refused', async () => {
    for (const origin of [ORIGIN, 'https://evil.example']) {
      const response = await h.post(
        MFA_API_PATHS.totpInit,
        {},
        { authorization: `Bearer ${alice.token}`, origin },
      );
      expectError(response, 403, 'invalid_origin');
    }
    expectError(await asFrame(h, MFA_API_PATHS.totpInit, 'not-a-token'), 401, 'missing_or_invalid_token');
    expectError(
      await asFrame(h, MFA_API_PATHS.unenroll, alice.token, { method: 'fax' }),
      400,
      'invalid_data',
    );
    expectError(
      await asFrame(h, MFA_API_PATHS.totpVerify, alice.token, { code: 123456 }),
      400,
      'invalid_data',
    );
  });
});
