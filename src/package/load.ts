/**
 * `load()`: the npm package's way to the widget. It puts the same stub the README's tag snippet
 * puts (so `window.LoginWidget` exists at once), injects the loader tag unless the page already
 * has one, and resolves with the real instance once it is ready. Importing this module touches
 * no browser global; only calling `load()` does.
 */
import {
  isLoginWidgetStub,
  LOAD_NEEDS_BROWSER_MESSAGE,
  type LoginWidgetStub,
  type PreloadMode,
  WIDGET_LOAD_FAILED_MESSAGE,
} from '../protocol/loader.js';
import type { LoginWidgetApi } from '../protocol/login-widget.js';

export interface LoadOptions {
  /** The app's id (`gatehouse apps create` prints it), exactly 25 characters. */
  appId: string;
  /** The provider's origin, e.g. `https://auth.example.com`; the loader is taken from there. */
  apiUrl: string;
  /** Another loader URL, e.g. the pinned `${apiUrl}/loader@0.1.0.js`; defaults to `${apiUrl}/loader.js`. */
  loaderUrl?: string;
  /** Subresource Integrity of a pinned loader (`sha384-…`). */
  integrity?: string;
  /** CSP nonce for the loader tag and the widget's style elements. */
  nonce?: string;
  /** When the login modal's files are fetched before it opens (the tag's `data-preload`): 'idle' by default. */
  preload?: PreloadMode;
}

type Slot = { LoginWidget?: LoginWidgetApi | LoginWidgetStub };

/** The load in progress: the stub it waits on and its promise. */
let pending: { stub: LoginWidgetStub; loading: Promise<LoginWidgetApi> } | undefined;

/** The README's stub: `window.LoginWidget` with a `ready` the loader settles. */
function putStub(slot: Slot): LoginWidgetStub {
  const current = slot.LoginWidget;
  if (isLoginWidgetStub(current)) return current;
  const stub = {} as LoginWidgetStub;
  stub.ready = new Promise((resolve, reject) => {
    stub.settle = [resolve, reject];
  });
  slot.LoginWidget = stub;
  return stub;
}

function injectTag(options: LoadOptions, stub: LoginWidgetStub): HTMLScriptElement | null {
  if (document.querySelector('script[data-app-id]')) return null;
  const base = options.apiUrl.replace(/\/+$/, '');
  const script = document.createElement('script');
  script.src = options.loaderUrl ?? `${base}/loader.js`;
  script.async = true;
  script.dataset.appId = options.appId;
  script.dataset.apiUrl = base;
  if (options.integrity) {
    script.integrity = options.integrity;
    script.crossOrigin = 'anonymous';
  }
  if (options.nonce) script.nonce = options.nonce;
  if (options.preload) script.dataset.preload = options.preload;
  script.onerror = () =>
    stub.settle[1](new Error(`${WIDGET_LOAD_FAILED_MESSAGE} ${new URL(script.src).origin}`));
  document.head.appendChild(script);
  return script;
}

/**
 * Resolves with `window.LoginWidget` once it is ready; rejects when the provider cannot be
 * reached or outside a browser. Safe to call many times: one tag, one instance.
 */
export function load(options: LoadOptions): Promise<LoginWidgetApi> {
  if (typeof window === 'undefined' || typeof document === 'undefined') {
    return Promise.reject(new Error(LOAD_NEEDS_BROWSER_MESSAGE));
  }
  const slot = window as unknown as Slot;
  const current = slot.LoginWidget;
  if (current && !isLoginWidgetStub(current)) return current.ready.then(() => current);
  if (pending && pending.stub === current) return pending.loading;
  const stub = putStub(slot);
  const script = injectTag(options, stub);
  const loading = stub.ready.then(() => slot.LoginWidget as LoginWidgetApi);
  pending = { stub, loading };
  // A failed load can be tried again: the stub and the tag that failed go.
  loading.catch(() => {
    pending = undefined;
    if (slot.LoginWidget === stub) delete slot.LoginWidget;
    script?.remove();
  });
  return loading;
}
