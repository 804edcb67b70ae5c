import { describe, expect, it } from 'vitest';
import { DeviceHandlers } from '../../../src/frame/device-handlers.js';
import { frameHandlers, startFrame, toFrameError } from '../../../src/frame/messaging.js';
import type { MfaClient } from '../../../src/frame/mfa-client.js';
import { FrameMfa } from '../../../src/frame/mfa-service.js';
import { MfaSession } from '../../../src/frame/mfa-session.js';
import { WalletApiError } from '../../../src/frame/wallet-api.js';
import { WalletService } from '../../../src/frame/wallet-service.js';
import { MFA_TEXT } from '../../../src/protocol/mfa-text.js';
import { WALLET_FRAME_SOURCE } from '../../../src/protocol/wallet-frame.js';
import { frameWindow, HOST } from '../helpers/frame-window.js';

const NOW = 1_700_000_000_000;

/** An access token as the provider makes it (only its claims matter to the frame). */
function token(sub: string, sid: string, exp = NOW / 1000 + 3600): string {
  const part = (value: object) => btoa(JSON.stringify(value)).replaceAll('=', '');
  return `${part({ alg: 'ES256' })}.${part({ sub, sid, exp })}.signature`;
}

const alice = token('did:gatehouse:alice', 's1');

/** The provider's `mfa/*` endpoints as the frame sees them: what they were asked, what they answer. */
function recordingClient() {
  const calls: unknown[][] = [];
  let serial = 0;
  const proof = () => {
    serial += 1;
    return { proof: `proof-${serial}`, expires_at: NOW / 1000 + 900 };
  };
  const user = { id: 'u1', created_at: 0, linked_accounts: [], mfa_methods: [], has_accepted_terms: false };
  /** Records the call, then answers. */
  const answer =
    <A extends unknown[], R>(name: string, reply: () => R) =>
    async (...args: A): Promise<R> => {
      calls.push([name, ...args]);
      return reply();
    };
  const client: MfaClient = {
    sendVerificationSms: answer('sendVerificationSms', () => undefined),
    sendEnrolmentSms: answer('sendEnrolmentSms', () => undefined),
    enrollSms: answer('enrollSms', () => ({ user, ...proof() })),
    initTotp: answer('initTotp', () => ({ authUrl: 'otpauth://totp/x', secret: 'ABC' })),
    enrollTotp: answer('enrollTotp', () => ({ user, ...proof() })),
    verify: answer('verify', proof),
    unenroll: answer('unenroll', () => ({ user })),
  };
  return { calls, client };
}

describe('the frame MFA session', () => {
  it('keeps the proof for the session that verified, drops it for another session, on expiry and on clear', () => {
    let now = NOW;
    const session = new MfaSession(() => now);
    const changes: string[] = [];
    session.onChange(() => changes.push('changed'));
    expect(session.keep(alice, { proof: 'p1', expires_at: NOW / 1000 + 900 })).toBe(NOW + 900_000);
    expect(session.proofFor(alice)).toBe('p1');
    // A refreshed token of the same session keeps it.
    expect(session.proofFor(token('did:gatehouse:alice', 's1', NOW / 1000 + 7200))).toBe('p1');
    expect(session.proofFor(token('did:gatehouse:alice', 's2'))).toBeUndefined();
    expect(session.proofFor(alice)).toBeUndefined();

    session.keep(alice, { proof: 'p2', expires_at: NOW / 1000 + 900 });
    expect(session.proofFor(token('did:gatehouse:bob', 's1'))).toBeUndefined();
    session.keep(alice, { proof: 'p3', expires_at: NOW / 1000 + 900 });
    now += 900_000;
    expect(session.proofFor(alice)).toBeUndefined();
    session.keep(alice, { proof: 'p4', expires_at: now / 1000 + 900 });
    session.clear();
    expect(session.proofFor(alice)).toBeUndefined();
    // Each keep and each drop: p1, s2, p2, bob, p3, expiry, p4, clear.
    expect(changes).toHaveLength(8);
  });
});

