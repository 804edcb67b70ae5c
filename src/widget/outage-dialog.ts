/**
 * The modal's own files did not arrive (the provider went away before its first opening, issue
 * 17): the entry says so by itself, in a native <dialog> of the shadow root — no preact, no
 * emotion, and the browser's modal behaviour (focus inside, on Retry; Escape closes; the page
 * behind inert). Retry closes it and runs `retry` (opening the modal fetches its files anew, and
 * when they fail again this shows again); Close only closes it. The modal renders beside it, in a
 * container of its own (ui.tsx).
 */
import { OUTAGE_TEXT as T } from '../core/text/outage.js';

export function showOutage(shadow: ShadowRoot, retry: () => void): void {
  // Built once, on the first failure; closed (Retry, Close, Escape) it waits for the next.
  let dialog = shadow.querySelector('dialog');
  if (!dialog) {
    const box = shadow.appendChild(document.createElement('dialog'));
    const add = (tag: string, text: string) => {
      const node = box.appendChild(document.createElement(tag));
      node.textContent = text;
      return node;
    };
    box.role = 'alertdialog';
    box.ariaLabel = T.unreachable;
    add('h2', T.unreachable);
    add('p', T.checkConnection);
    add('button', T.retry).onclick = () => {
      box.close();
      retry();
    };
    box.append(' ');
    add('button', T.close).onclick = () => box.close();
    dialog = box;
  }
  if (!dialog.open) dialog.showModal();
}
