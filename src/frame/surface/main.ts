/**
 * Entry of the provider-origin surface (protocol/surface.ts), served at
 * /apps/{appId}/embedded-wallets/surface?prompt&origin&caid&lang and the modal's theme variables (protocol/theme.ts): it runs
 * only inside a frame of one of the app's origins, talks to the wallet frame over SURFACE_CHANNEL
 * and tells its parent nothing but its height and an Escape. Served at …/passkey, the same page is
 * the passkey window (protocol/passkey-window.ts), whose code comes with the passkey view's chunk.
 */
import '../surface.css';
import './views.css';
import { PASSKEY_WINDOW_PATH, SURFACE_CHANNEL } from '../../protocol/surface.js';
import { LANG_QUERY } from '../../protocol/theme.js';
import { DOWNLOAD_URL_REVOKE_MS } from '../../protocol/wallet-constants.js';
import { hostOriginFrom, readFrameConfig } from '../frame-config.js';
import { el } from './dom.js';
import { forwardEscape, reportSize } from './host.js';
import { applyTheme, readColours, readSurfaceParams } from './look.js';
import { mountSurface } from './render.js';
import { SURFACE_TEXT } from './texts.js';

/** Saves a text file: an object URL behind an `<a download>`, revoked once the browser has read it. */
function download(fileName: string, content: string): void {
  const url = URL.createObjectURL(new Blob([content], { type: 'text/plain;charset=utf-8' }));
  const anchor = el('a', { href: url, download: fileName, rel: 'noopener', hidden: true });
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), DOWNLOAD_URL_REVOKE_MS);
}

/** Shows the page: the passkey window, or the surface of a prompt. */
function start(): void {
  const root = document.getElementById('surface');
  const passkeyWindow = root && location.pathname.endsWith(`/${PASSKEY_WINDOW_PATH}`);
  const config = readFrameConfig(document);
  const params = readSurfaceParams(location.search);
  const hostOrigin = config ? hostOriginFrom(location.search, config.allowedOrigins) : null;

  if (passkeyWindow) {
    // The passkey window: this page in a popup of the surface, its code in the passkey view's chunk.
    applyTheme(document, readColours(location.search));
    import('./views/passkey.js').then(
      (loaded) => loaded.mountPasskeyWindow(root, { win: window }),
      () => root.replaceChildren(el('p', { class: 'alert' }, [SURFACE_TEXT.gone])),
    );
  } else if (root) {
    if (params) applyTheme(document, params.colours);
    if (config && params && hostOrigin && window.parent !== window) {
      const host = { win: window, hostOrigin, prompt: params.prompt };
      reportSize(root, host);
      forwardEscape(document, host);
      mountSurface(root, {
        prompt: params.prompt,
        port: new BroadcastChannel(SURFACE_CHANNEL),
        appName: config.appName ?? '',
        copy: (text) => navigator.clipboard.writeText(text),
        download,
      });
    } else {
      root.replaceChildren(el('p', { class: 'alert' }, [SURFACE_TEXT.missingParameters]));
    }
  }
}

// The widget's language (./locale.ts): its texts in place before the first render; a chunk that
// does not come leaves English. Not a top-level await: the locale's chunk imports from this one.
const lang = new URLSearchParams(location.search).get(LANG_QUERY);
if (lang) import('./locale.js').then((locale) => locale.showLocale(document, lang)).finally(start);
else start();
