/**
 * The polling helper of §9: asks `check` until it answers something other than null or undefined,
 * waiting `delayMs` (150 ms) between two asks, at most `maxAttempts` (270) asks; then null. For the
 * waits with no interval of their own in the spec (a transaction receipt, the captcha script); the
 * waits that have one keep it (funding status 3 s, Farcaster 2 s, the captcha result 200 ms).
 */
import { POLL_DELAY_MS, POLL_MAX_ATTEMPTS } from '../protocol/polling.js';

export interface PollOptions {
  delayMs?: number;
  maxAttempts?: number;
  /** Stops the wait: it rejects with the signal's reason. */
  signal?: AbortSignal;
}

function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const stop = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', stop);
      resolve();
    }, ms);
    signal?.addEventListener('abort', stop, { once: true });
  });
}

/** `check`'s first answer, or null when every attempt answered nothing. */
export async function poll<T>(
  check: () => T | null | undefined | Promise<T | null | undefined>,
  options: PollOptions = {},
): Promise<T | null> {
  const { delayMs = POLL_DELAY_MS, maxAttempts = POLL_MAX_ATTEMPTS, signal } = options;
  for (let attempt = 1; ; attempt += 1) {
    signal?.throwIfAborted();
    const answer = await check();
    if (answer !== null && answer !== undefined) return answer;
    if (attempt >= maxAttempts) return null;
    await pause(delayMs, signal);
  }
}
