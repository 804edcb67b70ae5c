/**
 * The surface's side of SURFACE_CHANNEL (protocol/surface.ts): it says which prompt it shows, takes
 * the wallet frame's views and the end of that prompt (messages about other prompts are another
 * surface's), and sends the user's actions. A BroadcastChannel reaches only this origin's pages, so
 * codes and passwords sent here never reach the host page.
 */
import {
  SURFACE_MESSAGES,
  type SurfaceAction,
  type SurfaceChannelMessage,
  type SurfaceKind,
  type SurfaceState,
  type SurfaceView,
} from '../../protocol/surface.js';

/** What the surface needs of a BroadcastChannel. */
export interface SurfacePort {
  postMessage(message: SurfaceChannelMessage): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

export interface SurfaceListener {
  view(view: SurfaceView, state: SurfaceState): void;
  end(): void;
}

export interface SurfaceLink {
  send(action: SurfaceAction): void;
  close(): void;
}

const KINDS: ReadonlySet<SurfaceKind> = new Set<SurfaceKind>([
  'sign-message',
  'sign-typed-data',
  'transaction',
  'verify',
  'password-enter',
  'password-set',
  'mfa-enroll',
  'export',
  'passkey',
]);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

function isState(value: unknown): value is SurfaceState {
  return (
    isObject(value) &&
    typeof value.busy === 'boolean' &&
    (value.error === null || typeof value.error === 'string')
  );
}

const isView = (value: unknown): value is SurfaceView =>
  isObject(value) && KINDS.has(value.kind as SurfaceKind);

/** Listens for `prompt`'s views, then says hello; `close` stops listening. */
export function connectSurface(port: SurfacePort, prompt: string, listener: SurfaceListener): SurfaceLink {
  const onMessage = (event: MessageEvent): void => {
    const data: unknown = event.data;
    if (!isObject(data) || data.prompt !== prompt) return;
    if (data.type === SURFACE_MESSAGES.view && isView(data.view) && isState(data.state)) {
      listener.view(data.view, data.state);
    } else if (data.type === SURFACE_MESSAGES.end) {
      listener.end();
    }
  };
  port.addEventListener('message', onMessage);
  port.postMessage({ type: SURFACE_MESSAGES.hello, prompt });
  return {
    send: (action) => port.postMessage({ type: SURFACE_MESSAGES.action, prompt, action }),
    close: () => port.removeEventListener('message', onMessage),
  };
}
