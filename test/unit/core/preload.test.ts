/**
 * When the first modal's files are fetched before a click (core/preload.ts): after the page's
 * `load` only, then at the first idle moment ('idle', the default), on the first pointerdown,
 * focusin or keydown ('intent'), or never ('none'); never on Save-Data or 2G.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type PreloadPage, schedulePreload } from '../../../src/core/preload.js';
import { PRELOAD_INTENT_EVENTS, PRELOAD_MODES, type PreloadMode } from '../../../src/protocol/loader.js';

type Connection = { saveData?: boolean; effectiveType: string };

/** A page still loading (or loaded), with or without requestIdleCallback and a connection. */
function fakePage(options: { loaded?: boolean; idle?: boolean; connection?: Connection } = {}) {
  const target = new EventTarget();
  const page: PreloadPage & { fire(type: string): void; load(): void; captures: string[] } = {
    document: { readyState: options.loaded ? 'complete' : 'loading' },
    navigator: options.connection ? { connection: options.connection } : {},
    captures: [],
    addEventListener: (type, listener, capture) => {
      if (capture) page.captures.push(type);
      target.addEventListener(type, listener, capture);
    },
    setTimeout: (callback) => setTimeout(callback),
    fire: (type) => target.dispatchEvent(new Event(type)),
    load() {
      this.document.readyState = 'complete';
      this.fire('load');
    },
  };
  if (options.idle !== false) page.requestIdleCallback = (callback) => setTimeout(callback, 50);
  return page;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('schedulePreload', () => {
  it('fetches at the first idle moment after the load, not before it (default and idle)', async () => {
    for (const mode of [undefined, 'idle', 'something else']) {
      const page = fakePage();
      const fetchFiles = vi.fn();
      schedulePreload(mode, fetchFiles, page);
      await vi.advanceTimersByTimeAsync(10_000);
      expect(fetchFiles, `${mode} before load`).not.toHaveBeenCalled();
      page.load();
      expect(fetchFiles).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(50);
      expect(fetchFiles, String(mode)).toHaveBeenCalledTimes(1);
    }
  });

  it('on a page already loaded, waits for the idle moment only', async () => {
    const fetchFiles = vi.fn();
    schedulePreload('idle', fetchFiles, fakePage({ loaded: true }));
    expect(fetchFiles).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(50);
    expect(fetchFiles).toHaveBeenCalledTimes(1);
  });

  it('falls back to a timer where the browser has no requestIdleCallback (Safari)', async () => {
    const page = fakePage({ idle: false });
    const fetchFiles = vi.fn();
    schedulePreload(undefined, fetchFiles, page);
    page.load();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchFiles).toHaveBeenCalledTimes(1);
  });

  it('intent: on the first pointerdown, focusin or keydown after the load, not on a timer', async () => {
    for (const event of PRELOAD_INTENT_EVENTS) {
      const page = fakePage();
      const fetchFiles = vi.fn();
      schedulePreload('intent', fetchFiles, page);
      page.fire(event);
      expect(fetchFiles, `${event} before load`).not.toHaveBeenCalled();
      page.load();
      await vi.advanceTimersByTimeAsync(10_000);
      expect(fetchFiles).not.toHaveBeenCalled();
      page.fire(event);
      expect(fetchFiles, event).toHaveBeenCalledTimes(1);
      // In the capture phase: a page's stopPropagation() does not hide the visitor's first move.
      expect(page.captures).toEqual([...PRELOAD_INTENT_EVENTS]);
    }
  });

  it('none: never before the modal opens', async () => {
    const page = fakePage();
    const fetchFiles = vi.fn();
    schedulePreload('none', fetchFiles, page);
    page.load();
    for (const event of PRELOAD_INTENT_EVENTS) page.fire(event);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetchFiles).not.toHaveBeenCalled();
  });

  it('never on a Save-Data or 2G connection, whatever the mode; on 3G and 4G as usual', async () => {
    const modes: (PreloadMode | undefined)[] = [undefined, ...PRELOAD_MODES];
    const cases: [Connection, boolean][] = [
      [{ saveData: true, effectiveType: '4g' }, false],
      [{ effectiveType: 'slow-2g' }, false],
      [{ effectiveType: '2g' }, false],
      [{ effectiveType: '3g' }, true],
      [{ saveData: false, effectiveType: '4g' }, true],
    ];
    for (const [connection, fetches] of cases) {
      for (const mode of modes) {
        const page = fakePage({ connection });
        const fetchFiles = vi.fn();
        schedulePreload(mode, fetchFiles, page);
        page.load();
        for (const event of PRELOAD_INTENT_EVENTS) page.fire(event);
        await vi.advanceTimersByTimeAsync(100);
        const expected = fetches && mode !== 'none';
        expect(fetchFiles.mock.calls.length > 0, `${JSON.stringify(connection)} ${mode}`).toBe(expected);
      }
    }
  });
});
