/**
 * The frame's MFA (§4.8, protocol/mfa-frame.ts): the proof kept in the frame only, enrolment with
 * the authenticator's secret and every code in the surface, removal after the verification the
 * provider asks for, and the mfa:* messages on the frame's channel.
 */
import { describe, expect, it, vi } from 'vitest';
import { DeviceHandlers } from '../../../src/frame/device-handlers.js';
import { frameHandlers } from '../../../src/frame/handlers.js';
import { startFrame, toFrameError } from '../../../src/frame/messaging.js';
import { FrameMfa } from '../../../src/frame/mfa-service.js';
import { MfaSession } from '../../../src/frame/mfa-session.js';
import { quietScope } from '../../../src/frame/request-scope.js';
import { WalletApiError } from '../../../src/frame/wallet-api.js';
import { WalletService } from '../../../src/frame/wallet-service.js';
import { MFA_TEXT } from '../../../src/protocol/mfa-text.js';
import { WALLET_FRAME_SOURCE } from '../../../src/protocol/wallet-frame.js';
import { frameWindow, HOST } from '../helpers/frame-window.js';
import { surfaceChannel } from '../helpers/surface-channel.js';
import { alice, NOW, newSession, recordingProvider, token, userScope } from './mfa-support.js';

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

describe('mfa:enroll in the surface', () => {
  it("totp: the secret and QR code shown in the surface only, the code typed there; a wrong one stays with §8's text", async () => {
    const session = newSession();
    const { calls, client, demands } = recordingProvider(session);
    const mfa = new FrameMfa(client, session, demands);
    const { scope, shows, act, user, announced } = userScope();
    const enrolled = mfa.enroll({ accessToken: alice, method: 'totp' }, scope);
    const shown = await shows('mfa-enroll');
    expect(announced[0]?.kind).toBe('mfa-enroll');
    expect(shown.view).toEqual({
      kind: 'mfa-enroll',
      method: 'totp',
      authUrl: 'otpauth://totp/Acme:alice?secret=ABC',
      secret: 'ABC',
    });
    act({ type: 'code', code: ' 000000 ' });
    // In English, with the code a surface in another language says it by.
    await vi.waitFor(() =>
      expect(user.latest(announced[0]!.id)?.state).toEqual({
        busy: false,
        error: MFA_TEXT.invalidCode,
        code: 'invalid_mfa_code',
      }),
    );
    act({ type: 'approve' }); // not a code: nothing happens
    act({ type: 'code', code: '654321' });
    const reply = await enrolled;
    expect(reply).toMatchObject({ method: 'totp', expiresAt: NOW + 900_000 });
    expect(JSON.stringify(reply)).not.toMatch(/ABC|proof-/);
    expect(session.proofFor(alice)).toBe('proof-1');
    expect(calls).toEqual([
      ['initTotp', alice, undefined],
      ['enrollTotp', alice, '000000', undefined],
      ['enrollTotp', alice, '654321', undefined],
    ]);
  });

  it('sms: a code texted to the number the host gave, Resend in the surface, the code typed there; the number is needed', async () => {
    const session = newSession();
    const { calls, client, demands } = recordingProvider(session);
    const mfa = new FrameMfa(client, session, demands);
    const { scope, shows, act } = userScope();
    const enrolled = mfa.enroll({ accessToken: alice, method: 'sms', phoneNumber: ' +14155550123 ' }, scope);
    expect((await shows('mfa-enroll')).view).toEqual({
      kind: 'mfa-enroll',
      method: 'sms',
      phoneNumber: '+14155550123',
    });
    act({ type: 'resend' });
    await vi.waitFor(() => expect(calls.filter((c) => c[0] === 'sendEnrolmentSms')).toHaveLength(2));
    act({ type: 'code', code: '123456' });
    expect(await enrolled).toMatchObject({ method: 'sms' });
    expect(calls.at(-1)).toEqual(['enrollSms', alice, '+14155550123', '123456', undefined]);
    await expect(mfa.enroll({ accessToken: alice, method: 'sms' }, quietScope)).rejects.toThrow(
      'phoneNumber is required.',
    );
  });

  it("a wallet's step-up first, in the same surface: 'verify' (change), a factor, its code; then the enrolment", async () => {
    const session = newSession();
    const { calls, client, demands, state } = recordingProvider(session);
    state.stepUpFor.add('initTotp');
    const mfa = new FrameMfa(client, session, demands);
    const { scope, shows, act, announced, user } = userScope();
    const enrolled = mfa.enroll({ accessToken: alice, method: 'totp' }, scope);
    const verify = await shows('verify');
    expect(announced[0]).toMatchObject({ kind: 'verify', purpose: 'change' });
    expect(verify.view).toMatchObject({
      purpose: 'change',
      action: 'mfa_enroll',
      account: { type: 'totp', label: 'Authenticator app' },
      factor: null,
      sentTo: null,
    });
    // A factor not usable yet (linked too recently) is listed but cannot be picked.
    act({ type: 'factor', factor: 'phone' });
    act({ type: 'factor', factor: 'email' });
    await vi.waitFor(() => expect(user.latest(announced[0]!.id)?.view).toMatchObject({ factor: 'email' }));
    expect(user.latest(announced[0]!.id)?.view).toMatchObject({ sentTo: 'a•••@example.com' });
    act({ type: 'code', code: '999999' });
    await vi.waitFor(() => expect(user.latest(announced[0]!.id)?.state.error).toBe(MFA_TEXT.invalidCode));
    act({ type: 'code', code: '111111' });
    await shows('mfa-enroll');
    act({ type: 'code', code: '654321' });
    await enrolled;
    expect(calls.map((c) => c[0])).toEqual([
      'initTotp',
      'stepUp.send',
      'stepUp.verify',
      'stepUp.verify',
      'initTotp',
      'enrollTotp',
    ]);
  });

  it('a quiet request never shows the secret: it fails with user_action_required', async () => {
    const session = newSession();
    const { client, demands } = recordingProvider(session);
    const mfa = new FrameMfa(client, session, demands);
    const error = await mfa.enroll({ accessToken: alice, method: 'totp' }, quietScope).catch((e) => e);
    expect(toFrameError(error).type).toBe('user_action_required');
  });

  it.each([
    [{ accessToken: alice, method: 'fax' }, MFA_TEXT.unsupportedMethod],
    [{ accessToken: '', method: 'totp' }, MFA_TEXT.tokenRequired],
    [{ method: 'totp' }, MFA_TEXT.tokenRequired],
    [null, MFA_TEXT.tokenRequired],
  ])('refuses %j with invalid_request_arguments', async (data, message) => {
    const session = new MfaSession();
    const { client, demands } = recordingProvider(session);
    const mfa = new FrameMfa(client, session, demands);
    for (const call of [
      () => mfa.enroll(data as never, quietScope),
      () => mfa.unenroll(data as never, quietScope),
    ]) {
      const error = await call().catch((caught: unknown) => caught);
      expect(toFrameError(error)).toEqual({ type: 'invalid_request_arguments', message });
    }
  });
});

