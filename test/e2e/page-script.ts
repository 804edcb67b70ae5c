/**
 * A hostile script on the host page, for the browser tests of the provider-origin surface: it
 * records everything typed into the page (the way a key logger or a form-jacking script would,
 * shadow roots included), and it tries the wallet frame's protocol and the modal's controls by itself.
 */
import type { Page } from 'playwright-core';

/**
 * Runs before the page's own scripts, in the top document only. It listens, in the capture phase,
 * on the window and on every shadow root the page attaches (open or closed), and keeps each key
 * pressed, each value an input event leaves, and each paste (window.__typed).
 */
export function recordTypedInPage(): void {
  if (window.top !== window) return;
  const typed: string[] = [];
  Object.defineProperty(window, '__typed', { value: typed });
  const listen = (target: EventTarget) => {
    for (const type of ['keydown', 'beforeinput', 'input', 'change', 'paste']) {
      target.addEventListener(
        type,
        (event) => {
          if (event instanceof KeyboardEvent) typed.push(`key:${event.key}`);
          if (event instanceof ClipboardEvent) typed.push(event.clipboardData?.getData('text') ?? '');
          if (event instanceof InputEvent && event.data) typed.push(event.data);
          const target = event.composedPath()[0] as { value?: unknown } | undefined;
          if (typeof target?.value === 'string' && target.value) typed.push(target.value);
        },
        true,
      );
    }
  };
  listen(window);
  const attach = Element.prototype.attachShadow;
  Element.prototype.attachShadow = function (this: Element, init: ShadowRootInit) {
    const root = attach.call(this, init);
    listen(root);
    return root;
  };
}

/**
 * What the page saw typed: the values and pastes it recorded, and the keys pressed joined into one
 * string (a code typed digit by digit shows there whole).
 */
export async function typedInPage(page: Page): Promise<{ values: string[]; keys: string }> {
  const typed = await page.evaluate(() => (window as unknown as { __typed: string[] }).__typed);
  const keys = typed
    .filter((entry) => entry.startsWith('key:') && entry.length === 5)
    .map((entry) => entry.slice(4))
    .join('');
  return { values: typed.filter((entry) => !entry.startsWith('key:')), keys };
}

/** Asserts nothing the page could read holds `secret` (what was typed, what the page received). */
export async function pageNeverHeld(page: Page, secret: string): Promise<string[]> {
  const { values, keys } = await typedInPage(page);
  const received = await page.evaluate(() =>
    (window as unknown as { hostMessages: Array<{ data: string }> }).hostMessages.map((m) => m.data),
  );
  return [...values, keys, ...received].filter((entry) => entry.includes(secret));
}

/**
 * The page script posts requests to the hidden wallet frame itself, as the widget does, with the
 * user's access token (window.__scriptReplies collects what the frame answers them). When the
 * frame answers with a prompt, the script frames that prompt's surface in the page itself.
 */
export async function postToWalletFrame(page: Page, requests: Array<Record<string, unknown>>): Promise<void> {
  await page.evaluate(async (list) => {
    const frame = document.querySelector<HTMLIFrameElement>('iframe[title="Gatehouse wallet"]');
    if (!frame?.contentWindow) throw new Error('no wallet frame on the page');
    const frameUrl = new URL(frame.src);
    const state = window as unknown as { __scriptReplies?: unknown[] };
    const replies = state.__scriptReplies ?? [];
    state.__scriptReplies = replies;
    const ids = new Set(list.map((request) => request.id));
    window.addEventListener('message', (event) => {
      if (event.origin !== frameUrl.origin || !ids.has(event.data?.id)) return;
      if (event.data.type !== 'gatehouse:prompt') {
        replies.push(event.data);
        return;
      }
      const surface = document.createElement('iframe');
      surface.dataset.surface = 'script';
      surface.src = `${frameUrl.origin}${frameUrl.pathname}/surface?prompt=${event.data.prompt.id}&origin=${encodeURIComponent(location.origin)}`;
      document.body.append(surface);
    });
    const accessToken = await window.LoginWidget.getAccessToken();
    for (const request of list) {
      const data = { ...(request.data as object), accessToken };
      frame.contentWindow.postMessage({ source: 'gatehouse', ...request, data }, frameUrl.origin);
    }
  }, requests);
}

export const scriptReplies = (page: Page) =>
  page.evaluate(
    () =>
      (
        window as unknown as {
          __scriptReplies: Array<{ id: string; type: string; data?: unknown; error?: unknown }>;
        }
      ).__scriptReplies,
  );

/**
 * For `ms`, every 50 ms the script clicks every control of the widget's shadow root (buttons,
 * links, checkboxes, Close included), presses Enter and Space on them, and clicks and focuses each
 * surface iframe (the modal's, and any the script framed itself) and posts it an approval.
 * `close`: the modal's Close too (which ends the request). Returns how many clicks it made.
 */
export function clickEverything(page: Page, ms: number, close = false): Promise<number> {
  return page.evaluate(
    async ([duration, closeToo]) => {
      let clicks = 0;
      const until = Date.now() + duration;
      while (Date.now() < until) {
        const roots: ParentNode[] = [];
        for (const host of document.querySelectorAll('*')) if (host.shadowRoot) roots.push(host.shadowRoot);
        for (const root of roots) {
          for (const control of root.querySelectorAll<HTMLElement>('button, a, input, [role="button"]')) {
            if (!closeToo && control.getAttribute('aria-label') === 'Close') continue;
            control.click();
            for (const key of ['Enter', ' '])
              control.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, composed: true }));
            clicks += 1;
          }
        }
        for (const root of [document, ...roots]) {
          for (const surface of root.querySelectorAll<HTMLIFrameElement>('iframe[data-surface]')) {
            surface.focus();
            surface.click();
            surface.contentWindow?.postMessage({ type: 'approve' }, '*');
            clicks += 1;
          }
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return clicks;
    },
    [ms, close] as const,
  );
}
