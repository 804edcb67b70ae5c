import { verifyMessage } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserWire } from '../../src/protocol/api.js';
import { MFA_TEXT } from '../../src/protocol/mfa-text.js';
import type { WalletRpcRequest } from '../../src/protocol/wallet-frame.js';
import { TwilioPeer, twilioAccount } from '../support/twilio.js';
import { frameHost, type Posted, type SurfaceUser } from './frame-host.js';
import type { Harness } from './harness.js';
import { authenticatorCode, startMfaHarness } from './mfa-support.js';
import { confirmByEmail, typePassword } from './step-up-support.js';

/**
 * The wallet frame with MFA, against the provider: the host asks for an enrolment (mfa:enroll) and
 * the frame does the rest in its surface — the step-up a user with a wallet needs first, the
 * authenticator's secret and every code — keeping the proof to itself. Every wallet action of a
 * user with MFA then waits for a code typed in the surface, also when the frame could rebuild the
 * key; one authenticator code approving a new device's step-up also answers its MFA gate.
 */
const ALICE = 'alice@example.com';
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
  alice = await h.login(ALICE);
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

/** Approves the signature's review, then meets the MFA gate in the surface with `then`. */
const reviewThen =
  (then: SurfaceUser): SurfaceUser =>
  async (surface) => {
    await surface.kind('sign-message');
    surface.act({ type: 'approve' });
    const { view } = await surface.kind('verify');
    expect(view).toMatchObject({ purpose: 'mfa', factors: [{ id: 'totp' }] });
    await then(surface);
  };
const typeCode =
  (secret: string): SurfaceUser =>
  async (surface) => {
    surface.act({ type: 'code', code: nextCode(secret) });
  };
const close: SurfaceUser = async (surface) => {
  surface.act({ type: 'cancel' });
};

/** Picks the authenticator on a step-up's verify view (`action`) and types its next code. */
const stepUpByAuthenticator =
  (secret: string, action: string): SurfaceUser =>
  async (surface) => {
    const { view } = await surface.kind('verify');
    expect(view.action).toBe(action);
    expect(view.factors.map((f) => f.id)).toEqual(['totp', 'email']);
    surface.act({ type: 'factor', factor: 'totp' });
    await surface.waitFor((v) => v.kind === 'verify' && v.factor === 'totp');
    await typeCode(secret)(surface);
  };

/**
 * mfa:enroll of the authenticator by a user with a wallet: the step-up approved by a code mailed to
 * her signup email (usable even in the session she signed up in), a wrong first code, then the right one.
 */
