/**
 * The first modal fetched before the click (core/preload.ts, the tag's data-preload): after the
 * host page's `load` and an idle moment, a click on 'Log in' paints LANDING with no request at
 * all; 'none' fetches the modal on the click only, 'intent' on the first pointerdown; Save-Data
 * turns the prefetch off; and it never starts before the page's `load`, however late that is.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeServer, listenOnLoopback } from '../support/loopback.js';
import { startWorld, type World } from './world.js';

let world: World;
/** An image server whose answers take IMAGE_DELAY_MS: a host page whose `load` comes late. */
const IMAGE_DELAY_MS = 1500;
const images = createServer((_request, response) => {
  setTimeout(() => response.writeHead(200, { 'content-type': 'image/gif' }).end(), IMAGE_DELAY_MS);
});
let imagesUrl = '';
beforeAll(async () => {
  world = await startWorld();
  imagesUrl = `http://127.0.0.1:${await listenOnLoopback(images)}`;
});
afterAll(async () => {
  await closeServer(images);
  await world?.stop();
});

/** The first modal's files beside widget.js (the UI chunk and its static imports), from the build's manifest. */
function modalFiles(): string[] {
  const root = 'dist/client/widget';
  const [version] = readdirSync(root);
  const manifest = JSON.parse(
    readFileSync(join(root, version ?? '', '.vite/manifest.json'), 'utf8'),
  ) as Record<string, { file: string; name?: string; isEntry?: boolean; imports?: string[] }>;
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || chunk.isEntry || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const next of chunk.imports ?? []) visit(next);
  };
  visit(Object.keys(manifest).find((key) => manifest[key]?.name === 'modal') ?? '');
  return [...files];
}

