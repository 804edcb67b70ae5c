/**
 * The widget bundle (dist/client/widget/<version>/widget.js), imported by the loader. `mount()`
 * starts the client logic (src/core: session, configuration, custom auth, the OAuth return) and
 * puts an open shadow root on <div id="gatehouse-root">. The UI — preact, emotion and the screens,
 * in ./ui.tsx — is a chunk of its own, fetched the first time the modal opens, so a page whose
 * visitors never open it does not pay for it.
 */
import { Gatehouse } from '../core/gatehouse.js';
import { lazy } from '../core/lazy.js';
import { useLocale } from '../core/locale.js';
import { schedulePreload } from '../core/preload.js';
import { HOST_ELEMENT_ID, type MountOptions, type WidgetHandle } from '../protocol/loader.js';
import { showOutage } from './outage-dialog.js';

export function mount(options: MountOptions): WidgetHandle {
  const gatehouse = new Gatehouse({
    appId: options.appId,
    apiUrl: options.apiUrl,
    stores: options.stores,
    nonce: options.nonce,
    appConfig: options.appConfig,
  });
  const host = document.createElement('div');
  host.id = HOST_ELEMENT_ID;
  // The catalogue's own language until a locale's chunk says another (core/locales).
  host.lang = 'en';
  host.dir = 'ltr';
  const shadow = host.attachShadow({ mode: 'open' });
  let unmount: (() => void) | undefined;

  // The provider may go away between the entry and this chunk: the modal then closes, the call that
  // opened it rejects with why (core/modal), the entry's own dialog says so (outage-dialog.ts), and
  // the next opening (its Retry, or the host's) fetches the chunk again.
  // With the widget's language, if not English, in parallel (core/locale.ts): its texts are in
  // place before the first render.
  const loadUi = lazy(() =>
    Promise.all([import('./ui.js'), useLocale(gatehouse.ctx, undefined, true)]).then(([ui]) => ui),
  );
  // Fetched before a click (core/preload.ts), silently: a failure leaves it to the click.
  schedulePreload(options.preload, () => loadUi().catch(() => {}), window);
  const showUi = lazy(() => {
    // Analytics POSTs (and their preflights) wait for the modal's first paint.
    let painted!: () => void;
    gatehouse.ctx.analytics.holdUntil(new Promise<void>((resolve) => (painted = resolve)));
    return loadUi().then(
      ({ renderUi }) => {
        unmount = renderUi({ ctx: gatehouse.ctx, host, shadow, nonce: options.nonce, painted });
      },
      (error: unknown) => {
        // No modal to say it in: the entry's own dialog does, and its Retry opens the modal again
        // (not once the widget has left the page: an app that could not start).
        if (host.isConnected) showOutage(shadow, () => gatehouse.ctx.modal.open());
        throw error;
      },
    );
  });
  gatehouse.ctx.modal.attachView(showUi);
  const attach = () => {
    document.body.appendChild(host);
    const stop = gatehouse.ctx.modal.$modal.subscribe(({ open }) => {
      if (open) gatehouse.ctx.modal.shown().catch(() => {});
    });
    gatehouse.ready.catch(stop);
  };
  if (document.body) attach();
  else document.addEventListener('DOMContentLoaded', attach, { once: true });

  // When the app cannot start, nothing of the widget stays in the page.
  gatehouse.ready.catch(() => {
    unmount?.();
    host.remove();
  });

  return {
    ready: gatehouse.ready,
    call: (method, args) => gatehouse.call(method, args),
  };
}
