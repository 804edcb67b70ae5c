/**
 * All the surface tells its parent, the host page: its content height (the host sizes the iframe
 * to it) and an Escape pressed inside (the host closes the screen as for Escape elsewhere). Posted
 * to the host origin exactly, never '*'; nothing else ever goes to the host.
 */
import { SURFACE_HOST_MESSAGES, type SurfaceHostMessage } from '../../protocol/surface.js';
import { WALLET_FRAME_SOURCE } from '../../protocol/wallet-frame.js';

export interface HostWindow {
  parent: { postMessage(message: SurfaceHostMessage, targetOrigin: string): void } | null;
}

type ResizeObserverLike = new (callback: () => void) => Pick<ResizeObserver, 'observe' | 'disconnect'>;

export interface HostLinkOptions {
  win: HostWindow;
  /** The host page's origin, checked against the app's origins (messaging.ts hostOriginFrom). */
  hostOrigin: string;
  prompt: string;
  /** The window's ResizeObserver; null where there is none (the height is then posted once). */
  ResizeObserver?: ResizeObserverLike | null;
}

/** Posts the root's height whenever it changes, in whole CSS pixels; returns a stop function. */
export function reportSize(root: HTMLElement, options: HostLinkOptions): () => void {
  const { win, hostOrigin, prompt } = options;
  let last = -1;
  const post = (): void => {
    const height = Math.ceil(root.getBoundingClientRect().height);
    if (height === last) return;
    last = height;
    win.parent?.postMessage(
      { source: WALLET_FRAME_SOURCE, type: SURFACE_HOST_MESSAGES.size, prompt, height },
      hostOrigin,
    );
  };
  const Observer =
    options.ResizeObserver === undefined
      ? (globalThis.ResizeObserver as ResizeObserverLike | undefined)
      : options.ResizeObserver;
  if (!Observer) {
    post();
    return () => undefined;
  }
  const observer = new Observer(post);
  observer.observe(root);
  return () => observer.disconnect();
}

/**
 * Escape inside the surface goes to the host: focus in this frame never reaches the widget's own
 * Escape handler, and the user expects the screen to close all the same.
 */
export function forwardEscape(doc: Pick<Document, 'addEventListener'>, options: HostLinkOptions): void {
  const { win, hostOrigin, prompt } = options;
  doc.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    win.parent?.postMessage(
      { source: WALLET_FRAME_SOURCE, type: SURFACE_HOST_MESSAGES.escape, prompt },
      hostOrigin,
    );
  });
}