async function enrolAuthenticator(
  device: ReturnType<typeof openFrame>,
  token: string,
  address: string,
  email = ALICE,
) {
  let secret = '';
  const user: SurfaceUser = async (surface) => {
    await confirmByEmail(h, email)(surface);
    const { view } = await surface.kind('mfa-enroll');
    if (view.method !== 'totp') throw new Error('not the authenticator');
    expect(view.authUrl).toMatch(/^otpauth:\/\/totp\//);
    secret = view.secret;
    surface.act({ type: 'code', code: '000000' });
    const { state } = await surface.waitFor((v, s) => v.kind === 'mfa-enroll' && s.error !== null);
    expect(state.error).toBe(MFA_TEXT.invalidCode);
    surface.act({ type: 'code', code: authenticatorCode(secret, h.clock.now()) });
  };
  const enrolled = await device.request(
    'mfa:enroll',
    { accessToken: token, method: 'totp', address },
    { user },
  );
  return { enrolled, secret };
}

describe('MFA in the wallet frame', () => {
  it('enrols in the surface, then gates signing, recovery, set-password and removal on a code typed there', async () => {
    const device = openFrame();
    const created = await device.request('wallet:create', { accessToken: alice.token });
    const address = created.data?.address as string;
    const signs = async (token: string, text: string, user?: SurfaceUser) => {
      const reply = await device.request(
        'wallet:rpc',
        { accessToken: token, address, request: sign(text, address) },
        user ? { user } : {},
      );
      return reply.data ? verifyMessage(text, reply.data.response.data) === address : reply.error?.type;
    };
    // Signing before MFA: the review only.
    expect(await signs(alice.token, 'before')).toBe(true);

    const { enrolled, secret } = await enrolAuthenticator(device, alice.token, address);
    expect(enrolled.data?.user.mfa_methods).toMatchObject([{ type: 'totp' }]);
    expect(enrolled.data?.expiresAt).toBe(Math.floor((h.clock.now() + 15 * 60_000) / 1000) * 1000);

    // mfa:clear drops the proof: the key is not rebuilt, the surface asks for a code.
    expect((await device.request('mfa:clear', {})).data).toEqual({ cleared: true });
    expect(await signs(alice.token, 'gated', reviewThen(close))).toBe('user_rejected');
    // Connecting stays possible (the device share is here); the key waits for the verification.
    expect((await device.request('wallet:connect', { accessToken: alice.token, address })).data).toEqual({
      address,
    });
    expect(await signs(alice.token, 'after', reviewThen(typeCode(secret)))).toBe(true);
    // The proof runs out after 15 minutes: the surface asks again.
    h.clock.advance(15 * 60_000);
    expect(await signs(alice.token, 'late', reviewThen(close))).toBe('user_rejected');

    // A new browser, in a later session: one authenticator code approves its step-up and is the
    // MFA verification of the shares it gets.
    const later = await h.login(ALICE);
    const fresh = openFrame();
    const recovered = await fresh.request(
      'wallet:recover',
      { accessToken: later.token, address },
      { user: stepUpByAuthenticator(secret, 'new_device') },
    );
    expect(recovered.data).toEqual({ address });

    // Setting a password after mfa:clear: the password, then a code, both in the surface.
    await fresh.request('mfa:clear', {});
    const setPassword: SurfaceUser = async (surface) => {
      await typePassword('correct-horse-42')(surface);
      const { view } = await surface.kind('verify');
      expect(view.purpose).toBe('mfa');
      await typeCode(secret)(surface);
    };
    const set = await fresh.request(
      'wallet:set-recovery-password',
      { accessToken: later.token, address },
      { user: setPassword },
    );
    expect(set.data).toMatchObject({ recoveryMethod: 'user-passcode' });

    // Removing the method waits on a step-up; its authenticator code is the fresh verification too.
    h.clock.advance(6 * 60_000);
    const removed = await fresh.request(
      'mfa:unenroll',
      { accessToken: later.token, method: 'totp' },
      { user: stepUpByAuthenticator(secret, 'mfa_unenroll') },
    );
    expect(removed.data).toMatchObject({ method: 'totp', user: { mfa_methods: [] } });
    await fresh.request('mfa:clear', {});
    const free = await fresh.request('wallet:rpc', {
      accessToken: later.token,
      address,
      request: sign('free', address),
    });
    expect(verifyMessage('free', free.data?.response.data as string)).toBe(address);

    // No proof and no authenticator secret ever reached the host page; every message went to the
    // host origin only.
    const proofs = wire.flatMap((body) => {
      const match = /"proof":"([\w-]+)"/.exec(body);
      return match?.[1] ? [match[1]] : [];
    });
    expect(proofs.length).toBeGreaterThan(3);
    const toHost = posted.map((p) => JSON.stringify(p.message)).join('\n');
    for (const proof of [...proofs, secret]) expect(toHost).not.toContain(proof);
    expect(new Set(posted.map((p) => p.targetOrigin))).toEqual(new Set(['https://host.example']));
  }, 120_000);

  it("asks again for another session's token, and again for the first one's after the switch", async () => {
    const carol = await h.login('carol@example.com');
    const frame = openFrame();
    const created = await frame.request('wallet:create', { accessToken: carol.token });
    const address = created.data?.address as string;
    const { enrolled } = await enrolAuthenticator(frame, carol.token, address, 'carol@example.com');
    expect(enrolled.data?.user.mfa_methods).toMatchObject([{ type: 'totp' }]);
    const other = await h.login('carol@example.com');
    for (const token of [other.token, carol.token]) {
      const asked = await frame.request(
        'wallet:rpc',
        { accessToken: token, address, request: sign('x', address) },
        { user: reviewThen(close) },
      );
      expect(asked.error?.type).toBe('user_rejected');
    }
  });
});
