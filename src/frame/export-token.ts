/**
 * The export view's access token, handed over by its parent (protocol/wallet-device-frame.ts):
 * the view says it is ready to the host origin, and takes the token from a message whose source
 * is its parent window, whose origin is exactly the host origin, and whose channel is the one the
 * host gave it. The token never travels in the view's URL.
 */
import { EXPORT_VIEW_MESSAGES } from '../protocol/wallet-device-frame.js';
import { WALLET_FRAME_SOURCE } from '../protocol/wallet-frame.js';

/** What the view needs of its window. */
export interface ExportWindow {
  parent: { postMessage(message: unknown, targetOrigin: string): void } | null;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

interface TokenMessage {
  source: string;
  type: string;
  channel: string;
  accessToken: string;
}

const isToken = (data: unknown, channel: string): data is TokenMessage => {
  const message = data as Partial<TokenMessage> | null;
  return (
    typeof message === 'object' &&
    message !== null &&
    message.source === WALLET_FRAME_SOURCE &&
    message.type === EXPORT_VIEW_MESSAGES.token &&
    message.channel === channel &&
    typeof message.accessToken === 'string' &&
    message.accessToken !== ''
  );
};

/** Asks the parent for the token; resolves with the first one it sends. */
export function receiveToken(win: ExportWindow, hostOrigin: string, channel: string): Promise<string> {
  const parent = win.parent;
  return new Promise((resolve) => {
    const listener = (event: MessageEvent): void => {
      if (event.source !== parent || event.origin !== hostOrigin || !isToken(event.data, channel)) return;
      win.removeEventListener('message', listener);
      resolve(event.data.accessToken);
    };
    win.addEventListener('message', listener);
    parent?.postMessage(
      { source: WALLET_FRAME_SOURCE, type: EXPORT_VIEW_MESSAGES.ready, channel },
      hostOrigin,
    );
  });
}

/**
 * Escape inside the view goes to the parent (the host origin, exactly): focus in this frame never
 * reaches the widget's own Escape handler, and the user expects the screen to close all the same.
 */
export function forwardEscape(
  win: Pick<ExportWindow, 'parent'>,
  doc: Pick<Document, 'addEventListener'>,
  hostOrigin: string,
  channel: string,
): void {
  doc.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    win.parent?.postMessage(
      { source: WALLET_FRAME_SOURCE, type: EXPORT_VIEW_MESSAGES.escape, channel },
      hostOrigin,
    );
  });
}
