/**
 * What the wallet e2e pages and frames record for the test: the host page's received messages and
 * `wallet:created` events (HOST_HEAD), and each wallet frame's posts to its parent (recordFramePosts).
 */
import type { Page } from 'playwright-core';
import type { HostSite } from '../support/host.js';

// What the host page logs for the test: every message event it receives, and `wallet:created`.
export const HOST_HEAD = `<script>
  window.hostMessages = [];
  window.addEventListener('message', (e) => {
    let data;
    try { data = JSON.stringify(e.data); } catch { data = String(e.data); }
    window.hostMessages.push({ origin: e.origin, data });
  });
  window.walletEvents = [];
  window.addEventListener('wallet:created', (e) => window.walletEvents.push(e.detail));
</script>`;

/**
 * Runs in every frame of the test's browser contexts before the page's own scripts. In the
 * provider's wallet frames only, it records each postMessage to the parent with its target origin
 * (window.__framePosts): the frame's \`parent\` becomes a recording stand-in, and a message event
 * from the real parent reports that stand-in as its source, so the frame's own checks are unchanged.
 */
export function recordFramePosts(): void {
  if (!location.pathname.includes('/embedded-wallets')) return;
  const posts: Array<{ targetOrigin: string; message: string }> = [];
  Object.defineProperty(window, '__framePosts', { value: posts });
  const real = window.parent;
  if (real === window) return;
  const recorder = {
    postMessage(message: unknown, targetOrigin: unknown) {
      posts.push({ targetOrigin: String(targetOrigin), message: JSON.stringify(message) });
      real.postMessage(message, targetOrigin as string);
    },
  };
  const sourceOf = Object.getOwnPropertyDescriptor(MessageEvent.prototype, 'source')?.get;
  Object.defineProperty(MessageEvent.prototype, 'source', {
    configurable: true,
    get(this: MessageEvent) {
      const source = sourceOf?.call(this);
      return source === real ? recorder : source;
    },
  });
  Object.defineProperty(window, 'parent', { configurable: true, get: () => recorder });
}

/** What a frame of the provider posted to its parent, by URL path ('' for the hidden wallet frame, '/surface'). */
export async function framePosts(page: Page, appId: string, view: '' | '/surface' = '') {
  const frame = page
    .frames()
    .find((f) => new URL(f.url()).pathname === `/apps/${appId}/embedded-wallets${view}`);
  if (!frame) throw new Error(`no wallet frame${view} in the page`);
  return frame.evaluate(
    () =>
      (window as unknown as { __framePosts: Array<{ targetOrigin: string; message: string }> }).__framePosts,
  );
}

// Page globals this file adds (the rest: globals.d.ts).
export type HostWindow = Window &
  typeof globalThis & {
    hostMessages: Array<{ origin: string; data: string }>;
    walletEvents: Array<{ address: string; recoveryMethod: string; walletClientType: string }>;
    // biome-ignore lint/suspicious/noExplicitAny: ethers' UMD bundle, loaded into the page by the test
    ethers: any;
    // biome-ignore lint/suspicious/noExplicitAny: viem, bundled for the page by the test
    viem: any;
  };

/** A page that embeds the wallet frame itself (no widget) and logs what it receives. */
export function framingPage(site: HostSite, path: string, src: string) {
  return site.set(path, {
    html: `<!doctype html><html><head><meta charset="utf-8">${HOST_HEAD}</head><body>
<iframe id="wallet" title="wallet" src="${src}"></iframe>
<iframe id="sibling" title="sibling" srcdoc="<p>sibling</p>"></iframe>
</body></html>`,
  });
}

/** Posts one request to the page's wallet frame with the page's token, as the widget does; its reply. */
export async function frameRequest(
  target: Page,
  id: string,
  type: string,
  data: Record<string, unknown>,
): Promise<{ data?: unknown; error?: { type: string; message: string } }> {
  return target.evaluate(
    async ([id, type, data]) => {
      const accessToken = await window.LoginWidget.getAccessToken();
      const frame = [...document.querySelectorAll('iframe')].find((f) =>
        f.src.includes('/embedded-wallets?'),
      );
      if (!frame?.contentWindow) throw new Error('no wallet frame');
      const reply = new Promise<{ data?: unknown; error?: { type: string; message: string } }>((resolve) => {
        window.addEventListener('message', (event) => {
          if (event.data?.id === id) resolve(event.data);
        });
      });
      frame.contentWindow.postMessage(
        { source: 'gatehouse', id, type, data: { ...data, accessToken } },
        new URL(frame.src).origin,
      );
      return reply;
    },
    [id, type, data] as const,
  );
}
