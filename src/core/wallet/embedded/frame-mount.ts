/**
 * The wallet frame's hidden iframe, and what its loading tells: a page that loaded without
 * sending its ready message is either slow, refused to this origin (its frame-ancestors), or the
 * browser's own error page because the provider is down. Only the last is worth saying at once.
 */
import { PROVIDER_UNREACHABLE_CODE, PROVIDER_UNREACHABLE_MESSAGE } from '../../../protocol/error-messages.js';
import { WALLET_FLOW_TEXT } from '../../text/wallet-flow.js';
import { WalletProxyError } from './proxy-error.js';

/**
 * How long the ready message may take after the frame's page has loaded before the proxy asks
 * whether the provider answers at all.
 */
export const WALLET_PROXY_READY_AFTER_LOAD_MS = 1000;

/** What the proxy needs of the frame's window: somewhere to post. */
export interface FrameWindow {
  postMessage(message: unknown, targetOrigin: string): void;
}

/** A mounted frame: the window messages go to (and come from), and how to take it away. */
export interface MountedFrame {
  window: FrameWindow;
  remove(): void;
}

/** Adds the frame at `url`; `onLoad` runs when its page (or the browser's error page) has loaded. */
export type MountFrame = (url: string, onLoad: () => void) => MountedFrame;

/** The default frame: hidden, no size, outside the widget's shadow root (postMessage needs a real window). */
export const mountIframe: MountFrame = (url, onLoad) => {
  const iframe = document.createElement('iframe');
  iframe.addEventListener('load', onLoad, { once: true });
  iframe.src = url;
  iframe.title = 'Gatehouse wallet';
  iframe.setAttribute('aria-hidden', 'true');
  iframe.tabIndex = -1;
  iframe.style.cssText = 'position:absolute;width:0;height:0;border:0;visibility:hidden;';
  document.body.appendChild(iframe);
  const frameWindow = iframe.contentWindow;
  if (!frameWindow) throw new WalletProxyError('error', WALLET_FLOW_TEXT.unableToConnect);
  return { window: frameWindow, remove: () => iframe.remove() };
};

/** The wallet error of a provider that does not answer: the host's call rejects as any unreachable one. */
export const frameUnreachable = (): WalletProxyError =>
  new WalletProxyError(PROVIDER_UNREACHABLE_CODE, PROVIDER_UNREACHABLE_MESSAGE, PROVIDER_UNREACHABLE_CODE);

/**
 * After the frame's page loaded: when its ready message has not `arrived()` within
 * WALLET_PROXY_READY_AFTER_LOAD_MS, a HEAD of the page (its answer unread: no CORS) tells whether
 * the provider answers at all; `unreachable` runs when it does not. Otherwise the connect timeout
 * goes on as before.
 */
export function checkAfterLoad(
  url: string,
  arrived: () => boolean,
  unreachable: () => void,
  fetcher: typeof fetch = (...args) => globalThis.fetch(...args),
): void {
  setTimeout(() => {
    if (arrived()) return;
    fetcher(url, { method: 'HEAD', mode: 'no-cors', cache: 'no-store', credentials: 'omit' }).then(
      () => undefined,
      () => {
        if (!arrived()) unreachable();
      },
    );
  }, WALLET_PROXY_READY_AFTER_LOAD_MS);
}
