import { verifyMessage } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserWire } from '../../src/protocol/api.js';
import { MFA_TEXT } from '../../src/protocol/mfa-text.js';
import type { WalletRpcRequest } from '../../src/protocol/wallet-frame.js';
import { TwilioPeer, twilioAccount } from '../support/twilio.js';
import { frameHost, type Posted } from './frame-host.js';
import type { Harness } from './harness.js';
import { authenticatorCode, startMfaHarness } from './mfa-support.js';

/**
 * The wallet frame with MFA, against the provider: the host asks through the mfa:* messages, the
 * frame keeps the proof, and every wallet action of a user with MFA waits for a verification —
 * also when the frame still has the key in memory.
 */
const account = twilioAccount();
let twilio: TwilioPeer;
let h: Harness;
const wire: string[] = [];
const posted: Posted[] = [];
let openFrame: ReturnType<typeof frameHost>;
let alice: { token: string; user: UserWire };

beforeAll(async () => {
  twilio = new TwilioPeer(account);
  await twilio.start();
  h = await startMfaHarness(twilio, account);
  openFrame = frameHost(() => h, { wire, posted, now: () => h.clock.now() });
  alice = await h.login('alice@example.com');
});
afterAll(async () => {
  await h.close();
  await twilio.stop();
});

const sign = (text: string, address: string): WalletRpcRequest => ({
  method: 'personal_sign',
  params: [text, address],
});

/** The next authenticator code after the last one used (a used step is refused). */
function nextCode(secret: string): string {
  h.clock.advance(30_000);
  return authenticatorCode(secret, h.clock.now());
}

