/**
 * MFA_ENROLLMENT_FLOW_SCREEN over the real client and the frame's real MFA service (§2.3, §4.8):
 * the host's steps (intro, the choice, success), and between them the provider-origin surface,
 * where the authenticator's secret shows and its code is typed. The page never holds a code, a
 * secret or a proof: initMfa, submitMfa and submitMfaEnrollment say so.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../../../src/core/storage.js';
import { FrameMfa } from '../../../src/frame/mfa-service.js';
import { STORAGE_KEYS } from '../../../src/protocol/constants.js';
import { MFA_TEXT } from '../../../src/protocol/mfa-text.js';
import { newSession, recordingProvider } from '../frame/mfa-support.js';
import { FakeProvider } from '../helpers/fake-provider.js';
import { framePeer } from '../helpers/frame-peer.js';
import { createClient } from '../helpers/setup.js';
import { framedSurface, mountUi } from '../helpers/wallet-client-ui.js';
import { cleanupWidget, dialog, dialogName } from '../helpers/widget.js';

afterEach(cleanupWidget);

/** Alice, logged in, on an app that offers both methods; the frame runs FrameMfa over a recording provider. */
async function enrolling() {
  const provider = new FakeProvider();
  provider.app = { ...provider.app, mfa_methods: ['totp', 'sms'] };
  const alice = provider.createUser('alice@example.com');
  const storage = memoryStorage();
  storage.setItem(STORAGE_KEYS.refreshToken, provider.issue(alice).refresh_token);
  const session = newSession();
  const mfaProvider = recordingProvider(session);
  const { client } = mfaProvider;
  const enrollTotp = client.enrollTotp;
  // The provider answers with the user as it now is: the authenticator among her methods.
  client.enrollTotp = async (...args) => ({
    ...(await enrollTotp(...args)),
    user: { ...alice, mfa_methods: [{ type: 'totp', verified_at: provider.now() }] },
  });
  const mfa = new FrameMfa(client, session, mfaProvider.demands);
  const frame = framePeer({
    handlers: {
      'mfa:enroll': (data, scope) => mfa.enroll(data as never, scope),
      'mfa:unenroll': (data, scope) => mfa.unenroll(data as never, scope),
      'wallet:clear': async () => ({ cleared: true }),
    },
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
});
