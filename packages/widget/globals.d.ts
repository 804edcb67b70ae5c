// What the loader puts on `window`: `LoginWidget` and the typed `CustomEvent`s the widget dispatches,
// so that `window.addEventListener('login:success', (e) => e.detail.user)` type-checks.
import type { GatehouseEventMap, LoginWidget } from './dist/types/src/package/index.js';

type GatehouseWindowEvents = { [N in keyof GatehouseEventMap]: CustomEvent<GatehouseEventMap[N]> };

declare global {
  interface Window {
    LoginWidget?: LoginWidget;
  }
  interface WindowEventMap extends GatehouseWindowEvents {}
  interface WindowEventMap {
    'gatehouse:ready': CustomEvent<LoginWidget>;
  }
}
