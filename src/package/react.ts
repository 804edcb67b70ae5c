/**
 * `@gatehousejs/widget/react`: the widget in a React app. `<GatehouseProvider>` loads it once (in
 * an effect, so server rendering is untouched) and the hooks read its nanostores: a component
 * re-renders when the user, the login state or the connected wallets change.
 */
import { atom, type ReadableAtom } from 'nanostores';
import {
  createContext,
  createElement,
  Fragment,
  type FunctionComponent,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import type { HostConfig, LoginErrorDetail, LoginSuccessDetail, User } from '../protocol/client.js';
import { EVENTS } from '../protocol/events.js';
import type { ConnectedWallet } from '../protocol/external-wallet.js';
import { NOT_READY_CODE, NOT_READY_MESSAGE, type SharedStores } from '../protocol/loader.js';
import type { LoginWidgetApi, SendCodeDestination } from '../protocol/login-widget.js';
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
  // The third argument is the server render's value (React requires it there); the repository's
  // type check reads React's types through preact/compat, whose declaration omits it.
  const withServerSnapshot = useSyncExternalStore as <T>(
    subscribe: (changed: () => void) => () => void,
    read: () => T,
    readOnServer: () => T,
  ) => T;
  return withServerSnapshot(subscribe, read, read);
}

/** The logged-in user, or `null`. */
export const useUser = (): User | null => useShared('$user');

/** Whether a user is logged in. */
export const useAuthenticated = (): boolean => useShared('$authenticated');

/** Whether the widget has loaded and knows the session. */
export const useReady = (): boolean => useShared('$ready');

/** The connected external wallets, in the order they connected. */
export const useWallets = (): ConnectedWallet[] => useShared('$wallets');

/** Renders its children only while a user is logged in (a component of its own: no hook in a condition). */
export const SignedIn: FunctionComponent<{ children?: ReactNode }> = ({ children }) =>
  createElement(Fragment, null, useAuthenticated() ? children : null);

/** Renders its children once the session is known and nobody is logged in (nothing while loading). */
export const SignedOut: FunctionComponent<{ children?: ReactNode }> = ({ children }) => {
  const ready = useReady();
  const authenticated = useAuthenticated();
  return createElement(Fragment, null, ready && !authenticated ? children : null);
};

/** The `{ code, message }` a call rejects with (login:error's detail has the same shape). */
export type LoginError = LoginErrorDetail;

/** A call before the widget is ready. */
const notReady = (): LoginError => ({ code: NOT_READY_CODE, message: NOT_READY_MESSAGE });

/** Where a code login stands: the state machine of useLoginWithEmail and useLoginWithSms. */
export type CodeLoginState =
  | 'initial'
  | 'sending-code'
  | 'awaiting-code-input'
  | 'submitting-code'
  | 'done'
  | 'error';

export interface CodeLogin<Destination> {
  /** LoginWidget.sendCode: resolves once the code is sent; rejects with a LoginError. */
  sendCode(destination: Destination): Promise<void>;
  /** LoginWidget.loginWithCode: resolves with the user once logged in; rejects with a LoginError. */
  loginWithCode(input: { code: string }): Promise<User>;
  state: CodeLoginState;
  /** Why the last call failed, while `state` is 'error'. */
  error: LoginError | null;
}

/** The headless code login of the widget in context, with its state for the component. */
function useCodeLogin<Destination extends SendCodeDestination>(): CodeLogin<Destination> {
  const widget = useLoginWidget();
  const [status, setStatus] = useState<{ state: CodeLoginState; error: LoginError | null }>({
    state: 'initial',
    error: null,
  });
  const run = useCallback(
    <T>(busy: CodeLoginState, done: CodeLoginState, call: (api: LoginWidgetApi) => Promise<T>) => {
      const started = widget ? call(widget) : Promise.reject(notReady());
      setStatus({ state: busy, error: null });
      return started.then(
        (value) => {
          setStatus({ state: done, error: null });
          return value;
        },
        (error: LoginError) => {
          setStatus({ state: 'error', error: { code: error.code, message: error.message } });
          throw error;
        },
      );
    },
    [widget],
  );
  const sendCode = useCallback(
    (destination: Destination) =>
      run('sending-code', 'awaiting-code-input', (api) => api.sendCode(destination)),
    [run],
  );
  const loginWithCode = useCallback(
    (input: { code: string }) => run('submitting-code', 'done', (api) => api.loginWithCode(input)),
    [run],
  );
  return { sendCode, loginWithCode, ...status };
}

/** Log in with a code sent by email from the app's own form: `sendCode({ email })`, then `loginWithCode({ code })`. */
export const useLoginWithEmail = (): CodeLogin<{ email: string }> => useCodeLogin<{ email: string }>();

/** Log in with a code sent by SMS: `sendCode({ phone })` (E.164, as '+14155550100'), then `loginWithCode({ code })`. */
export const useLoginWithSms = (): CodeLogin<{ phone: string }> => useCodeLogin<{ phone: string }>();

export interface LoginCallbacks {
  /** Every login while the component is mounted (the modal's, a headless one): login:success's detail. */
  onComplete?: (detail: LoginSuccessDetail) => void;
  /** Every failed or abandoned login: login:error's detail. */
  onError?: (error: LoginError) => void;
}

/**
 * `login()` opens the modal (LoginWidget.login; before the widget is ready, onError hears
 * not_ready); the callbacks follow login:success and login:error while the component is mounted.
 */
export function useLogin(callbacks: LoginCallbacks = {}): { login(): Promise<void> } {
  const widget = useLoginWidget();
  const latest = useRef(callbacks);
  latest.current = callbacks;
  useEffect(() => {
    const success = (event: Event) =>
      latest.current.onComplete?.((event as CustomEvent<LoginSuccessDetail>).detail);
    const failure = (event: Event) => latest.current.onError?.((event as CustomEvent<LoginError>).detail);
    window.addEventListener(EVENTS.loginSuccess, success);
    window.addEventListener(EVENTS.loginError, failure);
    return () => {
      window.removeEventListener(EVENTS.loginSuccess, success);
      window.removeEventListener(EVENTS.loginError, failure);
    };
  }, []);
  const login = useCallback(async () => {
    if (widget) return widget.login();
    latest.current.onError?.(notReady());
  }, [widget]);
  return { login };
}