describe('mfa:unenroll', () => {
  it('the verification the provider asks for, in the surface (the one authenticator picked), then the removal with the proof', async () => {
    const session = newSession();
    const { calls, client, demands, state } = recordingProvider(session);
    state.mfaFor.add('unenroll');
    const mfa = new FrameMfa(client, session, demands);
    const { scope, shows, act, announced } = userScope();
    const removed = mfa.unenroll({ accessToken: alice, method: 'sms' }, scope);
    expect((await shows('verify')).view).toMatchObject({
      purpose: 'mfa',
      factors: [{ id: 'totp', label: '' }],
      factor: 'totp',
    });
    expect(announced[0]).toMatchObject({ kind: 'verify', purpose: 'mfa' });
    act({ type: 'code', code: '123456' });
    expect(await removed).toMatchObject({ method: 'sms', user: { id: 'u1' } });
    expect(calls).toEqual([
      ['unenroll', alice, 'sms', undefined],
      ['verify', alice, 'totp', '123456'],
      ['unenroll', alice, 'sms', 'proof-1'],
    ]);
    expect(await mfa.clear()).toEqual({ cleared: true });
    expect(session.proofFor(alice)).toBeUndefined();
  });
});

describe('MFA errors in replies (§8)', () => {
  it('maps the provider refusals to the wallet error types', () => {
    expect(toFrameError(new WalletApiError(422, 'invalid_mfa_code', 'x'))).toEqual({
      type: 'missing_or_invalid_mfa',
      message: MFA_TEXT.invalidCode,
    });
    for (const code of ['missing_or_invalid_mfa', 'twilio_verification_failed']) {
      expect(toFrameError(new WalletApiError(403, code, 'why'))).toEqual({ type: code, message: 'why' });
    }
    // A verification the provider ended: §8's text for it, which the host's screen shows.
    expect(toFrameError(new WalletApiError(403, 'mfa_verification_max_attempts_reached', 'why'))).toEqual({
      type: 'mfa_verification_max_attempts_reached',
      message: MFA_TEXT.maxAttempts,
    });
    expect(toFrameError(new WalletApiError(403, 'mfa_timeout', 'why'))).toEqual({
      type: 'mfa_timeout',
      message: MFA_TEXT.timedOut,
    });
    // A recent login proves nothing any more: no wallet error type of its own.
    expect(toFrameError(new WalletApiError(403, 'recent_login_required', 'why'))).toEqual({
      type: 'error',
      message: 'why',
    });
    const limited = toFrameError(new WalletApiError(429, 'too_many_requests', 'Too many requests.'));
    expect(limited.type).toBe('error');
    expect(limited.message).toContain('code 429');
  });
});

