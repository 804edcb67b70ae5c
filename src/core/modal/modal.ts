/**
 * The modal (§2.1, §4.1): open or closed, the current and previous screen, the state of the login
 * under way, and the one task that waits for the user. Every flow that needs the user runs as a
 * task (`run`): it shows screens and waits for their answers (`Task.ask`). Close, Escape, the
 * backdrop, logout and a newer task end the open task through one path (`cancel`); "success, then
 * close after N ms" is the one timer (`closeAfter`). A flow never keeps pending promises of its own.
 */
import { atom } from 'nanostores';
import { AUTH_FLOW_CLEAR_DELAY_MS } from '../../protocol/constants.js';
import { SCREENS, type ScreenName } from '../../protocol/screens.js';
import * as CODES from '../errors/codes.js';
import { type GatehouseError, toGatehouseError } from '../errors/gatehouse-error.js';
import { type AuthFlowState, INITIAL_FLOW } from './flow-state.js';
import { onRetry } from './outage.js';
import type { Answer, Question } from './question.js';
import { type CancelReason, type Task, TaskCancelled } from './task.js';

export type { AuthFlowState } from './flow-state.js';
export type { CancelReason, Task } from './task.js';

export interface ModalState {
  open: boolean;
  screen: ScreenName;
  previousScreen: ScreenName | null;
}

interface OpenTask {
  /** What the task is, for a flow that must not run beside one of its kind (a wallet request). */
  kind: string;
  abort: AbortController;
  closable: boolean;
  /** The question the task waits on, and where its answer goes. */
  waiting: { asked: Question<unknown>; resolve(value: unknown): void; reject(error: Error): void } | null;
  /** Settled when the task asks again or ends: what an answer waits for. */
  turn: { promise: Promise<void>; resolve(): void };
}

