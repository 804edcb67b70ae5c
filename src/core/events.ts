import type {
  LinkErrorDetail,
  LinkSuccessDetail,
  LoginErrorDetail,
  LoginSuccessDetail,
  User,
} from '../protocol/client.js';
import type { EmbeddedWallet } from '../protocol/embedded-wallet.js';
import { EVENTS } from '../protocol/events.js';
import type { ConnectedWallet } from '../protocol/external-wallet.js';
import type { FiatOnRampStatus } from '../protocol/funding.js';
import type { MfaMethod } from '../protocol/mfa.js';

/** Every DOM event the widget dispatches on the host's window, with the type of its `detail`. */
export interface EventDetails {
  [EVENTS.loginSuccess]: LoginSuccessDetail;
  [EVENTS.loginError]: LoginErrorDetail;
  [EVENTS.logout]: undefined;
  [EVENTS.linkSuccess]: LinkSuccessDetail;
  [EVENTS.linkError]: LinkErrorDetail;
  [EVENTS.walletCreated]: EmbeddedWallet;
  [EVENTS.walletConnected]: ConnectedWallet;
  [EVENTS.walletDisconnected]: ConnectedWallet;
  [EVENTS.mfaRequired]: { mfaMethods: MfaMethod[] };
  [EVENTS.mfaEnrolled]: { method: MfaMethod };
  [EVENTS.mfaUnenrolled]: { method: MfaMethod };
  [EVENTS.fundStatus]: FiatOnRampStatus;
  [EVENTS.modalClose]: { user: User | null };
}

/** Dispatches a `noun:verb` CustomEvent on the host's window (or the given target). */
export function emit<N extends keyof EventDetails>(
  target: EventTarget,
  name: N,
  detail: EventDetails[N],
): void {
  target.dispatchEvent(new CustomEvent(name, { detail }));
}
