/**
 * The context every flow is a function of (DESIGN.md): the API client, the session, the app's and
 * the host's configuration, the modal, the host's event target, storage, and the seams of the
 * page. A flow takes a Context and returns its outcome; nothing in here calls back into the client.
 */
import { atom, computed, type ReadableAtom, type WritableAtom } from 'nanostores';
import type { AppConfigWire } from '../protocol/api.js';
import type { HostConfig } from '../protocol/client.js';
import type { SharedStores } from '../protocol/loader.js';
import { Analytics } from './analytics.js';
import { clientAnalyticsId } from './analytics-id.js';
import { ApiClient, type FetchLike } from './api/client.js';
import { type ResolvedConfig, resolveConfig } from './config.js';
import { ModalController } from './modal/modal.js';
import { Session } from './session/session.js';
import { browserStorage, type KeyValueStorage } from './storage.js';

/** Test seams of the embedded wallet's frame (default: a hidden iframe on this page). */
export interface WalletFrameSeams {
  mount?: (url: string) => {
    window: { postMessage(message: unknown, targetOrigin: string): void };
    remove(): void;
  };
  messages?: EventTarget;
  hostOrigin?: string;
}

export interface GatehouseOptions {
  appId: string;
  apiUrl: string;
  stores: SharedStores;
  fetch?: FetchLike;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  storage?: KeyValueStorage;
  /** Where DOM events are dispatched; the host's window by default. */
  events?: EventTarget;
  /** Sends the page to an identity provider (OAuth); `location.assign` by default. */
  navigate?: (url: string) => void;
  /** Keeps the OAuth verifier and state across the redirect; this tab's sessionStorage by default. */
  oauthStorage?: KeyValueStorage;
  /** The page's CSP nonce, for Turnstile's script when a captcha is needed. */
  nonce?: string;
  /** Test seams of the embedded wallet's frame (default: a hidden iframe on this page). */
  walletFrame?: WalletFrameSeams;
  /** The answer to the app-configuration GET the loader started (protocol/loader.ts MountOptions). */
  appConfig?: Promise<Response>;
}

export interface Context {
  readonly appId: string;
  readonly api: ApiClient;
  readonly session: Session;
  /** The stores the loader owns and the host reads ($ready, $user, $authenticated, $wallets). */
  readonly stores: SharedStores;
  readonly modal: ModalController;
  readonly $appConfig: WritableAtom<AppConfigWire | null>;
  readonly $hostConfig: WritableAtom<HostConfig>;
  /** The app's configuration with the host's over it (§3). */
  readonly $config: ReadableAtom<ResolvedConfig>;
  readonly storage: KeyValueStorage;
  /** Where the host's DOM events go (emit()). */
  readonly events: EventTarget;
  readonly analytics: Analytics;
  readonly options: Readonly<GatehouseOptions>;
  /** Settles once the configuration of the latest init() is checked and applied, or refused. */
  configured?: Promise<unknown>;
}

export function createContext(options: GatehouseOptions): Context {
  const storage = options.storage ?? browserStorage();
  const events = options.events ?? globalThis;
  const analyticsId = clientAnalyticsId(storage);
  const api = new ApiClient({
    apiUrl: options.apiUrl,
    appId: options.appId,
    clientAnalyticsId: analyticsId,
    fetch: options.fetch,
    sleep: options.sleep,
  });
  const session = new Session({
    api,
    appId: options.appId,
    storage,
    stores: options.stores,
    events,
    now: options.now,
  });
  const $appConfig = atom<AppConfigWire | null>(null);
  const $hostConfig = atom<HostConfig>({});
  return {
    appId: options.appId,
    api,
    session,
    stores: options.stores,
    modal: new ModalController(),
    $appConfig,
    $hostConfig,
    $config: computed([$appConfig, $hostConfig], resolveConfig),
    storage,
    events,
    analytics: new Analytics(api, analyticsId, options.now),
    options,
  };
}