function deferred(): OpenTask['turn'] {
  let resolve = (): void => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

export class ModalController {
  readonly $modal = atom<ModalState>({ open: false, screen: SCREENS.landing, previousScreen: null });
  readonly $flow = atom<AuthFlowState>(INITIAL_FLOW);
  private clearTimer: ReturnType<typeof setTimeout> | undefined;
  private closeTimer: ReturnType<typeof setTimeout> | undefined;
  private task: OpenTask | null = null;
  /** How the widget's UI loads (widget/index.ts); settles once it shows the modal. */
  private view: () => Promise<void> = () => Promise.resolve();

  get isOpen(): boolean {
    return this.$modal.get().open;
  }

  /** Whether a task is open (a flow waits for the user or works on their behalf). */
  get hasTask(): boolean {
    return this.task !== null;
  }

  /** The open task's kind (ModalController.run), or null. */
  get taskKind(): string | null {
    return this.task?.kind ?? null;
  }

  /** The open task's signal (aborted when it is cancelled), or null: what a request made inside it follows. */
  get taskSignal(): AbortSignal | null {
    return this.task?.abort.signal ?? null;
  }

  /** Opens at LANDING (or the given screen), with a fresh flow (an open modal stays as it is). */
  open(screen: ScreenName = SCREENS.landing, flow: Partial<AuthFlowState> = {}): void {
    clearTimeout(this.closeTimer);
    if (this.isOpen) return;
    clearTimeout(this.clearTimer);
    this.$flow.set({ ...INITIAL_FLOW, ...flow });
    this.$modal.set({ open: true, screen, previousScreen: null });
  }

  /** Starts afresh at `screen` with a new flow, whatever was open (the open task is replaced). */
  replace(screen: ScreenName, flow: Partial<AuthFlowState> = {}): void {
    this.cancel('replaced');
    clearTimeout(this.closeTimer);
    clearTimeout(this.clearTimer);
    this.$flow.set({ ...INITIAL_FLOW, ...flow });
    this.$modal.set({ open: true, screen, previousScreen: null });
  }

  /**
   * Moves to `screen`; Back then leads to the screen before. A solved CAPTCHA_SCREEN is skipped:
   * Back leads to where the login began, not to a spent challenge (only ERROR_SCREEN's 'Try again'
   * goes back to the captcha, for a new challenge).
   */
  navigate(screen: ScreenName): void {
    const current = this.$modal.get();
    const skip = current.screen === SCREENS.captcha && screen !== SCREENS.error;
    const previous = skip ? current.previousScreen : current.screen;
    this.$modal.set({ ...current, screen, previousScreen: previous === screen ? null : previous });
  }

  /** Shows a screen: opens the modal there, or moves to it. */
  show(screen: ScreenName): void {
    clearTimeout(this.closeTimer);
    if (this.isOpen) this.navigate(screen);
    else this.open(screen);
  }

  /** To the previous screen, or LANDING; the failure shown is dropped. */
  back(): void {
    const current = this.$modal.get();
    this.updateFlow({ error: null, busy: false });
    this.$modal.set({ ...current, screen: current.previousScreen ?? SCREENS.landing, previousScreen: null });
  }

  updateFlow(update: Partial<AuthFlowState>): void {
    this.$flow.set({ ...this.$flow.get(), ...update });
  }

  /**
   * Close, Escape, the backdrop, or the host: the open task is cancelled ('closed') and the modal
   * closes. A task that may not be closed now (an automatic password set-up, §4.6) keeps it open.
   */
  close(): void {
    if (this.task && !this.task.closable) return;
    this.cancel('closed');
    this.hide();
  }

  /** Logout: whatever is open ends, closable or not. */
  logout(): void {
    this.cancel('logout');
    this.hide();
  }

  /** The person is using the screen (a click, a key): a pending closeAfter no longer closes it. */
  stay(): void {
    clearTimeout(this.closeTimer);
  }

  /** The one close timer: the modal closes after `ms` (at once for 0) unless something shows first. */
  closeAfter(ms: number): void {
    clearTimeout(this.closeTimer);
    if (ms <= 0) this.hide();
    else this.closeTimer = setTimeout(() => this.hide(), ms);
  }

  /**
   * Runs `work` as the modal's task: a task already open is cancelled ('replaced'). The task ends
   * when `work` settles; its outcome is what `work` returns.
   */
  async run<T>(work: (task: Task) => Promise<T>, kind = 'flow'): Promise<T> {
    this.cancel('replaced');
    clearTimeout(this.closeTimer);
    const open: OpenTask = {
      kind,
      abort: new AbortController(),
      closable: true,
      waiting: null,
      turn: deferred(),
    };
    this.task = open;
    onRetry(this);
    try {
      const outcome = await work(this.handle(open));
      // A login flow that showed the provider unreachable: Retry runs it again (a host's call has its answer).
      if (kind === 'flow' && this.$flow.get().error?.code === CODES.providerUnreachable) {
        onRetry(this, () => this.run(work, kind).catch(() => {}));
      }
      return outcome;
    } finally {
      if (this.task === open) this.task = null;
      open.turn.resolve();
    }
  }

  /** Settles when the open task next waits for the user, deals with an answer, or ends. */
  turn(): Promise<void> {
    return this.task?.turn.promise ?? Promise.resolve();
  }

  /**
   * A screen answers `question` (a button, a code…). Resolves once the task has dealt with it:
   * asked again, or ended. False, and nothing done, unless the open task waits on that question.
   */
  answer<A>(question: Question<A>, ...value: Answer<A>): Promise<boolean>;
  async answer(question: Question<unknown>, value?: unknown): Promise<boolean> {
    const open = this.task;
    if (open?.waiting?.asked !== question) return false;
    const waiting = open.waiting;
    open.waiting = null;
    waiting.resolve(value);
    await open.turn.promise;
    return true;
  }

  /** widget/index.ts: how its UI loads (a load that fails is tried again on the next call). */
  attachView(load: () => Promise<void>): void {
    this.view = load;
  }

  /** Settles once the UI shows the open modal; when its files cannot be fetched, the modal closes and this rejects. */
  shown(): Promise<void> {
    return this.view().catch((error: unknown) => {
      const failure = toGatehouseError(error);
      this.cancel(failure);
      this.hide();
      throw failure;
    });
  }

  /**
   * The provider went away under the open modal (a screen's file did not arrive, a call failed):
   * the open task fails with the error (its flow shows it), or ERROR_SCREEN says so, with Retry
   * (outage.ts: running `again`, when given, after going back).
   */
  fail(error: unknown, again?: () => unknown): void {
    const failure = toGatehouseError(error);
    if (this.task) {
      this.cancel(failure);
    } else if (this.isOpen) {
      this.updateFlow({ busy: false, error: failure });
      // What the screen was starting when its file did not arrive: Retry starts it again.
      onRetry(this, again);
      this.navigate(SCREENS.error);
    }
  }

  /** Ends the open task: its wait rejects with TaskCancelled (or the failure), its signal aborts. */
  private cancel(reason: CancelReason | GatehouseError): void {
    const open = this.task;
    if (!open) return;
    this.task = null;
    const error = typeof reason === 'string' ? new TaskCancelled(reason) : reason;
    open.abort.abort(error);
    open.waiting?.reject(error);
    open.waiting = null;
    open.turn.resolve();
  }

  private hide(): void {
    clearTimeout(this.closeTimer);
    if (!this.isOpen) return;
    this.$modal.set({ ...this.$modal.get(), open: false });
    clearTimeout(this.clearTimer);
    this.clearTimer = setTimeout(() => this.$flow.set(INITIAL_FLOW), AUTH_FLOW_CLEAR_DELAY_MS);
  }

  private handle(open: OpenTask): Task {
    const modal = this;
    const { signal } = open.abort;
    const live = (): void => {
      if (signal.aborted) throw signal.reason;
    };
    const until = <A>(promise: Promise<A>): Promise<A> => {
      live();
      return new Promise<A>((resolve, reject) => {
        const stop = (): void => reject(signal.reason);
        signal.addEventListener('abort', stop, { once: true });
        void promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', stop));
      });
    };
    return {
      signal,
      until,
      get closable() {
        return open.closable;
      },
      set closable(value: boolean) {
        open.closable = value;
      },
      ask<A>(question: Question<A>): Promise<A> {
        live();
        const turn = open.turn;
        open.turn = deferred();
        turn.resolve();
        return new Promise<A>((resolve, reject) => {
          open.waiting = { asked: question, resolve: resolve as (value: unknown) => void, reject };
        });
      },
      show(screen: ScreenName): void {
        live();
        modal.show(screen);
      },
      settle(): void {
        open.turn.resolve();
      },
      pause: (ms: number) => until(new Promise<void>((resolve) => setTimeout(resolve, ms))),
    };
  }
}
