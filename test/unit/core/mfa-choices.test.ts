/** MFA_ENROLLMENT_FLOW_SCREEN's choices (§2.3), as core orders and labels them (core/mfa/choices.ts). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mfaChoices, webauthnAvailable } from '../../../src/core/mfa/choices.js';

afterEach(() => {
  vi.unstubAllGlobals();
});

const summary = (choices: ReturnType<typeof mfaChoices>) =>
  choices.map(({ method, enabled, badge }) => `${method}:${enabled ? 'on' : 'off'}:${badge ?? ''}`);

describe('the MFA choices', () => {
  it('puts an offered passkey first, Recommended, when the browser has WebAuthn', () => {
    const choices = mfaChoices({
      offered: ['sms', 'totp', 'passkey'],
      enrolled: [],
      hasPhone: false,
      webauthn: true,
    });
    expect(summary(choices)).toEqual(['passkey:on:recommended', 'totp:on:', 'sms:on:']);
  });

  it('keeps an offered passkey available without WebAuthn, the authenticator app Recommended', () => {
    const choices = mfaChoices({
      offered: ['passkey', 'totp'],
      enrolled: [],
      hasPhone: false,
      webauthn: false,
    });
    expect(summary(choices)).toEqual(['totp:on:recommended', 'passkey:on:']);
  });

  it("lists a passkey the app does not offer as 'Coming soon', disabled", () => {
    const choices = mfaChoices({
      offered: ['totp', 'sms'],
      enrolled: ['totp'],
      hasPhone: true,
      webauthn: true,
    });
    expect(summary(choices)).toEqual(['totp:off:added', 'sms:off:disabled', 'passkey:off:coming-soon']);
  });

  it('marks an enrolled passkey Added', () => {
    const choices = mfaChoices({
      offered: ['passkey'],
      enrolled: ['passkey'],
      hasPhone: false,
      webauthn: true,
    });
    expect(choices).toEqual([{ method: 'passkey', added: true, enabled: false, badge: 'added' }]);
  });

  it('reads WebAuthn support from globalThis.PublicKeyCredential', () => {
    vi.stubGlobal('PublicKeyCredential', undefined);
    expect(webauthnAvailable()).toBe(false);
    vi.stubGlobal('PublicKeyCredential', class {});
    expect(webauthnAvailable()).toBe(true);
    expect(mfaChoices({ offered: ['totp', 'passkey'], enrolled: [], hasPhone: false })[0]?.badge).toBe(
      'recommended',
    );
  });
});
