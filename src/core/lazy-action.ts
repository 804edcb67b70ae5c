/**
 * Not in lazy.ts: what only the modal's screens call stays out of the chunk every page loads
 * (lazy.ts is in it, through host/methods.ts).
 */
import type { Context } from './context.js';

/**
 * A widget-facing action of a lazy chunk: loads the chunk and calls the function `pick` takes from
 * it, typed as that function. A chunk that does not load goes through the one outage path
 * (ModalController.fail, outage.ts): ERROR_SCREEN, whose Retry calls the action again.
 */
export function lazyAction<M, A extends unknown[], R>(
  load: () => Promise<M>,
  pick: (chunk: M) => (ctx: Context, ...args: A) => R | Promise<R>,
): (ctx: Context, ...args: A) => Promise<R | undefined> {
  const action = (ctx: Context, ...args: A): Promise<R | undefined> =>
    load().then(
      (chunk) => pick(chunk)(ctx, ...args),
      (error: unknown) => {
        ctx.modal.fail(error, () => action(ctx, ...args));
        return undefined;
      },
    );
  return action;
}
