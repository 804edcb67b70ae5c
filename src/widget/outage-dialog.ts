/**
 * The modal's own files did not arrive (the provider went away before its first opening, issue
 * 17): the entry says so by itself, in a native <dialog> of the shadow root — no preact, no
 * emotion, and the browser's modal behaviour (focus inside, on Retry; Escape closes; the page
 * behind inert). Retry closes it and runs `retry` (opening the modal fetches its files anew, and
 * when they fail again this shows again); Close only closes it.
 */
import { OUTAGE_TEXT as T } from '../core/text/outage.js';
import { PROVIDER_UNREACHABLE_MESSAGE } from '../protocol/error-messages.js';

export function showOutage(shadow: ShadowRoot, retry: () => void): void {
  // One at a time: a dialog closed by Escape, or still open, gives way to the new one.
  shadow.querySelector('dialog')?.remove();
  const dialog = shadow.appendChild(document.createElement('dialog'));
  const add = (tag: string, text: string) => {
    const node = dialog.appendChild(document.createElement(tag));
    node.textContent = text;
    return node;
  };
  dialog.role = 'alertdialog';
  dialog.ariaLabel = PROVIDER_UNREACHABLE_MESSAGE;
  add('h2', PROVIDER_UNREACHABLE_MESSAGE);
  add('p', T.checkConnection);
  add('button', T.retry).onclick = () => {
    dialog.remove();
    retry();
  };
  dialog.append(' ');
  add('button', T.close).onclick = () => dialog.remove();
  dialog.showModal();
}
