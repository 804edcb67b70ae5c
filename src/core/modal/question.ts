import type { ScreenName } from '../../protocol/screens.js';

/**
 * A question a flow asks its screen: a token naming the screen that asks it, typed by the answer it
 * takes. A flow exports its questions beside its actions; an answer to any other question than the
 * one the task waits on is refused (a stale button of another screen).
 */
export interface Question<A = undefined> {
  readonly screen: ScreenName;
  /** The answer's type only: never set. */
  readonly answer?: A;
}

/** The value `ModalController.answer` takes for a question: none for a plain button. */
export type Answer<A> = [A] extends [undefined] ? [] : [value: NoInfer<A>];