describe('MFA in the wallet frame', () => {
  it('enrols, then gates signing, recovery and set-password on a verification, cached key or not', async () => {
    const device = openFrame();
    let accessToken = alice.token;
    const created = await device.request('wallet:create', { accessToken });
    const address = created.data?.address as string;
    // Signing before MFA: the key is in the frame's memory from now on.
    const before = await device.request('wallet:rpc', {
      accessToken,
      address,
      request: sign('before', address),
    });
    expect(verifyMessage('before', before.data?.response.data as string)).toBe(address);

    const init = await device.request('mfa:init-enrollment', { accessToken, method: 'totp' });
    expect(init.data).toMatchObject({
      method: 'totp',
      authUrl: expect.stringMatching(/^otpauth:\/\/totp\//),
    });
    const secret = (init.data as { secret: string }).secret;
    const wrong = await device.request('mfa:submit-enrollment', {
      accessToken,
      method: 'totp',
      code: '000000',
    });
    expect(wrong.error).toEqual({ type: 'missing_or_invalid_mfa', message: MFA_TEXT.invalidCode });
    const enrolled = await device.request('mfa:submit-enrollment', {
      accessToken,
      method: 'totp',
      code: authenticatorCode(secret, h.clock.now()),
    });
    expect(enrolled.data?.user.mfa_methods).toMatchObject([{ type: 'totp' }]);
    expect(enrolled.data?.expiresAt).toBe(Math.floor((h.clock.now() + 15 * 60_000) / 1000) * 1000);

    // mfa:clear drops the proof: the cached key is not used, the provider asks for MFA.
    expect((await device.request('mfa:clear', {})).data).toEqual({ cleared: true });
    const gated = await device.request('wallet:rpc', {
      accessToken,
      address,
      request: sign('gated', address),
    });
    expect(gated.error?.type).toBe('missing_or_invalid_mfa');
    // Connecting stays possible (the device share is here); the key waits for the verification.
    expect((await device.request('wallet:connect', { accessToken, address })).data).toEqual({ address });

    const verified = await device.request('mfa:verify', {
      accessToken,
      method: 'totp',
      code: nextCode(secret),
    });
    expect(verified.data).toMatchObject({ method: 'totp', status: 'verified' });
    const after = await device.request('wallet:rpc', {
      accessToken,
      address,
      request: sign('after', address),
    });
    expect(verifyMessage('after', after.data?.response.data as string)).toBe(address);

    // The proof runs out after 15 minutes: so does the key rebuilt under it.
    h.clock.advance(15 * 60_000);
    const expired = await device.request('wallet:rpc', {
      accessToken,
      address,
      request: sign('late', address),
    });
    expect(expired.error?.type).toBe('missing_or_invalid_mfa');

    // A fresh browser recovers only after a fresh login (this one is 15 minutes old)…
    const fresh = openFrame();
    expect((await fresh.request('wallet:recover', { accessToken, address })).error?.type).toBe(
      'recent_login_required',
    );
    accessToken = (await h.login('alice@example.com')).token;
    // …and a verification of its own.
    expect((await fresh.request('wallet:recover', { accessToken, address })).error?.type).toBe(
      'missing_or_invalid_mfa',
    );
    expect(fresh.store.values.size).toBe(0);
    await fresh.request('mfa:verify', { accessToken, method: 'totp', code: nextCode(secret) });
    expect((await fresh.request('wallet:recover', { accessToken, address })).data).toEqual({ address });

    // Setting a password: refused after mfa:clear, done after a verification.
    await fresh.request('mfa:clear', {});
    const password = { accessToken, address, recoveryPassword: 'correct-horse-42' };
    expect((await fresh.request('wallet:set-recovery-password', password)).error?.type).toBe(
      'missing_or_invalid_mfa',
    );
    await fresh.request('mfa:verify', { accessToken, method: 'totp', code: nextCode(secret) });
    expect((await fresh.request('wallet:set-recovery-password', password)).data).toMatchObject({
      recoveryMethod: 'user-passcode',
    });

    // Removing the method needs a fresh verification; then signing needs none.
    h.clock.advance(6 * 60_000);
    expect((await fresh.request('mfa:unenroll', { accessToken, method: 'totp' })).error?.type).toBe(
      'missing_or_invalid_mfa',
    );
    await fresh.request('mfa:verify', { accessToken, method: 'totp', code: nextCode(secret) });
    const removed = await fresh.request('mfa:unenroll', { accessToken, method: 'totp' });
    expect(removed.data).toMatchObject({ method: 'totp', user: { mfa_methods: [] } });
    await fresh.request('mfa:clear', {});
    const free = await fresh.request('wallet:rpc', { accessToken, address, request: sign('free', address) });
    expect(verifyMessage('free', free.data?.response.data as string)).toBe(address);

    // No proof ever reached the host page, and every message went to the host origin only.
    const proofs = wire.flatMap((body) => {
      const match = /"proof":"([\w-]+)"/.exec(body);
      return match?.[1] ? [match[1]] : [];
    });
    expect(proofs.length).toBeGreaterThan(3);
    const toHost = posted.map((p) => JSON.stringify(p.message)).join('\n');
    for (const proof of proofs) expect(toHost).not.toContain(proof);
    expect(new Set(posted.map((p) => p.targetOrigin))).toEqual(new Set(['https://host.example']));
  }, 120_000);

  it('verifies by SMS through the frame, and reports the §8 wallet error types', async () => {
    const bob = await h.login('bob@example.com');
    const accessToken = bob.token;
    const frame = openFrame();
    const phoneNumber = '+14155550199';
    let since = twilio.messages.length;
    const init = await frame.request('mfa:init-enrollment', { accessToken, method: 'sms', phoneNumber });
    expect(init.data).toEqual({ method: 'sms', status: 'code_sent' });
    const enrolCode = await twilio.codeFor(phoneNumber, since);
    const enrolled = await frame.request('mfa:submit-enrollment', {
      accessToken,
      method: 'sms',
      phoneNumber,
      code: enrolCode,
    });
    expect(enrolled.data?.user.mfa_methods).toMatchObject([{ type: 'sms' }]);

    since = twilio.messages.length;
    expect((await frame.request('mfa:verify', { accessToken, method: 'sms' })).data).toEqual({
      method: 'sms',
      status: 'code_sent',
    });
    const code = await twilio.codeFor(phoneNumber, since);
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      const wrong = await frame.request('mfa:verify', { accessToken, method: 'sms', code: '000001' });
      expect(wrong.error).toEqual({ type: 'missing_or_invalid_mfa', message: MFA_TEXT.invalidCode });
    }
    const fourth = await frame.request('mfa:verify', { accessToken, method: 'sms', code: '000001' });
    expect(fourth.error?.type).toBe('mfa_verification_max_attempts_reached');
    const locked = await frame.request('mfa:verify', { accessToken, method: 'sms', code });
    expect(locked.error?.type).toBe('mfa_verification_max_attempts_reached');

    h.clock.advance(10_000);
    twilio.failures.push({ status: 500, code: 30008, message: 'Unknown error' });
    const failed = await frame.request('mfa:verify', { accessToken, method: 'sms' });
    expect(failed.error?.type).toBe('twilio_verification_failed');

    // A code entered after the wait of §9 (300 s): mfa_timeout.
    since = twilio.messages.length;
    await frame.request('mfa:verify', { accessToken, method: 'sms' });
    const late = await twilio.codeFor(phoneNumber, since);
    h.clock.advance(300_001);
    const timedOut = await frame.request('mfa:verify', { accessToken, method: 'sms', code: late });
    expect(timedOut.error?.type).toBe('mfa_timeout');

    for (const bad of [
      { accessToken, method: 'passkey' },
      { accessToken: '', method: 'totp' },
      { accessToken, method: 'totp' },
    ]) {
      const reply = await frame.request('mfa:verify', bad as never);
      expect(reply.error?.type).toBe('invalid_request_arguments');
    }
    expect(
      (await frame.request('mfa:verify', { accessToken, method: 'passkey' } as never)).error?.message,
    ).toBe(MFA_TEXT.unsupportedMethod);
    expect((await frame.request('mfa:init-enrollment', { method: 'totp' } as never)).error?.message).toBe(
      MFA_TEXT.tokenRequired,
    );
  });

  it("drops the proof for another session's token", async () => {
    const carol = await h.login('carol@example.com');
    const frame = openFrame();
    const created = await frame.request('wallet:create', { accessToken: carol.token });
    const address = created.data?.address as string;
    const init = await frame.request('mfa:init-enrollment', { accessToken: carol.token, method: 'totp' });
    const secret = (init.data as { secret: string }).secret;
    await frame.request('mfa:submit-enrollment', {
      accessToken: carol.token,
      method: 'totp',
      code: authenticatorCode(secret, h.clock.now()),
    });
    const other = await h.login('carol@example.com');
    const refused = await frame.request('wallet:rpc', {
      accessToken: other.token,
      address,
      request: sign('x', address),
    });
    expect(refused.error?.type).toBe('missing_or_invalid_mfa');
    // The proof of the first session went with the switch: the first token is asked again too.
    const again = await frame.request('wallet:rpc', {
      accessToken: carol.token,
      address,
      request: sign('y', address),
    });
    expect(again.error?.type).toBe('missing_or_invalid_mfa');
  });
});
