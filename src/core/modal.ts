import { atom } from 'nanostores';
import { AUTH_FLOW_CLEAR_DELAY_MS } from '../protocol/constants.js';
import { SCREENS, type ScreenName } from '../protocol/screens.js';
import type { GatehouseError } from './errors/gatehouse-error.js';

export interface ModalState {
  open: boolean;
  screen: ScreenName;
  previousScreen: ScreenName | null;
}

/** State of the login in progress, shared by its screens; cleared a moment after the modal closes. */
export interface AuthFlowState {
  /** Where the code was sent. */
  email: string | null;
  /** The number the SMS code was sent to (E.164). */
  phoneNumber: string | null;
  /** How the one-time code travels. */
  channel: 'email' | 'sms';
  /** What the code is for: a login, linking an account to the logged-in user, or updating their email (§4.4). */
  intent: 'login' | 'link' | 'update';
  /** The failure the current screen shows (ERROR_SCREEN, or the code screen's alert). */
  error: GatehouseError | null;
  /** A request of the current screen is under way. */
  busy: boolean;
  /** A new code was sent on request. */
  resent: boolean;
  success: boolean;
}

const INITIAL_FLOW: AuthFlowState = {
  email: null,
  phoneNumber: null,
  channel: 'email',
  intent: 'login',
  error: null,
  busy: false,
  resent: false,
  success: false,
};

/** Open/closed, current and previous screen, and the auth-flow state, as nanostores (§2.1, §4.1). */
export class ModalController {
  readonly $modal = atom<ModalState>({ open: false, screen: SCREENS.landing, previousScreen: null });
  readonly $flow = atom<AuthFlowState>(INITIAL_FLOW);
  private clearTimer: ReturnType<typeof setTimeout> | undefined;

  get isOpen(): boolean {
    return this.$modal.get().open;
  }

  /** Opens at LANDING (or the given screen), with a fresh flow (an open modal stays as it is). */
  open(screen: ScreenName = SCREENS.landing, flow: Partial<AuthFlowState> = {}): void {
    if (this.isOpen) return;
    clearTimeout(this.clearTimer);
    this.$flow.set({ ...INITIAL_FLOW, ...flow });
    this.$modal.set({ open: true, screen, previousScreen: null });
  }

  navigate(screen: ScreenName): void {
    const current = this.$modal.get();
    this.$modal.set({ ...current, screen, previousScreen: current.screen });
  }

  /** To the previous screen, or LANDING; the failure shown is dropped. */
  back(): void {
    const current = this.$modal.get();
    this.updateFlow({ error: null, busy: false });
    this.$modal.set({ ...current, screen: current.previousScreen ?? SCREENS.landing, previousScreen: null });
  }

  close(): void {
    if (!this.isOpen) return;
    this.$modal.set({ ...this.$modal.get(), open: false });
    clearTimeout(this.clearTimer);
    this.clearTimer = setTimeout(() => this.$flow.set(INITIAL_FLOW), AUTH_FLOW_CLEAR_DELAY_MS);
  }

  updateFlow(update: Partial<AuthFlowState>): void {
    this.$flow.set({ ...this.$flow.get(), ...update });
  }
}