describe('the mfa:* handlers', () => {
  it('texts a code, verifies, and sends the kept proof where a proof is wanted', async () => {
    const { calls, client } = recordingClient();
    const session = new MfaSession(() => NOW);
    const mfa = new FrameMfa(client, session);
    expect(await mfa.verify({ accessToken: alice, method: 'sms' })).toEqual({
      method: 'sms',
      status: 'code_sent',
    });
    expect(await mfa.verify({ accessToken: alice, method: 'sms', code: ' 123456 ' })).toEqual({
      method: 'sms',
      status: 'verified',
      expiresAt: NOW + 900_000,
    });
    expect(await mfa.initEnrollment({ accessToken: alice, method: 'totp' })).toEqual({
      method: 'totp',
      authUrl: 'otpauth://totp/x',
      secret: 'ABC',
    });
    await mfa.initEnrollment({ accessToken: alice, method: 'sms', phoneNumber: '+14155550123' });
    await mfa.unenroll({ accessToken: alice, method: 'sms' });
    expect(calls).toEqual([
      ['sendVerificationSms', alice],
      ['verify', alice, 'sms', '123456'],
      ['initTotp', alice, 'proof-1'],
      ['sendEnrolmentSms', alice, '+14155550123', 'proof-1'],
      ['unenroll', alice, 'sms', 'proof-1'],
    ]);
    const enrolled = await mfa.submitEnrollment({ accessToken: alice, method: 'totp', code: '654321' });
    expect(enrolled).toMatchObject({ method: 'totp', expiresAt: NOW + 900_000 });
    expect(session.proofFor(alice)).toBe('proof-2');
    expect(await mfa.clear()).toEqual({ cleared: true });
    expect(session.proofFor(alice)).toBeUndefined();
  });

  it.each([
    [{ accessToken: alice, method: 'passkey' }, MFA_TEXT.unsupportedMethod],
    [{ accessToken: '', method: 'totp', code: '123456' }, MFA_TEXT.tokenRequired],
    [{ method: 'totp' }, MFA_TEXT.tokenRequired],
    [{ accessToken: alice, method: 'totp' }, 'code is required.'],
    [null, MFA_TEXT.tokenRequired],
  ])('refuses %j with invalid_request_arguments', async (data, message) => {
    const mfa = new FrameMfa(recordingClient().client, new MfaSession());
    await expect(mfa.verify(data as never)).rejects.toThrow(message);
    const error = await mfa.verify(data as never).catch((caught: unknown) => caught);
    expect(toFrameError(error)).toEqual({ type: 'invalid_request_arguments', message });
  });

  it('needs the phone number for SMS enrolment', async () => {
    const mfa = new FrameMfa(recordingClient().client, new MfaSession());
    await expect(mfa.initEnrollment({ accessToken: alice, method: 'sms' })).rejects.toThrow(
      'phoneNumber is required.',
    );
    await expect(mfa.submitEnrollment({ accessToken: alice, method: 'sms', code: '123456' })).rejects.toThrow(
      'phoneNumber is required.',
    );
  });
});

describe('MFA errors in replies (§8)', () => {
  it('maps the provider refusals to the wallet error types', () => {
    expect(toFrameError(new WalletApiError(422, 'invalid_mfa_code', 'x'))).toEqual({
      type: 'missing_or_invalid_mfa',
      message: MFA_TEXT.invalidCode,
    });
    for (const code of [
      'missing_or_invalid_mfa',
      'mfa_verification_max_attempts_reached',
      'mfa_timeout',
      'twilio_verification_failed',
      'recent_login_required',
    ]) {
      expect(toFrameError(new WalletApiError(403, code, 'why'))).toEqual({ type: code, message: 'why' });
    }
    const limited = toFrameError(new WalletApiError(429, 'too_many_requests', 'Too many requests.'));
    expect(limited.type).toBe('error');
    expect(limited.message).toContain('code 429');
  });
});

describe('the mfa:* messages on the frame channel', () => {
  it('acts only on its parent at the host origin, and answers there', async () => {
    const { win, parent, posted, deliver } = frameWindow();
    const { calls, client } = recordingClient();
    const session = new MfaSession(() => NOW);
    const wallet = new WalletService({ appId: 'app', store: {} as never, api: {} as never, mfa: session });
    const devices = new DeviceHandlers({ appId: 'app', store: {} as never, api: {} as never, mfa: session });
    startFrame(win, HOST, frameHandlers(wallet, new FrameMfa(client, session), devices));
    const verify = {
      source: WALLET_FRAME_SOURCE,
      id: 'v1',
      type: 'mfa:verify',
      data: { accessToken: alice, method: 'totp', code: '123456' },
    };
    deliver(verify, parent, 'https://evil.example');
    deliver(verify, {}, HOST);
    deliver({ ...verify, id: 'c1', type: 'mfa:clear', data: {} }, parent, 'https://evil.example');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toEqual([]);
    deliver(verify);
    deliver({ ...verify, id: 'c1', type: 'mfa:clear', data: {} });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(posted.slice(1)).toEqual([
      {
        message: {
          source: WALLET_FRAME_SOURCE,
          id: 'v1',
          type: 'mfa:verify',
          data: { method: 'totp', status: 'verified', expiresAt: NOW + 900_000 },
        },
        targetOrigin: HOST,
      },
      {
        message: { source: WALLET_FRAME_SOURCE, id: 'c1', type: 'mfa:clear', data: { cleared: true } },
        targetOrigin: HOST,
      },
    ]);
    expect(session.proofFor(alice)).toBeUndefined();
  });
});
