/**
 * The surface's page: it asks the wallet frame for its prompt, shows a small loading state until
 * the first view comes (and, after a while without one, that the request is no longer waiting),
 * renders each new view (focusing its heading or its first field, never an approval) and gives a
 * view that comes again with a new state only that state. Once the prompt is over, it shows a
 * neutral 'Done' with no control left.
 */
import type { SurfaceAction, SurfaceState, SurfaceView } from '../../protocol/surface.js';
import { connectSurface, type SurfacePort } from './channel.js';
import { el } from './dom.js';
import { SURFACE_TEXT } from './texts.js';
import { type TrustOptions, trustGuard } from './trusted.js';
import type { ViewContext, ViewHandle } from './views/common.js';
import { exportView } from './views/export.js';
import { mfaEnrollView } from './views/mfa-enroll.js';
import { passwordEnterView } from './views/password-enter.js';
import { passwordSetView } from './views/password-set.js';
import { signMessageView, signTypedDataView, transactionView } from './views/review.js';
import { verifyView } from './views/verify.js';

type PasskeyViews = typeof import('./views/passkey.js');
/**
 * The passkey view and its WebAuthn code, fetched the first time a prompt shows one: most
 * surfaces are reviews and codes, which never need it.
 */
let passkeyViews: PasskeyViews | undefined;

/** How long the surface waits for its first view before it says the request is gone. */
const VIEW_TIMEOUT_MS = 3000;

export interface SurfaceOptions {
  prompt: string;
  /** The BroadcastChannel of SURFACE_CHANNEL. */
  port: SurfacePort;
  /** The app's name, from the page's frame configuration (the recovery file's name, §4.6). */
  appName: string;
  copy(text: string): Promise<void>;
  download(fileName: string, content: string): void;
  trust?: TrustOptions;
  viewTimeoutMs?: number;
}

function build(ctx: ViewContext, view: SurfaceView, appName: string): ViewHandle {
  switch (view.kind) {
    case 'sign-message':
      return signMessageView(ctx, view);
    case 'sign-typed-data':
      return signTypedDataView(ctx, view);
    case 'transaction':
      return transactionView(ctx, view);
    case 'verify':
      return verifyView(ctx, view);
    case 'password-enter':
      return passwordEnterView(ctx, view);
    case 'password-set':
      return passwordSetView(ctx, view, appName);
    case 'mfa-enroll':
      return mfaEnrollView(ctx, view);
    case 'export':
      return exportView(ctx, view);
    case 'passkey':
      return (passkeyViews as PasskeyViews).passkeyView(ctx, view);
  }
}

/** A line that is all the page says (loading, gone, done), announced politely. */
function notice(text: string, detail?: string, spinner = false): HTMLElement {
  return el('div', { class: 'notice', role: 'status' }, [
    spinner && el('span', { class: 'spinner', 'aria-hidden': 'true' }),
    el('p', { class: spinner ? 'text' : 'strong' }, [text]),
    detail && el('p', { class: 'text' }, [detail]),
  ]);
}

/** Mounts the surface in `root`; `close` stops listening (the page going away). */
export function mountSurface(root: HTMLElement, options: SurfaceOptions): { close(): void } {
  const doc = root.ownerDocument;
  const guard = trustGuard(doc, root, options.trust);
  let current: { key: string; handle: ViewHandle } | null = null;
  let ended = false;

  const send = (action: SurfaceAction): void => {
    if (!ended) link.send(action);
  };
  const ctx: ViewContext = { send, guard, copy: options.copy, download: options.download };

  /** Counts the views given, so a passkey view whose code came late does not replace a newer one. */
  let given = 0;
  const show = (view: SurfaceView, state: SurfaceState): void => {
    if (ended) return;
    clearTimeout(timer);
    const mine = ++given;
    if (view.kind === 'passkey' && !passkeyViews) {
      import('./views/passkey.js').then(
        (loaded) => {
          passkeyViews = loaded;
          if (mine === given) show(view, state);
        },
        () => {
          if (!ended) root.replaceChildren(notice(SURFACE_TEXT.gone, SURFACE_TEXT.goneDetail));
        },
      );
      return;
    }
    const key = JSON.stringify(view);
    if (current?.key === key) {
      current.handle.update(state);
      return;
    }
    current?.handle.dispose();
    const handle = build(ctx, view, options.appName);
    current = { key, handle };
    root.replaceChildren(handle.node);
    handle.update(state);
    handle.focus.focus({ preventScroll: true });
  };
  const end = (): void => {
    if (ended) return;
    ended = true;
    clearTimeout(timer);
    current?.handle.dispose();
    current = null;
    root.replaceChildren(notice(SURFACE_TEXT.done));
    link.close();
    guard.dispose();
  };

  root.replaceChildren(notice(SURFACE_TEXT.loading, undefined, true));
  const timer = setTimeout(() => {
    if (!current && !ended) root.replaceChildren(notice(SURFACE_TEXT.gone, SURFACE_TEXT.goneDetail));
  }, options.viewTimeoutMs ?? VIEW_TIMEOUT_MS);
  const link = connectSurface(options.port, options.prompt, { view: show, end });
  return {
    close() {
      clearTimeout(timer);
      link.close();
      guard.dispose();
    },
  };
}
