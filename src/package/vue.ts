/**
 * `@gatehousejs/widget/vue`: the widget in a Vue 3 app. `app.use(createGatehouse(options))` loads it
 * once, in the browser only (server rendering is untouched), and the composables give refs that follow
 * the user, the login state and the connected wallets, logged out until the widget is ready.
 */
import type { ReadableAtom } from 'nanostores';
import {
  type DeepReadonly,
  getCurrentScope,
  onScopeDispose,
  type Plugin,
  type Ref,
  type ShallowRef,
  shallowRef,
} from 'vue';
import type { User } from '../protocol/client.js';
import type { ConnectedWallet } from '../protocol/external-wallet.js';
import type { LoginWidgetApi } from '../protocol/login-widget.js';
import { type GatehouseOptions, start, stores } from './start.js';

export type { GatehouseOptions } from './start.js';

/** The plugin: `createApp(App).use(createGatehouse({ appId, apiUrl }))`. */
export function createGatehouse(options: GatehouseOptions): Plugin {
  return {
    install() {
      if (typeof window !== 'undefined') void start(options);
    },
  };
}

/**
 * A store's value as a shallow ref that follows it until the calling scope ends. Not through
 * @nanostores/vue: as a dependency it would install Vue into every React app that uses the package,
 * and in development it hands out a readonly proxy the widget's and the wallets' methods cannot run on.
 */
function useShallow<T>(store: ReadableAtom<T>): Readonly<ShallowRef<T>> {
  const value = shallowRef(store.get());
  if (typeof window !== 'undefined') {
    const stop = store.listen((next) => {
      value.value = next;
    });
    if (getCurrentScope()) onScopeDispose(stop);
  }
  return value;
}

/** `window.LoginWidget` once it is ready, `null` before (and on the server). */
export const useLoginWidget = (): Readonly<ShallowRef<LoginWidgetApi | null>> => useShallow(stores.$widget);

/** The logged-in user, or `null` (read-only: the widget owns it). */
export const useUser = (): Readonly<Ref<DeepReadonly<User> | null>> =>
  useShallow(stores.$user) as Readonly<Ref<DeepReadonly<User> | null>>;

/** Whether a user is logged in. */
export const useAuthenticated = (): Readonly<Ref<boolean>> => useShallow(stores.$authenticated);

/** Whether the widget has loaded and knows the session. */
export const useReady = (): Readonly<Ref<boolean>> => useShallow(stores.$ready);

/** The connected external wallets, in the order they connected. */
export const useWallets = (): Readonly<ShallowRef<ConnectedWallet[]>> => useShallow(stores.$wallets);
