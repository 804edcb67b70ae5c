import type { FrameWindow } from '../../../src/frame/messaging.js';
import type { WalletFrameOutgoing } from '../../../src/protocol/wallet-frame.js';

export const HOST = 'https://host.example';

/** A frame window inside a host page: what it posts, and a way to deliver message events to it. */
export function frameWindow() {
  const posted: Array<{ message: WalletFrameOutgoing; targetOrigin: string }> = [];
  const listeners: Array<(event: MessageEvent) => void> = [];
  const parent = {
    postMessage: (message: WalletFrameOutgoing, targetOrigin: string) =>
      posted.push({ message, targetOrigin }),
  };
  const win: FrameWindow = {
    parent,
    addEventListener: (_type, listener) => listeners.push(listener),
    removeEventListener: (_type, listener) => listeners.splice(listeners.indexOf(listener), 1),
  };
  const deliver = (data: unknown, source: unknown = parent, origin = HOST) => {
    for (const listener of [...listeners]) listener({ data, source, origin } as MessageEvent);
  };
  return { win, parent, posted, deliver, listeners };
}
