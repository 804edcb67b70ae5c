/**
 * The preview page (CONSOLE_PREVIEW_PATH): the built loader and widget, as a host page runs them,
 * drawing an app's draft settings that the console page (its parent, same origin) hands it by
 * postMessage. The draft stays in this page: its requests are answered here (the configuration
 * with the draft, a code "sent" without sending one, nothing else), the widget keeps nothing
 * (its localStorage is this page's memory), and the loader and widget are the
 * unchanged files every host page gets, so no widget ever takes a configuration from a message.
 */
import { API_PATHS } from '../protocol/api.js';
import { CONSOLE_NONCE_META } from '../protocol/console.js';
import {
  CONSOLE_PREVIEW_API_META,
  PREVIEW_DRAFT,
  PREVIEW_EMAIL,
  PREVIEW_READY,
  PREVIEW_SHOWN,
  type PreviewDraftMessage,
} from '../protocol/console-preview.js';
import { HOST_ELEMENT_ID } from '../protocol/loader.js';

const ORIGIN = location.origin;
const meta = (name: string) => document.querySelector<HTMLMetaElement>(`meta[property="${name}"]`);
const API_URL = meta(CONSOLE_PREVIEW_API_META)?.content || ORIGIN;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Every request of the widget answered in the page: nothing of the preview reaches the provider. */
function answerInPage(config: PreviewDraftMessage['config']): void {
  const sent = new Set<string>([API_PATHS.passwordlessInit, API_PATHS.smsInit, API_PATHS.analyticsEvents]);
  window.fetch = async (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input), ORIGIN);
    if (url.pathname === API_PATHS.app(config.id)) return json(config);
    if (sent.has(url.pathname)) return json({ success: true });
    return json({ code: 'not_found', message: 'Not sent by the preview.' }, 404);
  };
}

/** The widget keeps nothing here: its localStorage is this page's memory (no draft cached, no session read). */
function keepNothing(): void {
  const items = new Map<string, string>();
  const memory = {
    get length() {
      return items.size;
    },
    key: (index: number) => [...items.keys()][index] ?? null,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, String(value)),
    removeItem: (key: string) => void items.delete(key),
    clear: () => items.clear(),
  };
  Object.defineProperty(window, 'localStorage', { configurable: true, get: () => memory });
}

/**
 * The widget moves focus into its modal, as it should on a host page; here that would take the
 * operator's typing away from the console's form each time the preview redraws. A frame's focus()
 * reaches its parent's focus even when the frame is inert, so the page's elements take none.
 */
function takeNoFocus(): void {
  HTMLElement.prototype.focus = () => {};
}

/** The loader's tag, as a host page writes it. */
function addLoader(appId: string): void {
  const script = document.createElement('script');
  script.src = `${API_URL}/loader.js`;
  script.dataset.appId = appId;
  script.dataset.apiUrl = API_URL;
  script.dataset.preload = 'none';
  const nonce = meta(CONSOLE_NONCE_META)?.nonce;
  if (nonce) script.dataset.nonce = nonce;
  document.head.appendChild(script);
}

/** Resolves with what `find` finds in the widget's shadow root, once it is there (null after 10 s). */
async function waitFor<T>(find: (root: ShadowRoot) => T | null | undefined): Promise<T | null> {
  for (let tries = 0; tries < 200; tries += 1) {
    const root = document.getElementById(HOST_ELEMENT_ID)?.shadowRoot;
    const found = root ? find(root) : null;
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return null;
}

/** The code screen, as after an address is given at LANDING (the "send" is answered in the page). */
async function toCodeScreen(): Promise<void> {
  const input = await waitFor((root) => root.querySelector<HTMLInputElement>('input[type="email"]'));
  if (!input) return;
  input.value = PREVIEW_EMAIL;
  input.dispatchEvent(new Event('input', { bubbles: true }));
  const submit = await waitFor(() => {
    const button = input.parentElement?.querySelector<HTMLButtonElement>('button');
    return button && !button.disabled ? button : null;
  });
  submit?.click();
  await waitFor((root) => root.querySelector('[data-screen="AWAITING_PASSWORDLESS_CODE"]'));
}

interface LoginWidgetLike {
  ready: Promise<unknown>;
  login(): Promise<unknown>;
}

async function draw({ config, screen }: PreviewDraftMessage): Promise<void> {
  // The code screen is drawn as after an email address: on whatever login methods the draft has.
  const shown = screen === 'code' ? { ...config, email_auth: true, captcha_enabled: false } : config;
  answerInPage(shown);
  addLoader(config.id);
  const widget = await waitForWidget();
  await widget?.ready;
  widget?.login().catch(() => {});
  await waitFor((root) => root.querySelector('[role="dialog"]'));
  if (screen === 'code') await toCodeScreen();
  window.parent.postMessage({ type: PREVIEW_SHOWN, screen }, ORIGIN);
}

async function waitForWidget(): Promise<LoginWidgetLike | null> {
  for (let tries = 0; tries < 200; tries += 1) {
    const widget = (window as unknown as { LoginWidget?: LoginWidgetLike }).LoginWidget;
    if (widget?.ready && typeof widget.login === 'function') return widget;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return null;
}

const isDraft = (data: unknown): data is PreviewDraftMessage =>
  typeof data === 'object' &&
  data !== null &&
  (data as PreviewDraftMessage).type === PREVIEW_DRAFT &&
  typeof (data as PreviewDraftMessage).config?.id === 'string';

// Only in the console page's frame (CSP frame-ancestors 'self'), only its messages, only one draft.
if (window.parent !== window) {
  keepNothing();
  takeNoFocus();
  const onMessage = (event: MessageEvent) => {
    if (event.origin !== ORIGIN || event.source !== window.parent || !isDraft(event.data)) return;
    window.removeEventListener('message', onMessage);
    void draw(event.data);
  };
  window.addEventListener('message', onMessage);
  window.parent.postMessage({ type: PREVIEW_READY }, ORIGIN);
}
