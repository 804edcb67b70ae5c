/**
 * The first login modal's requests: from a fresh visit to LANDING on screen, with the
 * README's tag and `login()` on ready, the page fetches at most 4 JavaScript files from the
 * provider, the app configuration once as a CORS simple request (no gatehouse-* header: no
 * preflight), and no analytics event; every file comes brotli-compressed and cached immutable.
 */
import type { Request, Response } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startWorld, type World } from './world.js';

let world: World;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(() => world?.stop());

const page = (loaderUrl: string, appId: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Host</title>
<script>window.LoginWidget||(function(w){w.ready=new Promise(function(y,n){w.settle=[y,n]});window.LoginWidget=w})({});</script>
<script src="${loaderUrl}" data-app-id="${appId}" async></script>
<script>LoginWidget.ready.then(function(){LoginWidget.login()});</script>
</head><body><h1>Shop</h1></body></html>`;

/** Milliseconds from navigation start until LANDING's email field is in the widget's shadow root (polled each frame). */
const landingShown = () =>
  new Promise<number>((resolve) => {
    const poll = () => {
      const root = document.getElementById('gatehouse-root')?.shadowRoot;
      if (root?.querySelector('[role="dialog"] input')) resolve(performance.now());
      else requestAnimationFrame(poll);
    };
    poll();
  });

// The loader, the entry (tab sync included), the modal and rolldown's runtime beside it.
it('LANDING shows after at most 4 JavaScript files, one simple configuration GET and no analytics', async () => {
  const url = world.site.set('/first-modal', { html: page(`${world.provider.url}/loader.js`, world.appId) });
  const context = await world.browser.newContext();
  try {
    const tab = await context.newPage();
    const requests: Request[] = [];
    const scripts: Response[] = [];
    tab.on('request', (request) => {
      if (request.url().startsWith(world.provider.url)) requests.push(request);
    });
    tab.on('response', (response) => {
      if (response.url().includes('/widget/')) scripts.push(response);
    });
    await tab.goto(url, { waitUntil: 'commit' });
    const shownAt = await tab.evaluate(landingShown);
    // Requests started before LANDING was on screen, by the page's own resource timing.
    const before = await tab.evaluate(
      ([origin, at]) =>
        performance
          .getEntriesByType('resource')
          .filter((e) => e.name.startsWith(origin) && e.startTime < at)
          .map((e) => new URL(e.name).pathname),
      [world.provider.url, shownAt] as const,
    );
    const js = before.filter((p) => p.endsWith('.js'));
    expect(js.length, js.join('\n')).toBeLessThanOrEqual(4);
    expect(before.filter((p) => p.includes('/api/'))).toEqual([`/api/v1/apps/${world.appId}`]);
    const configGet = requests.find((r) => r.url().includes('/api/v1/apps/'));
    expect(configGet?.method()).toBe('GET');
    expect(Object.keys(configGet?.headers() ?? {}).filter((h) => h.startsWith('gatehouse-'))).toEqual([]);

    for (const response of scripts) {
      const headers = await response.allHeaders();
      expect(headers['content-encoding'], response.url()).toBe('br');
      expect(headers['cache-control'], response.url()).toContain('immutable');
    }
  } finally {
    await context.close();
  }
});