describe('the mfa:* messages on the frame channel', () => {
  it('acts only on its parent at the host origin, and answers there', async () => {
    const { win, parent, posted, deliver } = frameWindow();
    const session = newSession();
    const { calls, client, demands } = recordingProvider(session);
    session.keep(alice, { proof: 'kept', expires_at: NOW / 1000 + 900 });
    const deps = { appId: 'app', store: {} as never, api: {} as never, mfa: session };
    const wallet = new WalletService({ ...deps, demands, enforceWalletUis: true, forget: () => undefined });
    const devices = new DeviceHandlers(deps);
    const handlers = frameHandlers(wallet, new FrameMfa(client, session, demands), devices);
    startFrame(win, HOST, handlers, surfaceChannel().hub);
    const unenroll = {
      source: WALLET_FRAME_SOURCE,
      id: 'u1',
      type: 'mfa:unenroll',
      data: { accessToken: alice, method: 'totp' },
    };
    deliver(unenroll, parent, 'https://evil.example');
    deliver(unenroll, {}, HOST);
    deliver({ ...unenroll, id: 'c1', type: 'mfa:clear', data: {} }, parent, 'https://evil.example');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toEqual([]);
    expect(session.proofFor(alice)).toBe('kept');
    deliver(unenroll);
    deliver({ ...unenroll, id: 'c1', type: 'mfa:clear', data: {} });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(posted.slice(1)).toEqual([
      {
        message: {
          source: WALLET_FRAME_SOURCE,
          id: 'u1',
          type: 'mfa:unenroll',
          data: { method: 'totp', user: expect.objectContaining({ id: 'u1' }) },
        },
        targetOrigin: HOST,
      },
      {
        message: { source: WALLET_FRAME_SOURCE, id: 'c1', type: 'mfa:clear', data: { cleared: true } },
        targetOrigin: HOST,
      },
    ]);
    expect(calls).toEqual([['unenroll', alice, 'totp', 'kept']]);
    expect(session.proofFor(alice)).toBeUndefined();
  });
});
