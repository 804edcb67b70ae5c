import type { GatehouseError } from '../errors/gatehouse-error.js';

/** State of the login in progress, shared by its screens; cleared a moment after the modal closes. */
export interface AuthFlowState {
  /** Where the code was sent. */
  email: string | null;
  /** The number the SMS code was sent to (E.164). */
  phoneNumber: string | null;
  /** How the one-time code travels. */
  channel: 'email' | 'sms';
  /** What the flow is for: a login, linking an account to the logged-in user, or updating their email (§4.4). */
  intent: 'login' | 'link' | 'update';
  /** The failure the current screen shows (ERROR_SCREEN, or the code screen's alert). */
  error: GatehouseError | null;
  /** A request of the current screen is under way. */
  busy: boolean;
  /** A new code was sent on request. */
  resent: boolean;
  success: boolean;
  /** A login from here creates an embedded wallet when the user has none (connectOrCreateWallet, §6). */
  createWallet: boolean;
  /** A headless call (login/headless.ts) showed its one step, done now: closing is no exit from the login. */
  hostForm?: boolean;
}

export const INITIAL_FLOW: AuthFlowState = {
  email: null,
  phoneNumber: null,
  channel: 'email',
  intent: 'login',
  error: null,
  busy: false,
  resent: false,
  success: false,
  createWallet: false,
};
