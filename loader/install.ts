import { appConfigPath } from '../src/protocol/api.js';
import type { User } from '../src/protocol/client.js';
import { APP_ID_LENGTH } from '../src/protocol/constants.js';
import { PROVIDER_UNREACHABLE_CODE, PROVIDER_UNREACHABLE_MESSAGE } from '../src/protocol/error-messages.js';
import {
  FARCASTER_ACTION_METHODS,
  INVALID_APP_ID_MESSAGE,
  isLoginWidgetStub,
  type LoginWidgetStub,
  PRELOAD_NONE,
  READY_EVENT,
  type SharedStores,
  WIDGET_METHODS,
  type WidgetHandle,
  type WidgetModule,
  widgetPath,
} from '../src/protocol/loader.js';
import type { LoginWidgetApi } from '../src/protocol/login-widget.js';
import { SDK_VERSION } from '../src/protocol/version.js';
import { atom } from './atom.js';

export type ImportWidget = (url: string) => Promise<WidgetModule>;

type HostWindow = {
  LoginWidget?: LoginWidgetApi | LoginWidgetStub;
  dispatchEvent?(event: Event): boolean;
};

const noop = (): void => {};

/** Inserts a <link rel="modulepreload"> for each file (relative to the entry) with the tag's nonce. */
const preloadFiles = (files: readonly string[], entry: URL, nonce?: string) => () => {
  for (const file of files)
    document.head.append(
      Object.assign(document.createElement('link'), {
        rel: 'modulepreload',
        href: new URL(file, entry),
        nonce,
      }),
    );
};

/** `window.LoginWidget`: the stores, `ready`, a forwarder per method, the Farcaster actions' under `farcaster`. */
function instance(
  stores: SharedStores,
  ready: Promise<void>,
  forward: (method: string) => (...args: unknown[]) => Promise<unknown>,
): LoginWidgetApi {
  const api: Record<string, unknown> = {
    ...stores,
    ready,
    get user() {
      return stores.$user.get();
    },
    get authenticated() {
      return stores.$authenticated.get();
    },
  };
  for (const method of WIDGET_METHODS) api[method] = forward(method);
  const farcaster: Record<string, unknown> = {};
  for (const action of FARCASTER_ACTION_METHODS) farcaster[action] = forward(`farcaster.${action}`);
  api.farcaster = farcaster;
  return api as unknown as LoginWidgetApi;
}

/**
 * Installs `window.LoginWidget` from the loader's own script tag (never over a real one; over the
 * README's inline stub, whose `ready` it then settles), then loads the widget bundle from the
 * loader's origin and mounts it. Nothing here throws into the host page: every failure becomes a
 * rejected promise. Once ready, `gatehouse:ready` fires on `window` with the instance.
 */
export function installLoginWidget(
  win: HostWindow,
  script: HTMLScriptElement | null,
  importWidget: ImportWidget,
  modalFiles: readonly string[] = [],
): void {
  const stub = win.LoginWidget;
  if (stub && !isLoginWidgetStub(stub)) return;
  const stores: SharedStores = {
    $ready: atom(false),
    $user: atom<User | null>(null),
    $authenticated: atom(false),
    $wallets: atom([]),
  };
  const data = script?.dataset ?? {};
  const appId = data.appId ?? '';
  let handle: Promise<WidgetHandle>;
  let retry: (() => Promise<WidgetHandle>) | null = null;
  // A login() before the entry has arrived: the modal's files, fetched beside the entry (data-preload).
  let preload: (() => void) | null = null;
  if (!script || appId.length !== APP_ID_LENGTH) {
    console.error(INVALID_APP_ID_MESSAGE);
    handle = Promise.reject(new Error(INVALID_APP_ID_MESSAGE));
  } else {
    const base = new URL(script.src || location.href);
    const apiUrl = data.apiUrl || base.origin;
    // Sent now, beside the widget's files, not after they have loaded; the widget reads the answer.
    // A GET with no custom header (a CORS simple request); a page without fetch gets a rejection.
    const appConfig = new Promise<Response>((resolve) =>
      resolve(fetch(`${apiUrl.replace(/\/+$/, '')}${appConfigPath(appId)}`)),
    );
    appConfig.catch(noop);
    const entry = new URL(widgetPath(SDK_VERSION), base);
    if (data.preload !== PRELOAD_NONE) preload = preloadFiles(modalFiles, entry, script.nonce);
    const load = () =>
      importWidget(entry.href).then(
        (widget) => {
          preload = null;
          return widget.mount({
            appId,
            apiUrl,
            nonce: data.nonce || script.nonce || undefined,
            stores,
            appConfig,
            preload: data.preload,
          });
        },
        () => {
          // The one clear error of an unreachable provider; the next call fetches again.
          retry = load;
          throw Object.assign(new Error(PROVIDER_UNREACHABLE_MESSAGE), { code: PROVIDER_UNREACHABLE_CODE });
        },
      );
    handle = load();
  }
  const ready = handle.then((widget) => widget.ready);
  ready.catch(noop);

  // Calls before the widget is mounted wait on `handle`: they replay in order, each settling its own promise.
  const forward =
    (method: string) =>
    (...args: unknown[]) => {
      if (method === 'login') {
        preload?.();
        preload = null;
      }
      if (retry) {
        handle = retry();
        retry = null;
      }
      return handle.then((widget) => widget.call(method, args));
    };
  const api = instance(stores, ready, forward);
  win.LoginWidget = api;
  if (stub) {
    stub.ready.catch(noop);
    // `ready` resolves with nothing: the stub's own resolve and reject settle it as they are.
    ready.then(...stub.settle);
  }
  ready.then(() => win.dispatchEvent?.(new CustomEvent(READY_EVENT, { detail: api })), noop);
}
