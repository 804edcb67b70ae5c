/**
 * `@gatehousejs/widget/react`: the widget in a React app. `<GatehouseProvider>` loads it once (in
 * an effect, so server rendering is untouched) and the hooks read its nanostores: a component
 * re-renders when the user, the login state or the connected wallets change.
 */
import { atom, type ReadableAtom } from 'nanostores';
import {
  createContext,
  createElement,
  type FunctionComponent,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import type { HostConfig, User } from '../protocol/client.js';
import type { ConnectedWallet } from '../protocol/external-wallet.js';
import type { SharedStores } from '../protocol/loader.js';
import type { LoginWidgetApi } from '../protocol/login-widget.js';
import { type LoadOptions, load } from './load.js';

const WidgetContext = createContext<LoginWidgetApi | null>(null);

/** What the hooks read before the widget is ready (and during server rendering). */
const BEFORE_READY = {
  $ready: atom(false),
  $user: atom<User | null>(null),
  $authenticated: atom(false),
  $wallets: atom<ConnectedWallet[]>([]),
};

export interface GatehouseProviderProps extends LoadOptions {
  /** Passed to `LoginWidget.init()` once the widget is ready (§3 host configuration). */
  config?: HostConfig;
  /** Called when the widget cannot be loaded (the provider is unreachable); the app keeps working. */
  onError?: (error: Error) => void;
  children?: ReactNode;
}

/** Loads the widget once and gives it to the hooks below it. */
export const GatehouseProvider: FunctionComponent<GatehouseProviderProps> = (props) => {
  const [widget, setWidget] = useState<LoginWidgetApi | null>(null);
  // The widget loads once per app and provider: a new `config` or `onError` each render must not reload it.
  const latest = useRef(props);
  latest.current = props;
  const { appId, apiUrl, loaderUrl } = props;
  useEffect(() => {
    let live = true;
    const { integrity, nonce, preload, config, onError } = latest.current;
    load({ appId, apiUrl, loaderUrl, integrity, nonce, preload }).then(
      async (loaded) => {
        if (config) await loaded.init(config);
        if (live) setWidget(loaded);
      },
      (error: Error) => onError?.(error),
    );
    return () => {
      live = false;
    };
  }, [appId, apiUrl, loaderUrl]);
  return createElement(WidgetContext.Provider, { value: widget }, props.children);
};

/** `window.LoginWidget` once it is ready, `null` before (and on the server). */
export const useLoginWidget = (): LoginWidgetApi | null => useContext(WidgetContext);

type Value<K extends keyof SharedStores> = ReturnType<SharedStores[K]['get']>;

/** One of the widget's stores (the loader's nanostores atoms), or its value before the widget is ready. */
function useShared<K extends keyof SharedStores>(key: K): Value<K> {
  const store = (useLoginWidget() ?? BEFORE_READY)[key] as unknown as ReadableAtom<Value<K>>;
  // React's own store hook: the package needs no binding library of its own to install.
  const subscribe = useCallback((changed: () => void) => store.listen(changed), [store]);
  const read = useCallback(() => store.get(), [store]);
  return useSyncExternalStore(subscribe, read, read);
}

/** The logged-in user, or `null`. */
export const useUser = (): User | null => useShared('$user');

/** Whether a user is logged in. */
export const useAuthenticated = (): boolean => useShared('$authenticated');

/** Whether the widget has loaded and knows the session. */
export const useReady = (): boolean => useShared('$ready');

/** The connected external wallets, in the order they connected. */
export const useWallets = (): ConnectedWallet[] => useShared('$wallets');