const page = (attributes: string, body = '') => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Host</title>
<script>window.LoginWidget||(function(w){w.ready=new Promise(function(y,n){w.settle=[y,n]});window.LoginWidget=w})({});</script>
<script src="${world.provider.url}/loader.js" data-app-id="${world.appId}" ${attributes} async></script>
<script>LoginWidget.ready.then(function(){window.readyAt=performance.now()});</script>
</head><body><h1>Shop</h1><button id="login" onclick="LoginWidget.login()">Log in</button>${body}</body></html>`;

interface Tab {
  tab: Page;
  context: BrowserContext;
  /** The provider's URLs the page requested, with the wall-clock time Playwright saw each. */
  requests: { url: string; at: number }[];
  /** Whether the modal chunk was requested (by page.on('request')). */
  modalRequested(): boolean;
}

async function open(html: string, path: string, initScript?: () => void): Promise<Tab> {
  const url = world.site.set(path, { html });
  const context = await world.browser.newContext();
  if (initScript) await context.addInitScript(initScript);
  const tab = await context.newPage();
  const requests: Tab['requests'] = [];
  tab.on('request', (request) => {
    if (request.url().startsWith(world.provider.url)) requests.push({ url: request.url(), at: Date.now() });
  });
  const [modal] = modalFiles();
  await tab.goto(url, { waitUntil: 'load' });
  await tab.waitForFunction(() => typeof (window as { readyAt?: number }).readyAt === 'number');
  return { tab, context, requests, modalRequested: () => requests.some((r) => r.url.endsWith(`/${modal}`)) };
}

/**
 * Clicks 'Log in' and waits for LANDING's email field; returns the page's wall-clock times of the
 * pointerdown and of the frame that first shows LANDING (an observer on the widget's shadow root,
 * then the next animation frame: before the screens LANDING preloads once painted), and the
 * provider's resources the page started in between (its own resource timing).
 */
async function clickToLanding(tab: Page) {
  await tab.evaluate(() => {
    const at = window as unknown as { clickAt?: number; shownAt?: number };
    addEventListener('pointerdown', () => (at.clickAt ??= performance.now()), true);
    const root = document.getElementById('gatehouse-root')?.shadowRoot;
    if (!root) throw new Error('the widget is not mounted');
    let seen = false;
    new MutationObserver(() => {
      if (seen || !root.querySelector('[role="dialog"] input')) return;
      seen = true;
      requestAnimationFrame(() => (at.shownAt = performance.now()));
    }).observe(root, { childList: true, subtree: true });
  });
  await tab.click('#login');
  await tab.waitForFunction(() => typeof (window as { shownAt?: number }).shownAt === 'number');
  return tab.evaluate((origin) => {
    const { clickAt, shownAt } = window as unknown as { clickAt: number; shownAt: number };
    const started = performance
      .getEntriesByType('resource')
      .filter((e) => e.name.startsWith(origin) && e.startTime >= clickAt && e.startTime <= shownAt)
      .map((e) => new URL(e.name).pathname);
    return { clickAt: performance.timeOrigin + clickAt, shownAt: performance.timeOrigin + shownAt, started };
  }, world.provider.url);
}

/** No prefetch in 1.5 s after the load and the widget's ready; the click then fetches the modal itself. */
async function fetchedOnClickOnly(html: string, path: string, initScript?: () => void): Promise<void> {
  const { tab, context, modalRequested } = await open(html, path, initScript);
  try {
    await tab.waitForTimeout(1500);
    expect(modalRequested()).toBe(false);
    const { started } = await clickToLanding(tab);
    expect(started.some((file) => file.endsWith(`/${modalFiles()[0]}`))).toBe(true);
  } finally {
    await context.close();
  }
}

describe('the first modal before the click (data-preload)', () => {
  it('idle (the default): after the load and an idle moment, the click paints LANDING with no request', async () => {
    const { tab, context, requests, modalRequested } = await open(page(''), '/preload/idle');
    try {
      await expect.poll(modalRequested, { timeout: 10_000 }).toBe(true);
      // Every prefetched file has arrived (the page's resource timing lists finished fetches).
      await expect
        .poll(() =>
          tab.evaluate(
            (files) =>
              files.every((file) =>
                performance.getEntriesByType('resource').some((e) => e.name.endsWith(`/${file}`)),
              ),
            modalFiles(),
          ),
        )
        .toBe(true);
      const { clickAt, shownAt, started } = await clickToLanding(tab);
      expect(started, 'resource timing between the click and LANDING').toEqual([]);
      const between = requests.filter((r) => r.at >= clickAt && r.at <= shownAt).map((r) => r.url);
      expect(between, "page.on('request') between the click and LANDING").toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('none: the modal is fetched on the click only', async () => {
    await fetchedOnClickOnly(page('data-preload="none"'), '/preload/none');
  });

  it('intent: the modal is fetched on the first pointerdown anywhere on the page, not before', async () => {
    const { tab, context, modalRequested } = await open(page('data-preload="intent"'), '/preload/intent');
    try {
      await tab.waitForTimeout(1500);
      expect(modalRequested()).toBe(false);
      await tab.mouse.move(5, 5);
      await tab.mouse.down();
      await expect.poll(modalRequested, { timeout: 5_000 }).toBe(true);
      await tab.mouse.up();
    } finally {
      await context.close();
    }
  });

  // CDP's Network.setExtraHTTPHeaders would send `Save-Data: on` but leave navigator.connection as
  // it is, and the widget reads navigator.connection: the page's own connection says Save-Data here.
  it('Save-Data: no prefetch; the click still opens the modal', async () => {
    const saveData = () => {
      Object.defineProperty(Navigator.prototype, 'connection', {
        configurable: true,
        get: () => ({ saveData: true, effectiveType: '4g' }),
      });
    };
    await fetchedOnClickOnly(page(''), '/preload/save-data', saveData);
  });

  it('never before the page has loaded: a slow image holds `load`, and the prefetch waits for it', async () => {
    const html = page('', `<img src="${imagesUrl}/slow.gif" alt="">`);
    const { tab, context, modalRequested } = await open(html, '/preload/slow-load');
    try {
      await expect.poll(modalRequested, { timeout: 10_000 }).toBe(true);
      const times = await tab.evaluate((file) => {
        const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
        const modal = performance.getEntriesByType('resource').find((e) => e.name.endsWith(`/${file}`));
        return {
          ready: (window as unknown as { readyAt: number }).readyAt,
          load: navigation?.loadEventStart ?? Number.NaN,
          modal: modal?.startTime ?? Number.NaN,
        };
      }, modalFiles()[0]);
      // The widget was up long before the page's load, and still waited for it.
      expect(times.ready).toBeLessThan(times.load - 500);
      expect(times.modal).toBeGreaterThanOrEqual(times.load);
    } finally {
      await context.close();
    }
  });
});
