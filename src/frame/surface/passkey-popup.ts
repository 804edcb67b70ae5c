/**
 * The surface's end of the passkey window (protocol/passkey-window.ts): opens the popup beside the
 * surface's own URL, gives it the view once it says it is ready, and reports what came back. Only
 * messages of the provider's origin from that very popup count; the view goes to that origin only.
 */
import type { PasskeyAction, PasskeyView } from '../../protocol/passkey.js';
import {
  PASSKEY_WINDOW_MESSAGES,
  PASSKEY_WINDOW_NAME,
  PASSKEY_WINDOW_POLL_MS,
  PASSKEY_WINDOW_SIZE,
  PASSKEY_WINDOW_SOURCE,
  type PasskeyWindowMessage,
  passkeyWindowMessage,
} from '../../protocol/passkey-window.js';
import { PASSKEY_WINDOW_PATH, SURFACE_QUERY } from '../../protocol/surface.js';
import { WALLET_FRAME_QUERY } from '../../protocol/wallet-frame.js';

/** What the popup gave: the action, or none with the ceremony's error name (null: cancelled or closed). */
export type PopupOutcome = { action: PasskeyAction } | { action: null; error: string | null };

/** The window the surface runs in (replaced in tests). */
export type PopupOpener = Pick<
  Window,
  'open' | 'addEventListener' | 'removeEventListener' | 'screenX' | 'screenY' | 'outerWidth' | 'outerHeight'
> & { location: Pick<Location, 'origin' | 'href' | 'search'> };

export interface PasskeyPopup {
  /** Brings the popup to the front (a click while it is open). */
  focus(): void;
  /** Stops listening and closes the popup (the view went away). */
  close(): void;
}

/**
 * The popup's URL: the page beside the surface, with the surface's query but its prompt, origin and
 * analytics id: the theme variables (which the window checks again, look.ts).
 */
export function popupUrl(location: PopupOpener['location']): string {
  const url = new URL(PASSKEY_WINDOW_PATH, location.href);
  const query = new URLSearchParams(location.search);
  for (const name of [SURFACE_QUERY.prompt, ...Object.values(WALLET_FRAME_QUERY)]) query.delete(name);
  url.search = query.toString();
  return url.href;
}

/** `popup,width,height`, centred over the browser's window. */
function features(win: PopupOpener): string {
  const { width, height } = PASSKEY_WINDOW_SIZE;
  const left = Math.max(0, Math.round(win.screenX + (win.outerWidth - width) / 2));
  const top = Math.max(0, Math.round(win.screenY + (win.outerHeight - height) / 2));
  return `popup,width=${width},height=${height},left=${left},top=${top}`;
}

const isAction = (action: unknown): action is PasskeyAction =>
  typeof action === 'object' &&
  action !== null &&
  (action as PasskeyAction).type === 'passkey' &&
  typeof (action as PasskeyAction).credential === 'object';

/**
 * Opens the passkey window for `view` (a trusted click just happened in the surface); null when
 * the browser blocked it. `done` is called once: with the action, an error, or nothing when the
 * popup was closed without a result.
 */
export function openPasskeyPopup(
  view: PasskeyView,
  done: (outcome: PopupOutcome) => void,
  win: PopupOpener = window,
): PasskeyPopup | null {
  const popup = win.open(popupUrl(win.location), PASSKEY_WINDOW_NAME, features(win));
  if (!popup) return null;
  const origin = win.location.origin;
  let over = false;
  /** The popup was seen closed once: a result posted just before may still be on its way. */
  let closedOnce = false;
  const stop = (): void => {
    over = true;
    clearInterval(timer);
    win.removeEventListener('message', onMessage);
  };
  const finish = (outcome: PopupOutcome): void => {
    if (over) return;
    stop();
    done(outcome);
  };
  function onMessage(event: MessageEvent): void {
    if (over || event.origin !== origin || event.source !== popup) return;
    if (passkeyWindowMessage(event.data, PASSKEY_WINDOW_MESSAGES.ready)) {
      const message: PasskeyWindowMessage = {
        source: PASSKEY_WINDOW_SOURCE,
        type: PASSKEY_WINDOW_MESSAGES.view,
        view,
      };
      popup?.postMessage(message, origin);
      return;
    }
    const result = passkeyWindowMessage(event.data, PASSKEY_WINDOW_MESSAGES.result);
    if (!result) return;
    finish(
      isAction(result.action)
        ? { action: result.action }
        : { action: null, error: typeof result.error === 'string' ? result.error : null },
    );
    popup?.close();
  }
  win.addEventListener('message', onMessage);
  const timer = setInterval(() => {
    if (!popup.closed) return;
    if (closedOnce) finish({ action: null, error: null });
    closedOnce = true;
  }, PASSKEY_WINDOW_POLL_MS);
  return {
    focus: () => popup.focus(),
    close() {
      if (!over) stop();
      popup.close();
    },
  };
}
