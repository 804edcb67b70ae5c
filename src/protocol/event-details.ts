import type {
  LinkErrorDetail,
  LinkSuccessDetail,
  LoginErrorDetail,
  LoginSuccessDetail,
  User,
} from './client.js';
import type { EmbeddedWallet, SendTransactionResult } from './embedded-wallet.js';
import { EVENTS } from './events.js';
import type { ConnectedWallet } from './external-wallet.js';
import type { FiatOnRampStatus } from './funding.js';
import type { MfaMethod } from './mfa.js';

/**
 * Every DOM event the widget dispatches on the host's window, with the type of its `detail`: the
 * widget's `emit()` is typed by it, and the npm package's `WindowEventMap` is built from it.
 */
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
  [EVENTS.transactionConfirmed]: SendTransactionResult;
  /** The modal closed (§2.3's close handler); detail: the logged-in user, or null. */
  [EVENTS.modalClose]: { user: User | null };
}
