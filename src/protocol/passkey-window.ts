/**
 * The passkey window: where the browser refuses WebAuthn in the surface's frame (a host page whose
 * Permissions-Policy forbids `publickey-credentials-get` / `-create`, or a browser without
 * cross-site iframe support), the surface opens a popup of the same provider origin (not
 * noopener) that runs the ceremony as a top-level page.
 *
 * The surface and the popup are one origin in two storage partitions (no BroadcastChannel between
 * them): they talk over `postMessage` with the exact provider origin, and each accepts only
 * messages whose `origin` is its own and whose `source` is the other window. The host page is on
 * no end of it. The popup posts `ready`, the surface answers with the view, the popup runs the
 * ceremony on a click in its own document and posts the result, then closes itself. Its page is
 * the surface's, at PASSKEY_WINDOW_PATH (surface.ts: the surface's first load reads it).
 */
import type { PasskeyAction, PasskeyView } from './passkey.js';

/** `window.open`'s target name: a second click reuses the window. */
export const PASSKEY_WINDOW_NAME = 'gatehouse-passkey';

/** The popup's size in CSS pixels. */
export const PASSKEY_WINDOW_SIZE = { width: 480, height: 600 } as const;

/** How often the surface looks whether the popup was closed without a result. */
export const PASSKEY_WINDOW_POLL_MS = 250;

/** `source` of every message of the channel. */
export const PASSKEY_WINDOW_SOURCE = 'gatehouse-passkey-window';

export const PASSKEY_WINDOW_MESSAGES = {
  /** Popup → surface: loaded, waiting for the view. */
  ready: 'passkey-window:ready',
  /** Surface → popup: the view to run. */
  view: 'passkey-window:view',
  /** Popup → surface: what the ceremony gave. */
  result: 'passkey-window:result',
} as const;

/**
 * The ceremony's result: the action as the surface's own ceremony would have made it (the PRF
 * output apart), or none, with `error` the DOMException's name when it failed (null: cancelled).
 */
export interface PasskeyWindowResult {
  action: PasskeyAction | null;
  error: string | null;
}

export type PasskeyWindowMessage =
  | { source: typeof PASSKEY_WINDOW_SOURCE; type: typeof PASSKEY_WINDOW_MESSAGES.ready }
  | { source: typeof PASSKEY_WINDOW_SOURCE; type: typeof PASSKEY_WINDOW_MESSAGES.view; view: PasskeyView }
  | ({
      source: typeof PASSKEY_WINDOW_SOURCE;
      type: typeof PASSKEY_WINDOW_MESSAGES.result;
    } & PasskeyWindowResult);

/** `data` when it is a message of this channel of `type`; else undefined. */
export function passkeyWindowMessage<T extends PasskeyWindowMessage['type']>(
  data: unknown,
  type: T,
): Extract<PasskeyWindowMessage, { type: T }> | undefined {
  const message = data as { source?: unknown; type?: unknown } | null;
  return typeof message === 'object' && message?.source === PASSKEY_WINDOW_SOURCE && message.type === type
    ? (message as Extract<PasskeyWindowMessage, { type: T }>)
    : undefined;
}
