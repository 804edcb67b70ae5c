/**
 * The contract between the loader (loader/, a tiny classic script) and the widget bundle it
 * imports by URL, and the shape of `window.LoginWidget`. Types and constants only: protocol has
 * no dependencies, so the nanostores atoms are described structurally.
 */
import type { User } from './client.js';
import type { ConnectedWallet } from './external-wallet.js';

/** Logged by the loader, and the reason of every rejected call, when data-app-id is not 25 characters (§1). */
export const INVALID_APP_ID_MESSAGE = 'Cannot initialize the Gatehouse provider with an invalid app ID';

/** Start of the reason given when the widget bundle cannot be loaded; the provider's origin follows. */
export const WIDGET_LOAD_FAILED_MESSAGE = 'Gatehouse could not load from';

/**
 * Fired on `window` once `LoginWidget.ready` resolves, with the instance as `detail`: for code
 * that prefers an event to the promise (§6 host API: a loading that cannot race).
 */
export const READY_EVENT = 'gatehouse:ready';

/**
 * The two-line inline stub a host puts before the tag (README): `window.LoginWidget` exists from
 * the first script on, with a `ready` promise the loader settles once the real instance is in place.
 */
export interface LoginWidgetStub {
  ready: Promise<unknown>;
  settle: [(value: unknown) => void, (reason: unknown) => void];
}

/** Whether `window.LoginWidget` is still the stub (the loader replaces it with the real instance). */
export const isLoginWidgetStub = (value: unknown): value is LoginWidgetStub =>
  !!value && Array.isArray((value as Partial<LoginWidgetStub>).settle);

/** The npm package's `load()` outside a browser (server-side rendering, tests under Node). */
export const LOAD_NEEDS_BROWSER_MESSAGE =
  'Gatehouse load() runs in a browser: call it from an effect, not while rendering on the server';

/**
 * §8 'Method called before ready...': the rejection of a React hook's call (useLoginWithEmail,
 * useLogin…) while <GatehouseProvider> is still loading the widget (useReady() is false).
 */
export const NOT_READY_CODE = 'not_ready';
export const NOT_READY_MESSAGE = 'Method called before ready: the Gatehouse widget is still loading';

/** The element the widget appends to document.body; its open shadow root holds the whole UI. */
export const HOST_ELEMENT_ID = 'gatehouse-root';

/**
 * When the first login modal's files are fetched before it opens: `data-preload` on the loader tag
 * (`preload` of the npm package's load()). 'idle', the default (any other value too): once the
 * page has loaded and the browser is idle; 'intent': on the visitor's first pointerdown, focusin
 * or keydown after the load; 'none': when the modal opens. Never on a Save-Data or 2G connection.
 * A login() before the entry has arrived (a page calling it at load) preloads them beside the entry
 * in every mode but 'none' (loader/install.ts): the modal opens anyway, one round trip sooner.
 */
export const PRELOAD_MODES = ['idle', 'intent', 'none'] as const;
export type PreloadMode = (typeof PRELOAD_MODES)[number];
export const PRELOAD_INTENT: PreloadMode = 'intent';
export const PRELOAD_NONE: PreloadMode = 'none';

/** The first events of a visitor about to use the page: 'intent' fetches the modal on the first one. */
export const PRELOAD_INTENT_EVENTS = ['pointerdown', 'focusin', 'keydown'] as const;

/** The widget entry, relative to the loader script's URL. */
export const widgetPath = (version: string): string => `widget/${version}/widget.js`;

/** The part of a nanostores atom that host and widget use. */
export interface SharedStore<T> {
  get(): T;
  set(value: T): void;
  subscribe(listener: (value: T) => void): () => void;
  listen(listener: (value: T) => void): () => void;
}

/** Owned by the loader, handed to the widget at mount: host and widget share one copy. */
export interface SharedStores {
  $ready: SharedStore<boolean>;
  $user: SharedStore<User | null>;
  $authenticated: SharedStore<boolean>;
  /** The connected external wallets (§3, §6), in the order they connected. */
  $wallets: SharedStore<ConnectedWallet[]>;
}

export interface MountOptions {
  appId: string;
  apiUrl: string;
  /** CSP nonce for the widget's style elements. */
  nonce?: string;
  stores: SharedStores;
  /**
   * The answer to the app-configuration GET the loader sent while the widget's files load (a CORS
   * simple request: no custom header, so no preflight); the widget asks again only when it failed.
   */
  appConfig?: Promise<Response>;
  /** The tag's `data-preload`, as written (PRELOAD_MODES). */
  preload?: string;
}

