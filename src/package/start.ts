/**
 * What the Vue and Svelte entries share: `start()` loads the widget once, passes the app's config to
 * `LoginWidget.init()` and copies the widget's stores into stores of this module, which exist from the
 * first import. A component can then subscribe before the widget is ready (and on the server), where it
 * reads the logged-out state, and it never has to move to other stores once the widget has loaded.
 */
import { atom, type ReadableAtom } from 'nanostores';
import type { HostConfig, User } from '../protocol/client.js';
import type { ConnectedWallet } from '../protocol/external-wallet.js';
import type { LoginWidgetApi } from '../protocol/login-widget.js';
import { type LoadOptions, load } from './load.js';

export interface GatehouseOptions extends LoadOptions {
  /** Passed to `LoginWidget.init()` once the widget is ready (§3 host configuration). */
  config?: HostConfig;
  /** Called when the widget cannot be loaded (the provider is unreachable); the app keeps working. */
  onError?: (error: Error) => void;
}

const $widget = atom<LoginWidgetApi | null>(null);
const $ready = atom(false);
const $user = atom<User | null>(null);
const $authenticated = atom(false);
const $wallets = atom<ConnectedWallet[]>([]);

/** The widget's stores, read-only: logged out until the widget is ready, then the widget's own values. */
export const stores: {
  /** `window.LoginWidget` once it is ready (and its config applied), `null` before. */
  $widget: ReadableAtom<LoginWidgetApi | null>;
  $ready: ReadableAtom<boolean>;
  $user: ReadableAtom<User | null>;
  $authenticated: ReadableAtom<boolean>;
  $wallets: ReadableAtom<ConnectedWallet[]>;
} = { $widget, $ready, $user, $authenticated, $wallets };

/** The widget's stores feed ours for the life of the page (the widget is one per page). */
function follow(widget: LoginWidgetApi): void {
  widget.$ready.subscribe((value) => $ready.set(value));
  widget.$user.subscribe((value) => $user.set(value));
  widget.$authenticated.subscribe((value) => $authenticated.set(value));
  widget.$wallets.subscribe((value) => $wallets.set(value));
  $widget.set(widget);
}

/**
 * Loads the widget (once per page, however often it is called) and resolves with it, or with `null`
 * when it cannot be loaded or configured: `onError` hears why, and the promise never rejects.
 */
export function start(options: GatehouseOptions): Promise<LoginWidgetApi | null> {
  const { config, onError, ...loadOptions } = options;
  return load(loadOptions)
    .then(async (widget) => {
      if (config) await widget.init(config);
      if ($widget.get() !== widget) follow(widget);
      return widget;
    })
    .catch((error: Error) => {
      onError?.(error);
      return null;
    });
}
