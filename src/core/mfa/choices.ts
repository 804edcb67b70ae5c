/**
 * The methods MFA_ENROLLMENT_FLOW_SCREEN offers (§2.3), in order, each with its badge: the
 * passkey first and Recommended when the app offers it and the browser has WebAuthn, else the
 * authenticator app; SMS disabled when the user logs in with a phone; Passkey listed 'Coming soon'
 * (disabled) when the app does not offer it.
 */
import type { MfaMethod } from '../../protocol/mfa.js';

export type MfaBadge = 'added' | 'recommended' | 'disabled' | 'coming-soon' | null;

export interface MfaChoice {
  method: MfaMethod;
  /** Enrolled already: the choice shows Remove. */
  added: boolean;
  /** The button can be pressed (neither added nor unavailable). */
  enabled: boolean;
  badge: MfaBadge;
}

/** Whether this browser can run passkey ceremonies at all. */
export const webauthnAvailable = (): boolean =>
  typeof (globalThis as { PublicKeyCredential?: unknown }).PublicKeyCredential !== 'undefined';

export interface ChoiceInput {
  offered: readonly MfaMethod[];
  enrolled: readonly MfaMethod[];
  /** The user logs in with a phone number (SMS cannot be the second factor). */
  hasPhone: boolean;
  webauthn?: boolean;
}

export function mfaChoices({ offered, enrolled, hasPhone, webauthn = webauthnAvailable() }: ChoiceInput) {
  const passkeyFirst = webauthn && offered.includes('passkey');
  const rank = (method: MfaMethod) =>
    method === 'passkey' ? (passkeyFirst ? 0 : 3) : method === 'totp' ? 1 : 2;
  const recommended: MfaMethod = passkeyFirst ? 'passkey' : 'totp';
  const choices: MfaChoice[] = [...new Set(offered)]
    .sort((a, b) => rank(a) - rank(b))
    .map((method) => {
      const added = enrolled.includes(method);
      const unavailable = !added && method === 'sms' && hasPhone;
      const badge: MfaBadge = added
        ? 'added'
        : unavailable
          ? 'disabled'
          : method === recommended
            ? 'recommended'
            : null;
      return { method, added, enabled: !added && !unavailable, badge };
    });
  if (!offered.includes('passkey'))
    choices.push({ method: 'passkey', added: false, enabled: false, badge: 'coming-soon' });
  return choices;
}
