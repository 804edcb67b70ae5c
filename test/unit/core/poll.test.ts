/**
 * The §9 polling helper (core/poll.ts) on a fake clock: 150 ms between asks, at most 270 asks; and
 * the waits that use it (the captcha script, a transaction receipt).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { poll } from '../../../src/core/poll.js';
import { loadTurnstile } from '../../../src/core/turnstile.js';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  delete (globalThis as { turnstile?: unknown }).turnstile;
});

describe('poll (§9: 150 ms delay, up to 270 attempts)', () => {
  it('asks at once, then every 150 ms, and gives up with null after the 270th ask', async () => {
    vi.useFakeTimers();
    let asks = 0;
    let settled: unknown = 'pending';
    void poll(() => {
      asks += 1;
      return null;
    }).then((value) => {
      settled = value;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(asks).toBe(1);
    await vi.advanceTimersByTimeAsync(149);
    expect(asks).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(asks).toBe(2);
    await vi.advanceTimersByTimeAsync(150 * 267);
    expect(asks).toBe(269);
    expect(settled).toBe('pending');
    await vi.advanceTimersByTimeAsync(150);
    expect(asks).toBe(270);
    expect(settled).toBeNull();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(asks).toBe(270);
  });

  it('resolves with the first answer, and stops when its signal aborts', async () => {
    vi.useFakeTimers();
    let asks = 0;
    const found = poll(async () => (++asks === 3 ? 'mined' : undefined));
    await vi.advanceTimersByTimeAsync(300);
    expect(await found).toBe('mined');
    const controller = new AbortController();
    const stopped = poll(() => null, { signal: controller.signal });
    const outcome = stopped.catch((reason: unknown) => reason);
    await vi.advanceTimersByTimeAsync(1000);
    controller.abort('closed');
    expect(await outcome).toBe('closed');
  });

  it("waits for the captcha script's window.turnstile after its load event, up to the 270 asks", async () => {
    vi.useFakeTimers();
    // The scripts are not fetched: the test plays their load event.
    const added: HTMLScriptElement[] = [];
    vi.spyOn(document.head, 'appendChild').mockImplementation((node) => {
      added.push(node as HTMLScriptElement);
      return node;
    });
    const api = { render: () => 'w', reset: () => {}, remove: () => {} };
    const loading = loadTurnstile('https://turnstile.test/late.js');
    expect(added[0]?.src).toBe('https://turnstile.test/late.js');
    added[0]!.dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(150 * 10);
    (globalThis as { turnstile?: unknown }).turnstile = api;
    await vi.advanceTimersByTimeAsync(150);
    expect(await loading).toBe(api);
    delete (globalThis as { turnstile?: unknown }).turnstile;

    const never = loadTurnstile('https://turnstile.test/broken.js').catch((error: Error) => error.message);
    added[1]!.dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(150 * 268);
    let done = false;
    void never.then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(150);
    expect(await never).toBe(
      'Gatehouse could not load the captcha script from https://turnstile.test/broken.js.',
    );
  });
});
