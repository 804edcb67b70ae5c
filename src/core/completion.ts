/**
 * What happens after a successful login (§4.2), decided in one place for every login method:
 * terms consent first when the app requires it, then (a later capability) embedded-wallet
 * creation, then the modal closes with success.
 *
 * `login:success` fires once the login is complete: after the user accepted the terms when they
 * had to, so a host never sees a `login:success` for a user who then declines (declining logs out).
 */
import type { User } from '../protocol/client.js';
import { DIALOG_CLOSE_DELAY_BEFORE_CONSENT_MS, DIALOG_CLOSE_DELAY_MS } from '../protocol/constants.js';
import type { LoginMethod } from '../protocol/events.js';
import type { ResolvedConfig } from './config.js';

/** What a login flow hands to `Gatehouse.completeLogin` once the session is stored. */
export interface LoginCompletion {
  user: User;
  isNewUser: boolean;
  loginMethod: LoginMethod;
}

/** The step after a successful login, and how long the modal waits before it. */
export type CompletionStep = { step: 'consent'; delayMs: number } | { step: 'close'; delayMs: number };

/** Whether the user must still accept the terms (host `legal.requireUsersAcceptTerms` or the app's setting). */
export function needsConsent(config: ResolvedConfig, user: User): boolean {
  return config.requireUsersAcceptTerms && !user.hasAcceptedTerms;
}

/**
 * §4.2 and §9: consent comes 900 ms after the success in a dialog; otherwise the modal closes
 * after 1400 ms in a dialog. Inline (or with no modal open, as for custom auth) nothing waits.
 */
export function stepAfterLogin(config: ResolvedConfig, user: User, modalOpen: boolean): CompletionStep {
  const waits = modalOpen && config.inDialog;
  if (needsConsent(config, user)) {
    return { step: 'consent', delayMs: waits ? DIALOG_CLOSE_DELAY_BEFORE_CONSENT_MS : 0 };
  }
  return stepAfterConsent(config, modalOpen, false);
}

/**
 * After consent (or when none was needed). This is the boundary where embedded-wallet creation on
 * login (§4.6, `embedded_wallet_config.create_on_login`) inserts its step, with the 900 ms delay
 * before the creation screen; until then the login closes the modal.
 * `consented`: the user just pressed Accept, so the modal closes at once.
 */
export function stepAfterConsent(
  config: ResolvedConfig,
  modalOpen: boolean,
  consented: boolean,
): CompletionStep {
  const waits = modalOpen && config.inDialog && !consented;
  return { step: 'close', delayMs: waits ? DIALOG_CLOSE_DELAY_MS : 0 };
}
