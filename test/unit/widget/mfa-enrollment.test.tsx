/**
 * MFA_ENROLLMENT_FLOW_SCREEN over the real client and the frame's real MFA service (§2.3, §4.8):
 * the host's steps (intro, the choice, success), and between them the provider-origin surface,
 * where the authenticator's secret shows and its code is typed. The page never holds a code, a
 * secret or a proof: initMfa, submitMfa and submitMfaEnrollment say so.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../../../src/core/storage.js';
import { FrameMfa } from '../../../src/frame/mfa-service.js';
import type { UserWire } from '../../../src/protocol/api.js';
import { STORAGE_KEYS } from '../../../src/protocol/constants.js';
import { MFA_TEXT } from '../../../src/protocol/mfa-text.js';
import { newSession, recordingProvider } from '../frame/mfa-support.js';
import { FakeProvider } from '../helpers/fake-provider.js';
import { type FramePeerOptions, framePeer } from '../helpers/frame-peer.js';
import { createClient } from '../helpers/setup.js';
import { framedSurface, mountUi } from '../helpers/wallet-client-ui.js';
import { button, cleanupWidget, dialog, dialogName, textbox, type } from '../helpers/widget.js';

afterEach(cleanupWidget);

interface EnrollingOptions {
  /** Alice as she is before the screen opens: methods enrolled, a phone. */
  alice?: (alice: UserWire) => void;
  /** Answers a request before the frame does: a failure the frame reports. */
  override?: FramePeerOptions['override'];
  /** The provider's calls that first ask for a verification with a method she has. */
  mfaFor?: string[];
}

/** Alice, logged in, on an app that offers both methods; the frame runs FrameMfa over a recording provider. */
async function enrolling(options: EnrollingOptions = {}) {
  const provider = new FakeProvider();
  provider.app = { ...provider.app, mfa_methods: ['totp', 'sms'] };
  const alice = provider.createUser('alice@example.com');
  options.alice?.(alice);
  const storage = memoryStorage();
  storage.setItem(STORAGE_KEYS.refreshToken, provider.issue(alice).refresh_token);
  const session = newSession();
  const mfaProvider = recordingProvider(session);
  const { client } = mfaProvider;
  for (const name of options.mfaFor ?? []) mfaProvider.state.mfaFor.add(name);
  // The provider answers with the user as she now is: the new method among hers.
  const withMethod = (type: 'totp' | 'sms') => ({
    ...alice,
    mfa_methods: [...alice.mfa_methods, { type, verified_at: provider.now() }],
  });
  const { enrollTotp, enrollSms } = client;
  client.enrollTotp = async (...args) => ({ ...(await enrollTotp(...args)), user: withMethod('totp') });
  client.enrollSms = async (...args) => ({ ...(await enrollSms(...args)), user: withMethod('sms') });
  const mfa = new FrameMfa(client, session, mfaProvider.demands);
  const frame = framePeer({
    handlers: {
      'mfa:enroll': (data, scope) => mfa.enroll(data as never, scope),
      'mfa:unenroll': (data, scope) => mfa.unenroll(data as never, scope),
      'wallet:clear': async () => ({ cleared: true }),
    },
    override: options.override,
  });
  const { gatehouse, events } = createClient({ storage, walletFrame: frame.seams }, provider);
  const enrolled: unknown[] = [];
  events.target.addEventListener('mfa:enrolled', (event) => enrolled.push((event as CustomEvent).detail));
  const shadow = await mountUi(gatehouse);
  return { gatehouse, shadow, frame, calls: mfaProvider.calls, enrolled };
}

/** The dialog's button whose text starts with `name`. */
const choice = (shadow: ShadowRoot, name: string) => {
  const found = [...(dialog(shadow)?.querySelectorAll('button') ?? [])].find((b) =>
    b.textContent?.startsWith(name),
  );
  if (!found) throw new Error(`no ${name} in: ${dialog(shadow)?.textContent}`);
  return found;
};

