/**
 * When the first login modal's files are fetched before a click (the tag's `data-preload`,
 * protocol/loader.ts PRELOAD_MODES): never before the page's `load` (the host's own files come
 * first), never on a Save-Data or 2G connection, then at the browser's first idle moment or on the
 * visitor's first pointerdown, focusin or keydown. A click then finds the modal in the module map
 * and opens it with no request.
 */
import { PRELOAD_INTENT, PRELOAD_INTENT_EVENTS, PRELOAD_NONE } from '../protocol/loader.js';

/** The parts of `window` the schedule reads (a stand-in in the tests). */
export interface PreloadPage {
  document: { readyState: DocumentReadyState };
  /** Its `connection` (the Network Information API, not in every browser) is read when there. */
  navigator: object;
  addEventListener(type: string, listener: () => void, capture?: boolean): void;
  requestIdleCallback?: (callback: () => void) => unknown;
  setTimeout(callback: () => void): unknown;
}

/**
 * Calls `fetchFiles` by `mode`'s rule; it may be called more than once (an 'intent' listener per
 * event), so it must share its first load. Window's own functions run unbound (Web IDL gives them
 * the global object), so the idle callback is called so.
 */
export function schedulePreload(mode: string | undefined, fetchFiles: () => void, page: PreloadPage): void {
  const { connection } = page.navigator as { connection?: { saveData?: boolean; effectiveType: string } };
  // effectiveType 'slow-2g' or '2g'; no `connection` at all (Safari, Firefox) tests 'undefined'.
  if (mode === PRELOAD_NONE || connection?.saveData || /2g/.test(connection?.effectiveType as string)) return;
  const start = () => {
    if (mode !== PRELOAD_INTENT) (page.requestIdleCallback ?? page.setTimeout)(fetchFiles);
    // Capture phase, so a page's stopPropagation() does not hide the event. None of these events
    // blocks scrolling, so `passive` would change nothing (and the listener never cancels one).
    else for (const type of PRELOAD_INTENT_EVENTS) page.addEventListener(type, fetchFiles, true);
  };
  if (page.document.readyState === 'complete') start();
  else page.addEventListener('load', start);
}
