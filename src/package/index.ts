/**
 * `@gatehousejs/widget`: typed access to the Gatehouse widget from a bundled app. `load()` puts the
 * script tag on the page and resolves with `window.LoginWidget`; the types describe everything a
 * host touches. Importing it is safe under Node (server-side rendering): only `load()` needs a browser.
 */
export type {
  HostConfig,
  LinkErrorDetail,
  LinkedAccount,
  LinkSuccessDetail,
  LoginErrorDetail,
  LoginSuccessDetail,
  User,
} from '../protocol/client.js';
export type { EmbeddedWallet, SendTransactionResult } from '../protocol/embedded-wallet.js';
export type { EventDetails as GatehouseEventMap } from '../protocol/event-details.js';
export { EVENTS } from '../protocol/events.js';
export type { ConnectedWallet } from '../protocol/external-wallet.js';
export {
  LOAD_NEEDS_BROWSER_MESSAGE,
  type PreloadMode,
  READY_EVENT,
  type SharedStore,
  type SharedStores,
} from '../protocol/loader.js';
export type {
  Eip1193Provider,
  LoginWidgetApi as LoginWidget,
  SendCodeDestination,
} from '../protocol/login-widget.js';
export { SDK_VERSION } from '../protocol/version.js';
export { type LoadOptions, load } from './load.js';
