import type {
  LinkErrorDetail,
  LinkSuccessDetail,
  LoginErrorDetail,
  LoginSuccessDetail,
} from '../protocol/client.js';
import type { EmbeddedWallet } from '../protocol/embedded-wallet.js';
import { EVENTS } from '../protocol/events.js';

interface EventDetails {
  [EVENTS.loginSuccess]: LoginSuccessDetail;
  [EVENTS.loginError]: LoginErrorDetail;
  [EVENTS.logout]: undefined;
  [EVENTS.linkSuccess]: LinkSuccessDetail;
  [EVENTS.linkError]: LinkErrorDetail;
  [EVENTS.walletCreated]: EmbeddedWallet;
}

/** Dispatches a `noun:verb` CustomEvent on the host's window (or the given target). */
export function emit<N extends keyof EventDetails>(
  target: EventTarget,
  name: N,
  detail: EventDetails[N],
): void {
  target.dispatchEvent(new CustomEvent(name, { detail }));
}
