/**
 * The passkey window's page (protocol/passkey-window.ts): a top-level page of the provider's
 * origin that the surface opened because the browser refuses passkeys in the surface's frame. It
 * tells its opener it is ready, takes the view from it (the provider's origin and that very window
 * only), shows what the passkey is for with its own 'Continue with passkey', runs the ceremony on
 * a click the user made in this document, posts what came back to the opener and closes itself.
 */
import './window.css';
import { WALLET_TEXT } from '../../core/text/wallet.js';
import type { PasskeyView } from '../../protocol/passkey.js';
import {
  PASSKEY_WINDOW_MESSAGES,
  PASSKEY_WINDOW_SOURCE,
  type PasskeyWindowMessage,
  type PasskeyWindowResult,
  passkeyWindowMessage,
} from '../../protocol/passkey-window.js';
import { el, setUsable } from '../surface/dom.js';
import { PASSKEY_SURFACE_TEXT } from '../surface/passkey-texts.js';
import { SURFACE_TEXT } from '../surface/texts.js';
import { button, choices, scaffold } from '../surface/views/common.js';
import { runCeremony } from '../surface/webauthn.js';

/** The popup's window (replaced in tests). */
export interface PasskeyWindowHost {
  opener: Pick<Window, 'postMessage'> | null;
  location: Pick<Location, 'origin'>;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  close(): void;
}

export interface PasskeyWindowOptions {
  win: PasskeyWindowHost;
  /** The ceremony (webauthn.ts runCeremony; replaced in tests). */
  ceremony?: typeof runCeremony;
  /** Whether the user made the event (`event.isTrusted`; replaced in tests). */
  isTrusted?: (event: Event) => boolean;
}

const notice = (text: string, spinner = false): HTMLElement =>
  el('div', { class: 'notice', role: 'status' }, [
    spinner && el('span', { class: 'spinner', 'aria-hidden': 'true' }),
    el('p', { class: 'text' }, [text]),
  ]);

/** The view: its title and line, Cancel and 'Continue with passkey'; `report` gets the result once. */
function viewNode(
  view: PasskeyView,
  options: PasskeyWindowOptions,
  report: (result: PasskeyWindowResult) => void,
): HTMLElement {
  const ceremony = options.ceremony ?? runCeremony;
  const isTrusted = options.isTrusted ?? ((event: Event) => event.isTrusted === true);
  let running = false;
  const start = button(PASSKEY_SURFACE_TEXT.continue, 'primary', (event) => {
    if (running || !isTrusted(event)) return;
    running = true;
    setUsable(start, false);
    start.setAttribute('aria-busy', 'true');
    parts.status.textContent = SURFACE_TEXT.working;
    ceremony(view).then(
      (action) => report({ action, error: null }),
      (error: unknown) => {
        const name = (error as { name?: unknown } | null)?.name;
        report({ action: null, error: typeof name === 'string' ? name : 'Error' });
      },
    );
  });
  const cancel = button(WALLET_TEXT.cancel, 'secondary', () => report({ action: null, error: null }));
  const parts = scaffold(
    PASSKEY_SURFACE_TEXT.title[view.purpose],
    [el('p', { class: 'text' }, [PASSKEY_SURFACE_TEXT.detail[view.purpose]])],
    [choices(cancel, start)],
  );
  return parts.node;
}

/** Mounts the page in `root`: waits for the opener's view, then for the user. */
export function mountPasskeyWindow(root: HTMLElement, options: PasskeyWindowOptions): void {
  const { win } = options;
  root.classList.add('window');
  const opener = win.opener;
  if (!opener) {
    root.replaceChildren(notice(PASSKEY_SURFACE_TEXT.noOpener));
    return;
  }
  const origin = win.location.origin;
  const post = (message: PasskeyWindowMessage): void => opener.postMessage(message, origin);
  let shown = false;
  let reported = false;
  const report = (result: PasskeyWindowResult): void => {
    if (reported) return;
    reported = true;
    post({ source: PASSKEY_WINDOW_SOURCE, type: PASSKEY_WINDOW_MESSAGES.result, ...result });
    win.close();
  };
  win.addEventListener('message', (event) => {
    if (shown || event.origin !== origin || event.source !== opener) return;
    const message = passkeyWindowMessage(event.data, PASSKEY_WINDOW_MESSAGES.view);
    if (!message) return;
    shown = true;
    root.ownerDocument.title = PASSKEY_SURFACE_TEXT.title[message.view.purpose];
    const node = viewNode(message.view, options, report);
    root.replaceChildren(node);
    node.querySelector('h1')?.focus({ preventScroll: true });
  });
  root.replaceChildren(notice(SURFACE_TEXT.loading, true));
  post({ source: PASSKEY_WINDOW_SOURCE, type: PASSKEY_WINDOW_MESSAGES.ready });
}