describe('MFA_ENROLLMENT_FLOW_SCREEN over the frame', () => {
  it('an app that offers no method: showMfaEnrollment says so, and no screen opens with nothing to do', async () => {
    const provider = new FakeProvider();
    provider.app = { ...provider.app, mfa_methods: [] };
    const alice = provider.createUser('alice@example.com');
    const storage = memoryStorage();
    storage.setItem(STORAGE_KEYS.refreshToken, provider.issue(alice).refresh_token);
    const { gatehouse } = createClient({ storage }, provider);
    const shadow = await mountUi(gatehouse);
    await expect(gatehouse.call('showMfaEnrollment', [])).rejects.toMatchObject({
      code: 'mfa_not_enabled',
      message: MFA_TEXT.noMethods,
    });
    expect(dialog(shadow)).toBeNull();
  });

  it("intro, the choice, then the authenticator's QR code and code in the surface only; 'Two-step verification is on'", async () => {
    const { gatehouse, shadow, frame, calls, enrolled } = await enrolling();
    await gatehouse.call('showMfaEnrollment', []);
    await vi.waitFor(() => expect(dialogName(shadow)).toBe('Add two-step verification'), { timeout: 3000 });
    choice(shadow, 'Continue').click();
    await vi.waitFor(() => expect(dialogName(shadow)).toBe('Two-step verification'));
    choice(shadow, 'Authenticator app').click();
    expect(await frame.surface.shows('mfa-enroll')).toMatchObject({ method: 'totp', secret: 'ABC' });
    await vi.waitFor(() => expect(dialogName(shadow)).toBe('Scan the QR code'));
    const surface = await vi.waitFor(() => framedSurface(shadow));
    expect(surface).toMatchObject({ title: 'Scan the QR code', kind: 'mfa-enroll', inputs: 0 });
    expect(surface.prompt).toBe(frame.surface.current()?.id);
    expect(dialog(shadow)?.textContent).not.toMatch(/otpauth|ABC/);

    // A wrong code stays in the surface, with its text there.
    await frame.surface.code('000000', 'mfa-enroll');
    await vi.waitFor(() => expect(frame.surface.latest()?.state.error).toBe(MFA_TEXT.invalidCode));
    expect(dialogName(shadow)).toBe('Scan the QR code');
    await frame.surface.code('654321', 'mfa-enroll');
    await vi.waitFor(() => expect(dialogName(shadow)).toBe('Two-step verification is on'));
    expect(shadow.querySelector('iframe')).toBeNull();
    expect(enrolled).toEqual([{ method: 'totp' }]);
    expect(gatehouse.ctx.stores.$user.get()?.mfaMethods).toEqual(['totp']);
    // Which method is on, and when it is asked for.
    await vi.waitFor(() =>
      expect(dialog(shadow)?.textContent).toContain(
        'On for your account: Authenticator app. From now on, you verify with it before your wallet signs',
      ),
    );
    expect(calls.map((call) => call[0])).toEqual(['initTotp', 'enrollTotp', 'enrollTotp']);
    // Neither code, nor the secret, nor the proof went through this page.
    expect(JSON.stringify([frame.received, frame.sent])).not.toMatch(/654321|000000|ABC|proof-/);
  });

  it("the surface's Cancel goes back to the choice, without an error", async () => {
    const { gatehouse, shadow, frame } = await enrolling();
    await gatehouse.call('showMfaEnrollment', []);
    await vi.waitFor(() => choice(shadow, 'Continue'), { timeout: 3000 }).then((button) => button.click());
    await vi.waitFor(() => choice(shadow, 'Authenticator app')).then((button) => button.click());
    await frame.surface.cancel();
    await vi.waitFor(() => expect(dialogName(shadow)).toBe('Two-step verification'));
    expect(shadow.querySelector('[role="alert"]')?.textContent).toBe('');
    const request = frame.received.find((m) => m.type === 'mfa:enroll')!;
    expect(frame.replyTo(request.id)).toMatchObject({ error: { type: 'user_rejected' } });
  });

  it('initMfa, submitMfa and submitMfaEnrollment refuse: a code never comes from the page', async () => {
    const { gatehouse, frame } = await enrolling();
    for (const [method, args] of [
      ['initMfa', ['totp']],
      ['submitMfa', ['totp', '123456']],
      ['submitMfaEnrollment', ['totp', '123456']],
    ] as const) {
      await expect(gatehouse.call(method, [...args])).rejects.toMatchObject({
        code: 'missing_mfa_credentials',
        message: MFA_TEXT.codesInSurface,
      });
    }
    expect(frame.received).toEqual([]);
  });

  it.each([
    ['mfa_verification_max_attempts_reached', MFA_TEXT.maxAttempts],
    ['mfa_timeout', MFA_TEXT.timedOut],
    ['error', 'Try again later'],
  ])(
    'an enrolment the surface cannot start (%s) goes to ERROR_SCREEN in the words of §8; Back leads to the choice',
    async (type, text) => {
      const { gatehouse, shadow, enrolled } = await enrolling({
        override: (message) =>
          message.type === 'mfa:enroll' ? { error: { type, message: 'what the provider said' } } : undefined,
      });
      await gatehouse.call('showMfaEnrollment', []);
      await vi.waitFor(() => choice(shadow, 'Continue'), { timeout: 3000 }).then((button) => button.click());
      await vi.waitFor(() => choice(shadow, 'Authenticator app')).then((button) => button.click());
      await vi.waitFor(() => expect(dialogName(shadow)).toBe('Something went wrong'));
      expect(dialog(shadow)?.textContent).toContain(text);
      choice(shadow, 'Back').click();
      // Back on the choice: the user may try again, or another method.
      await vi.waitFor(() => expect(dialogName(shadow)).toBe('Two-step verification'));
      expect(shadow.querySelector('[role="alert"]')?.textContent ?? '').toBe('');
      expect(choice(shadow, 'Authenticator app').disabled).toBe(false);
      expect(enrolled).toEqual([]);
    },
  );

  it('initMfaEnrollment the surface cannot start rejects with why, and the modal closes', async () => {
    const { gatehouse, shadow } = await enrolling({
      override: (message) =>
        message.type === 'mfa:enroll'
          ? { error: { type: 'mfa_timeout', message: 'what the provider said' } }
          : undefined,
    });
    await expect(gatehouse.call('initMfaEnrollment', ['totp'])).rejects.toMatchObject({
      code: 'mfa_timeout',
      message: MFA_TEXT.timedOut,
    });
    await vi.waitFor(() => expect(dialog(shadow)).toBeNull());
  });

  it("'SMS · Added' once enrolled (with its Remove), 'SMS · Disabled' for a user with a phone", async () => {
    const texted = await enrolling({
      alice: (alice) => alice.mfa_methods.push({ type: 'sms', verified_at: Date.now() }),
    });
    await texted.gatehouse.call('showMfaEnrollment', []);
    const added = await vi.waitFor(() => choice(texted.shadow, 'SMS'), { timeout: 3000 });
    expect(added.textContent).toBe('SMS · Added');
    expect(added.disabled).toBe(true);
    expect(choice(texted.shadow, 'Remove SMS').disabled).toBe(false);
    cleanupWidget();

    const phoned = await enrolling({
      alice: (alice) =>
        alice.linked_accounts.push({
          type: 'phone',
          number: '+12015550123',
          verified_at: Date.now(),
          first_verified_at: Date.now(),
          latest_verified_at: Date.now(),
        } as UserWire['linked_accounts'][number]),
    });
    await phoned.gatehouse.call('showMfaEnrollment', []);
    await vi
      .waitFor(() => choice(phoned.shadow, 'Continue'), { timeout: 3000 })
      .then((button) => button.click());
    const disabled = await vi.waitFor(() => choice(phoned.shadow, 'SMS'));
    expect(disabled.textContent).toBe('SMS · Disabled');
    expect(disabled.disabled).toBe(true);
    expect(choice(phoned.shadow, 'Authenticator app').disabled).toBe(false);
  });

  it("a second method: the surface verifies the one enrolled first, then takes the new one's code", async () => {
    const { gatehouse, shadow, frame, calls, enrolled } = await enrolling({
      alice: (alice) => alice.mfa_methods.push({ type: 'totp', verified_at: Date.now() }),
      mfaFor: ['sendEnrolmentSms'],
    });
    await gatehouse.call('showMfaEnrollment', []);
    await vi.waitFor(() => choice(shadow, 'SMS'), { timeout: 3000 }).then((button) => button.click());
    await vi.waitFor(() => expect(textbox(shadow, 'Phone number')).toBeTruthy(), { timeout: 5000 });
    type(textbox(shadow, 'Phone number'), '2015550123');
    await vi.waitFor(() => expect(button(shadow, 'Submit').disabled).toBe(false));
    button(shadow, 'Submit').click();
    expect(await frame.surface.shows('verify')).toMatchObject({ purpose: 'mfa', factor: 'totp' });
    await vi.waitFor(() => expect(dialogName(shadow)).toBe('Verify your identity'));
    await frame.surface.code('123456', 'verify');
    expect(await frame.surface.shows('mfa-enroll')).toMatchObject({
      method: 'sms',
      phoneNumber: '+12015550123',
    });
    await frame.surface.code('222222', 'mfa-enroll');
    await vi.waitFor(() => expect(dialogName(shadow)).toBe('Two-step verification is on'));
    expect(enrolled).toEqual([{ method: 'sms' }]);
    expect(calls.map((call) => call[0])).toEqual([
      'sendEnrolmentSms',
      'verify',
      'sendEnrolmentSms',
      'enrollSms',
    ]);
  });

  it("initMfaEnrollment: the surface's Cancel, or cancelMfa(), rejects it with 'MFA canceled'", async () => {
    const { gatehouse, shadow, frame } = await enrolling();
    const canceled = { code: 'mfa_canceled', message: MFA_TEXT.mfaCanceled };
    const first = gatehouse.call('initMfaEnrollment', ['totp']);
    await frame.surface.shows('mfa-enroll');
    await frame.surface.cancel();
    await expect(first).rejects.toMatchObject(canceled);
    const second = gatehouse.call('initMfaEnrollment', ['totp']);
    await frame.surface.shows('mfa-enroll');
    await gatehouse.call('cancelMfa', []);
    await expect(second).rejects.toMatchObject(canceled);
    await vi.waitFor(() => expect(dialog(shadow)).toBeNull());
  });

  it("unenrollMfa given up at the verification (cancelMfa()) rejects with 'MFA canceled'; the method stays", async () => {
    const { gatehouse, shadow, frame } = await enrolling({
      alice: (alice) => alice.mfa_methods.push({ type: 'sms', verified_at: Date.now() }),
      mfaFor: ['unenroll'],
    });
    const removal = gatehouse.call('unenrollMfa', ['sms']);
    await frame.surface.shows('verify');
    await gatehouse.call('cancelMfa', []);
    await expect(removal).rejects.toMatchObject({ code: 'mfa_canceled', message: MFA_TEXT.mfaCanceled });
    await vi.waitFor(() => expect(dialog(shadow)).toBeNull());
    expect(gatehouse.ctx.stores.$user.get()?.mfaMethods).toEqual(['sms']);
  });
});
