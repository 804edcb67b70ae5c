import { atom } from 'nanostores';
import { appConfigPath } from '../src/protocol/api.js';
import type { User } from '../src/protocol/client.js';
import { APP_ID_LENGTH } from '../src/protocol/constants.js';
import { PROVIDER_UNREACHABLE_CODE, PROVIDER_UNREACHABLE_MESSAGE } from '../src/protocol/error-messages.js';
import {
  FARCASTER_ACTION_METHODS,
  INVALID_APP_ID_MESSAGE,
  isLoginWidgetStub,
  type LoginWidgetStub,
  READY_EVENT,
  type SharedStores,
  WIDGET_METHODS,
  type WidgetHandle,
  type WidgetModule,
  widgetPath,
} from '../src/protocol/loader.js';
import type { LoginWidgetApi } from '../src/protocol/login-widget.js';
import { SDK_VERSION } from '../src/protocol/version.js';

export type ImportWidget = (url: string) => Promise<WidgetModule>;

type HostWindow = {
  LoginWidget?: LoginWidgetApi | LoginWidgetStub;
  dispatchEvent?(event: Event): boolean;
};

const noop = (): void => {};

/** A GET with no custom header (a CORS simple request); undefined where the page has no fetch. */
function fetchAppConfig(url: string): Promise<Response> | undefined {
  try {
    const answer = fetch(url);
    answer.catch(noop);
    return answer;
  } catch {
    return undefined;
  }
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
  if (!script || appId.length !== APP_ID_LENGTH) {
    console.error(INVALID_APP_ID_MESSAGE);
    handle = Promise.reject(new Error(INVALID_APP_ID_MESSAGE));
  } else {
    const base = new URL(script.src || location.href);
    const apiUrl = data.apiUrl || base.origin;
    // Sent now, beside the widget's files, not after they have loaded; the widget reads the answer.
    const appConfig = fetchAppConfig(`${apiUrl.replace(/\/+$/, '')}${appConfigPath(appId)}`);
    const load = () =>
      importWidget(new URL(widgetPath(SDK_VERSION), base).href).then(
        (widget) =>
          widget.mount({
            appId,
            apiUrl,
            nonce: data.nonce || script.nonce || undefined,
            stores,
            appConfig,
            preload: data.preload,
          }),
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

  const api = {
    ...stores,
    ready,
    get user() {
      return stores.$user.get();
    },
    get authenticated() {
      return stores.$authenticated.get();
    },
  } as LoginWidgetApi;
  // Calls before the widget is mounted wait on `handle`: they replay in order, each settling its own promise.
  const forward =
    (method: string) =>
    (...args: unknown[]) => {
      if (retry) {
        handle = retry();
        retry = null;
      }
      return handle.then((widget) => widget.call(method, args));
    };
  for (const method of WIDGET_METHODS) (api as unknown as Record<string, unknown>)[method] = forward(method);
  const farcaster: Record<string, unknown> = {};
  for (const action of FARCASTER_ACTION_METHODS) farcaster[action] = forward(`farcaster.${action}`);
  (api as unknown as Record<string, unknown>).farcaster = farcaster;
  win.LoginWidget = api;
  if (stub) {
    stub.ready.catch(noop);
    // `ready` resolves with nothing: the stub's own resolve and reject settle it as they are.
    ready.then(...stub.settle);
  }
  ready.then(() => win.dispatchEvent?.(new CustomEvent(READY_EVENT, { detail: api })), noop);
}
