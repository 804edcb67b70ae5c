/** The waiting both Farcaster pollers share: an injectable sleep and clock, and an AbortSignal. */

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export interface PollTiming {
  /** Waits `ms`; rejects with the signal's reason when it aborts. Default: setTimeout. */
  sleep?: Sleep;
  /** Milliseconds. Default: Date.now. */
  now?: () => number;
  /** Stops the poll (closing the modal): the poll rejects with the signal's reason. */
  signal?: AbortSignal;
}

const abortReason = (signal: AbortSignal): unknown =>
  signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');

const realSleep: Sleep = (ms, signal) =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortReason(signal));
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortReason(signal as AbortSignal));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw abortReason(signal);
}

/**
 * Calls `attempt` now and then every `intervalMs` until it answers a value (not undefined);
 * `onTimeout()` is thrown once `timeoutMs` have passed since the start.
 */
export async function pollUntil<T>(
  attempt: () => Promise<T | undefined>,
  { intervalMs, timeoutMs, onTimeout }: { intervalMs: number; timeoutMs: number; onTimeout: () => Error },
  timing: PollTiming,
): Promise<T> {
  const sleep = timing.sleep ?? realSleep;
  const now = timing.now ?? Date.now;
  const deadline = now() + timeoutMs;
  for (;;) {
    throwIfAborted(timing.signal);
    const value = await attempt();
    throwIfAborted(timing.signal);
    if (value !== undefined) return value;
    await sleep(intervalMs, timing.signal);
    throwIfAborted(timing.signal);
    if (now() >= deadline) throw onTimeout();
  }
}
