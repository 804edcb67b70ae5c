import type { ScreenName } from '../../protocol/screens.js';
import type { Question } from './question.js';

/**
 * Why an open task ended without finishing: the user closed the modal (Close, Escape, the
 * backdrop, a Cancel button), logged out, or a newer task took the modal.
 */
export type CancelReason = 'closed' | 'logout' | 'replaced';

/** The rejection of a cancelled task's wait, and its signal's reason. */
export class TaskCancelled extends Error {
  constructor(readonly reason: CancelReason) {
    super(`The modal's task was ${reason}.`);
    this.name = 'TaskCancelled';
  }
}

/** What a flow holds while it runs as the modal's task (ModalController.run). */
export interface Task {
  /** Aborts (with a TaskCancelled reason) when the task is cancelled. */
  readonly signal: AbortSignal;
  /** False while closing must not end the task (the modal then stays open). */
  closable: boolean;
  /** Waits for the screen's answer to `question` (`show` its screen first when not shown yet). */
  ask<A>(question: Question<A>): Promise<A>;
  /** Shows `screen` without waiting. */
  show(screen: ScreenName): void;
  /** The user's last answer has been dealt with (a success), though the task goes on. */
  settle(): void;
  /** `promise`, or TaskCancelled as soon as the task is cancelled (the work itself goes on). */
  until<T>(promise: Promise<T>): Promise<T>;
  /** Waits `ms` (the pause before the next screen, §4.2), unless the task is cancelled meanwhile. */
  pause(ms: number): Promise<void>;
}

export const isCancelled = (error: unknown): error is TaskCancelled => error instanceof TaskCancelled;
