/**
 * One host request as the frame's flows see it: whether the host will show a surface for it, and
 * its prompt (protocol/surface.ts), opened on the first view the request needs the user for and
 * ended when the request is answered. The host learns each prompt (and each new kind of view) by a
 * `gatehouse:prompt` message carrying the request's id.
 */
import type { PromptMessage, SurfaceView } from '../protocol/surface.js';
import type { Prompt, PromptHub } from './prompts.js';

/** The request may not ask the user (the host said `quiet`): it fails with what it would have asked. */
export class UserActionRequiredError extends Error {
  constructor() {
    super('This request needs the user: ask again from a user action.');
    this.name = 'UserActionRequiredError';
  }
}

export interface RequestScope {
  /** The host will show the surface for this request's prompts. */
  readonly interactive: boolean;
  /** The request's prompt showing `view` (opened now, or the one already open). */
  prompt(view: SurfaceView): Prompt;
  /** The prompt open, if any. */
  readonly current: Prompt | null;
  /** The request is answered: its prompt ends. */
  end(): void;
  /** The host gave up the request (its screen closed): its prompt is cancelled. */
  cancel(): void;
  /** The host gave up the request (not the user's Cancel in the surface). */
  readonly cancelled?: boolean;
  /** The user cancelled a step the request goes on without: its prompt ends, a next view opens anew. */
  reopen?(): void;
}

export function requestScope(
  hub: PromptHub,
  announce: (prompt: PromptMessage['prompt']) => void,
  interactive: boolean,
): RequestScope {
  let open: Prompt | null = null;
  let cancelled = false;
  return {
    interactive,
    get current() {
      return open;
    },
    get cancelled() {
      return cancelled;
    },
    prompt(view) {
      if (!interactive) throw new UserActionRequiredError();
      if (open) {
        open.show(view);
        return open;
      }
      open = hub.start(view, announce);
      if (cancelled) open.cancel();
      return open;
    },
    end() {
      open?.end();
    },
    cancel() {
      cancelled = true;
      open?.cancel();
    },
    reopen() {
      open?.end();
      open = null;
    },
  };
}

/** A scope that never asks (the flows' tests, and requests made without a host). */
export const quietScope: RequestScope = {
  interactive: false,
  current: null,
  prompt() {
    throw new UserActionRequiredError();
  },
  end: () => undefined,
  cancel: () => undefined,
};
