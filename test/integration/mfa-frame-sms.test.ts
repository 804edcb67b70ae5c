import { verifyMessage } from 'ethers';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MFA_TEXT } from '../../src/protocol/mfa-text.js';
import { SURFACE_MESSAGES } from '../../src/protocol/surface.js';
import { TwilioPeer, twilioAccount } from '../support/twilio.js';
import { frameHost, type SurfaceUser } from './frame-host.js';
import type { Harness } from './harness.js';
import { startMfaHarness } from './mfa-support.js';
import type { SurfaceSession } from './surface-peer.js';

/**
 * SMS as the second factor through the wallet frame: the enrolment code and every verification
 * code are typed in the surface, never given by the host page. What the host still learns are the
 * §8 wallet error types: a send that failed, too many wrong codes (three stay on the surface, the
 * fourth ends the request), a code typed too late; and bad requests with §8's texts.
 */
const account = twilioAccount();
const TWILIO_DOWN = { status: 500, code: 30008, message: 'Unknown error' };
let twilio: TwilioPeer;
let h: Harness;
let openFrame: ReturnType<typeof frameHost>;

beforeAll(async () => {
  twilio = new TwilioPeer(account);
  await twilio.start();
  h = await startMfaHarness(twilio, account);
  openFrame = frameHost(() => h, { now: () => h.clock.now() });
});
afterEach(() => {
  twilio.failures.length = 0;
});
afterAll(async () => {
  await h.close();
  await twilio.stop();
});

/** Logs `email` in, enrols `phoneNumber` through the frame (the texted code typed in the surface), then makes the wallet. */
async function withSmsAndWallet(email: string, phoneNumber: string) {
  const login = await h.login(email);
  const frame = openFrame();
  const since = twilio.messages.length;
  const typeTexted: SurfaceUser = async (surface) => {
    const { view } = await surface.kind('mfa-enroll');
    expect(view).toEqual({ kind: 'mfa-enroll', method: 'sms', phoneNumber });
    surface.act({ type: 'code', code: await twilio.codeFor(phoneNumber, since) });
  };
  const enrolled = await frame.request(
    'mfa:enroll',
    { accessToken: login.token, method: 'sms', phoneNumber },
    { user: typeTexted },
  );
  expect(enrolled.data?.user.mfa_methods).toMatchObject([{ type: 'sms' }]);
  await frame.request('mfa:clear', {});
  const created = await frame.request('wallet:create', { accessToken: login.token });
  const address = created.data?.address as string;
  /** A signature whose surface `user` handles after approving its review (the MFA gate next). */
  const sign = (user: SurfaceUser) =>
    frame.request(
      'wallet:rpc',
      { accessToken: login.token, address, request: { method: 'personal_sign', params: ['sms', address] } },
      {
        user: async (surface) => {
          await surface.kind('sign-message');
          surface.act({ type: 'approve' });
          const { view } = await surface.kind('verify');
          expect(view).toMatchObject({ purpose: 'mfa', factors: [{ id: 'sms' }], factor: null });
          await user(surface);
        },
      },
    );
  return { login, frame, address, sign };
}

/** How many views of the frame's surfaces showed `error`. */
const shown = (frame: ReturnType<typeof openFrame>, error: string) =>
  frame.channel.received.filter((m) => m.type === SURFACE_MESSAGES.view && m.state.error === error).length;

/** Picks SMS on the verify view and waits for the code to be sent; the texted code. */
async function textedCode(surface: SurfaceSession, phoneNumber: string): Promise<string> {
  const since = twilio.messages.length;
  surface.act({ type: 'factor', factor: 'sms' });
  await surface.waitFor((view) => view.kind === 'verify' && view.sentTo !== null);
  return twilio.codeFor(phoneNumber, since);
}

describe('SMS MFA in the wallet frame', () => {
  it('ends a verification at the fourth wrong code (three stay on the surface), and one typed too late', async () => {
    const phoneNumber = '+14155550199';
    const { frame, address, sign } = await withSmsAndWallet('bob@example.com', phoneNumber);
    const wrongCodes = await sign(async (surface) => {
      await textedCode(surface, phoneNumber);
      for (let attempt = 1; attempt <= 3; attempt += 1) {
        surface.act({ type: 'code', code: '000001' });
        await expect.poll(() => shown(frame, MFA_TEXT.invalidCode)).toBe(attempt);
      }
      surface.act({ type: 'code', code: '000001' });
    });
    expect(wrongCodes.error?.type).toBe('mfa_verification_max_attempts_reached');

    // After the lock, a code typed after the wait of §9 (300 s): mfa_timeout.
    h.clock.advance(10_000);
    const late = await sign(async (surface) => {
      const code = await textedCode(surface, phoneNumber);
      h.clock.advance(300_001);
      surface.act({ type: 'code', code });
    });
    expect(late.error?.type).toBe('mfa_timeout');

    // Once the lock is over, the right code signs.
    h.clock.advance(30_000);
    const signed = await sign(async (surface) => {
      surface.act({ type: 'code', code: await textedCode(surface, phoneNumber) });
    });
    expect(verifyMessage('sms', signed.data?.response.data as string)).toBe(address);
  });

  it('says a failed send on the surface, where the user sends again; an enrolment whose text failed is twilio_verification_failed', async () => {
    const phoneNumber = '+14155550198';
    const { frame, address, sign } = await withSmsAndWallet('dave@example.com', phoneNumber);
    twilio.failures.push(TWILIO_DOWN);
    const resent = await sign(async (surface) => {
      surface.act({ type: 'factor', factor: 'sms' });
      await surface.waitFor((_view, state) => state.error !== null);
      expect(shown(frame, 'The login code could not be sent by SMS. Please try again later.')).toBe(1);
      // The surface still offers the factor: picked again, the code goes.
      surface.act({ type: 'code', code: await textedCode(surface, phoneNumber) });
    });
    expect(verifyMessage('sms', resent.data?.response.data as string)).toBe(address);

    twilio.failures.push(TWILIO_DOWN);
    const failed = await openFrame().request('mfa:enroll', {
      accessToken: (await h.login('erin@example.com')).token,
      method: 'sms',
      phoneNumber: '+14155550197',
    });
    expect(failed.error?.type).toBe('twilio_verification_failed');
  });

  it('refuses requests without a token, with another method or without a number, with §8 texts', async () => {
    const { token } = await h.login('frank@example.com');
    const frame = openFrame();
    const refused = async (type: 'mfa:enroll' | 'mfa:unenroll', data: Record<string, unknown>) =>
      (await frame.request(type, data as never)).error;
    expect(await refused('mfa:enroll', { accessToken: token, method: 'fax' })).toEqual({
      type: 'invalid_request_arguments',
      message: MFA_TEXT.unsupportedMethod,
    });
    expect(await refused('mfa:unenroll', { accessToken: token, method: 'fax' })).toEqual({
      type: 'invalid_request_arguments',
      message: MFA_TEXT.unsupportedMethod,
    });
    expect(await refused('mfa:enroll', { method: 'totp' })).toEqual({
      type: 'invalid_request_arguments',
      message: MFA_TEXT.tokenRequired,
    });
    expect((await refused('mfa:enroll', { accessToken: token, method: 'sms' }))?.type).toBe(
      'invalid_request_arguments',
    );
  });
});