/**
 * The embedded wallet's methods of window.LoginWidget (§1, §4.6); their code loads with the first
 * call. core/host/methods.ts runs each as the embedded-wallet chunk's METHODS entry of that name.
 */
export const EMBEDDED_WALLET_METHODS = [
  'createWallet',
  'signMessage',
  'signTypedData',
  'sendTransaction',
  'exportWallet',
  'setWalletPassword',
  'getEthereumProvider',
  'getWalletDevices',
  'revokeWalletDevice',
] as const;

/** The external wallets' methods of window.LoginWidget (§4.6), the external-wallets chunk's. */
export const EXTERNAL_WALLET_METHODS = [
  'connectWallet',
  'connectOrCreateWallet',
  'linkWallet',
  'unlinkWallet',
] as const;

/** Two-step verification's methods of window.LoginWidget (§4.8); their code loads with the first call. */
export const MFA_WIDGET_METHODS = [
  'showMfaEnrollment',
  'initMfaEnrollment',
  'submitMfaEnrollment',
  'unenrollMfa',
  'initMfa',
  'submitMfa',
  'cancelMfa',
] as const;

/** Farcaster's methods of window.LoginWidget (§4.4); their code loads with the first call. */
export const FARCASTER_WIDGET_METHODS = [
  'linkFarcaster',
  'unlinkFarcaster',
  'requestFarcasterSigner',
] as const;

/** Passkeys' methods of window.LoginWidget (passkey.ts); their code loads with the first call. */
export const PASSKEY_WIDGET_METHODS = [
  'loginWithPasskey',
  'linkPasskey',
  'unlinkPasskey',
  'setWalletPasskey',
] as const;

/**
 * Headless login (docs/guide/headless.md): the code and OAuth logins from the host's own form,
 * without the modal's; their code loads with the first call.
 */
export const HEADLESS_WIDGET_METHODS = ['sendCode', 'loginWithCode', 'initOAuth'] as const;

/** `LoginWidget.farcaster.*`: the actions of §7, signed in the wallet frame. */
export const FARCASTER_ACTION_METHODS = [
  'submitCast',
  'removeCast',
  'likeCast',
  'recastCast',
  'followUser',
  'unfollowUser',
] as const;
export type FarcasterActionMethod = `farcaster.${(typeof FARCASTER_ACTION_METHODS)[number]}`;

/** The words of a space-separated list, as a tuple type. */
type Words<S extends string, Done extends string[] = []> = S extends `${infer Head} ${infer Rest}`
  ? Words<Rest, [...Done, Head]>
  : readonly [...Done, S];
const words = <S extends string>(list: S): Words<S> => list.split(' ') as unknown as Words<S>;

/**
 * Methods of window.LoginWidget that the loader forwards to the widget: the lists above and the
 * rest, written out as one string of words, which is smaller in the loader than array literals
 * (and keeps the lists above out of it). test/unit/protocol/loader-api.test.ts holds it to the lists
 * above, to LoginWidgetApi and its OAuth links to OAUTH_PROVIDER_RECORD (deriving them would bring
 * the record into the loader). Pure: the widget, which takes the lists above, drops it.
 */
export const WIDGET_METHODS = /* @__PURE__ */ words(
  'init login logout setLocale getAccessToken forkSession linkEmail linkPhone unlinkEmail unlinkPhone updateEmail linkGoogle linkTwitter linkDiscord linkGithub linkSpotify linkTiktok linkLinkedIn linkApple unlinkOAuth createWallet signMessage signTypedData sendTransaction exportWallet setWalletPassword getEthereumProvider getWalletDevices revokeWalletDevice connectWallet connectOrCreateWallet linkWallet unlinkWallet showMfaEnrollment initMfaEnrollment submitMfaEnrollment unenrollMfa initMfa submitMfa cancelMfa fundWallet linkFarcaster unlinkFarcaster requestFarcasterSigner loginWithPasskey linkPasskey unlinkPasskey setWalletPasskey sendCode loginWithCode initOAuth',
);
export type WidgetMethod = (typeof WIDGET_METHODS)[number];
export type WalletWidgetMethod =
  | (typeof EMBEDDED_WALLET_METHODS)[number]
  | (typeof EXTERNAL_WALLET_METHODS)[number];
export type MfaWidgetMethod = (typeof MFA_WIDGET_METHODS)[number];

export interface WidgetHandle {
  /** Settles once the app configuration and the stored session are known. */
  ready: Promise<void>;
  call(method: string, args: unknown[]): Promise<unknown>;
}

/** What `widget/<version>/widget.js` exports. */
export interface WidgetModule {
  mount(options: MountOptions): WidgetHandle | Promise<WidgetHandle>;
}
