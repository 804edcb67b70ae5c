import type { EventDetails } from '../protocol/event-details.js';

/** Dispatches a `noun:verb` CustomEvent on the host's window (or the given target). */
export function emit<N extends keyof EventDetails>(
  target: EventTarget,
  name: N,
  detail: EventDetails[N],
): void {
  target.dispatchEvent(new CustomEvent(name, { detail }));
}
