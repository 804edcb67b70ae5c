import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { hostPage } from '../e2e/pages.js';
import { startWorld, type World } from '../e2e/world.js';
import { HostSite } from '../support/host.js';
import { CLICK_MARK, machineLoad, type RenderCpu, renderCpu, SHOWN_MARK, startTrace } from './render-cpu.js';
import { logInNewUser, recordWalletTimes, type WalletTimes, walletReport } from './wallet-ready.js';

/**
 * `npm run bench:modal` (not part of `npm test`): how long after navigation the login
 * modal's LANDING is on screen, against the floor — the same page whose HTML already holds an open
 * dialog with the same text and no JavaScript. Both are timed inside the page (performance.now(),
 * from navigation start, polled every animation frame), in a fresh browser context each pass (a
 * first visit: nothing cached), alternating floor and widget, with BENCH_LATENCY_MS added to every
 * request by Chromium's network emulation, in a Chromium without its own omnibox popup page (which
 * headless Chromium loads for each new window, beside the page being timed). Prints the medians and
 * their ratios; fails only on errors.
 *
 * Two more rows bound what any widget can do. One script from a second origin that writes the
 * dialog: the least any widget pasted as a script tag can take. Three scripts fetched one after
 * another (a classic script, then two dynamic imports: loader → entry → modal), the last writing
 * the dialog, and no other work: the least the widget's shape can take (the every-page budget keeps
 * the modal out of the first two files), so no JavaScript of ours can beat that row. Two fetches in
 * a row (a classic script, then one dynamic import) is the shape of a cold open whose modal comes
 * beside the entry.
 *
 * Each row runs at BENCH_LATENCY_MS (40 ms), on slow 4G (150 ms, 1.6 Mbps down, 750 kbps up) and
 * at 40 ms with the CPU slowed 4×. Then a click after the page has settled: the page has loaded,
 * the widget is ready and nothing has been fetched for SETTLE_MS; a click on 'Log in' (a real
 * mouse click, timed in the page from its pointerdown to the first frame that shows LANDING),
 * with the widget's idle prefetch (data-preload's default) and without it (data-preload="none", the
 * click fetches the modal), against an HTML dialog opened by a button. It reports the requests the
 * page started between the click and LANDING (its resource timing) and the page's own `load` and
 * largest contentful paint with and without the prefetch.
 *
 * Then the first render's main-thread CPU: the same click with the idle prefetch, traced (CDP
 * Tracing, render-cpu.ts), from the pointerdown to the first frame that shows LANDING, split into
 * script, style and layout, against one frame's 25 ms. And a new user's email code login on an app
 * that creates an embedded wallet on login (wallet-ready.ts): the authenticate answer to
 * `wallet:created`, against the spec's 900 ms pause before the creation screens plus 200 ms. Both
 * print the machine's load average beside their figures.
 */
const PASSES = Number(process.env.BENCH_PASSES ?? 9);
const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 40);
const SETTLE_MS = 500;
const TEXT = 'Log in or sign up';

interface Conditions {
  label: string;
  latency: number;
  /** Bytes per second; -1: no limit. */
  down: number;
  up: number;
  cpu: number;
}
const CONDITIONS: Conditions[] = [
  { label: `${LATENCY_MS} ms`, latency: LATENCY_MS, down: -1, up: -1, cpu: 1 },
  { label: 'slow 4G (150 ms, 1.6 Mbps)', latency: 150, down: 1.6e6 / 8, up: 750e3 / 8, cpu: 1 },
  { label: `${LATENCY_MS} ms, CPU ×4`, latency: LATENCY_MS, down: -1, up: -1, cpu: 4 },
];

let world: World;
const chainOrigin = new HostSite();
beforeAll(async () => {
  world = await startWorld({ withoutOmniboxPopup: true });
  await chainOrigin.start();
}, 120_000);
afterAll(async () => {
  await chainOrigin.stop();
  await world?.stop();
});

const floorPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Floor</title></head>
<body><h1>Shop</h1><dialog open aria-label="${TEXT}"><h2>${TEXT}</h2><input aria-label="Email address"><button>Submit</button></dialog></body></html>`;

/** `atLoad`: login() from an inline script right after a blocking loader tag, before the entry has arrived. */
const widgetPage = (
  loaderUrl: string,
  appId: string,
  atLoad = false,
) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Widget</title>
<script>window.LoginWidget||(function(w){w.ready=new Promise(function(y,n){w.settle=[y,n]});window.LoginWidget=w})({});</script>
<script src="${loaderUrl}" data-app-id="${appId}"${atLoad ? '' : ' async'}></script>
<script>${atLoad ? 'LoginWidget.login()' : 'LoginWidget.ready.then(function(){LoginWidget.login()})'};</script>
</head><body><h1>Shop</h1></body></html>`;

const script = (code: string) => ({
  html: code,
  headers: { 'content-type': 'text/javascript', 'access-control-allow-origin': '*' },
});
/**
 * A chain of `hops` scripts on chainOrigin, the last writing the dialog: one hop is a tag whose
 * script writes it (the least any widget pasted as a script tag can take), three are loader →
 * entry → modal. Returns the page's script address.
 */
function serveChain(hops: number): string {
  const dialog = floorPage.slice(floorPage.indexOf('<dialog'), floorPage.indexOf('</body>'));
  let next = chainOrigin.set(
    `/chain${hops}/0.js`,
    script(`document.body.insertAdjacentHTML('beforeend', ${JSON.stringify(dialog)});`),
  );
  for (let hop = 1; hop < hops; hop += 1) {
    next = chainOrigin.set(`/chain${hops}/${hop}.js`, script(`import(${JSON.stringify(next)});`));
  }
  return next;
}
const chainPage = (
  loaderUrl: string,
) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Chain</title>
<script src="${loaderUrl}" async></script></head><body><h1>Shop</h1></body></html>`;

/**
 * Watches each animation frame, from the page's first script on, for TEXT (in the page or the
 * widget's shadow root) and keeps the time it first shows. Installed as an init script and read
 * with CDP's Runtime.evaluate: Playwright's own polling (waitForFunction) first evaluates its
 * injected script in the page, about 100 ms of the main thread on a slow machine, in the middle of
 * the load being timed; it made the floor look twice as slow as it is.
 */
const watchForText = (text: string) => `(() => {
  const look = () => {
    const root = document.getElementById('gatehouse-root')?.shadowRoot;
    if ((root?.textContent ?? document.body?.textContent ?? '').includes(${JSON.stringify(text)})) {
      window.__shownAt = performance.now();
    } else requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
})();`;

/** A fresh context and page under `conditions` (Chromium's network emulation and CPU throttling). */
async function emulated(conditions: Conditions, initScript: string) {
  const context = await world.browser.newContext();
  const page: Page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: conditions.latency,
    downloadThroughput: conditions.down,
    uploadThroughput: conditions.up,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: conditions.cpu });
  await context.addInitScript(initScript);
  /** Polls `expression` in the page (CDP, no injected script) until it is a number. */
  const waitFor = async (expression: string, what: string): Promise<number> => {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const { result } = await cdp.send('Runtime.evaluate', { expression });
      if (typeof result.value === 'number') return result.value;
      if (Date.now() > deadline) throw new Error(`${what} did not happen on ${page.url()}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  return { context, page, cdp, waitFor };
}

/** Milliseconds from navigation start until TEXT is on screen. */
async function timeToLanding(url: string, conditions: Conditions): Promise<number> {
  const { context, page, waitFor } = await emulated(conditions, watchForText(TEXT));
  try {
    await page.goto(url, { waitUntil: 'commit' });
    return await waitFor('window.__shownAt', TEXT);
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};
const row = (label: string, times: number[]) =>
  `  ${label.padEnd(44)} median ${median(times).toFixed(0).padStart(5)} ms  [${times.map((t) => t.toFixed(0)).join(' ')}]`;
const x = (value: number) => `${value.toFixed(2)}×`;

it(`cold open: login modal vs an HTML dialog and the yardsticks, ${PASSES} passes`, async () => {
  const urls = {
    floor: world.site.set('/bench/floor', { html: floorPage }),
    widget: world.site.set('/bench/widget', {
      html: widgetPage(`${world.provider.url}/loader.js`, world.appId),
    }),
    atLoad: world.site.set('/bench/widget-at-load', {
      html: widgetPage(`${world.provider.url}/loader.js`, world.appId, true),
    }),
    one: world.site.set('/bench/one', { html: chainPage(serveChain(1)) }),
    two: world.site.set('/bench/two', { html: chainPage(serveChain(2)) }),
    three: world.site.set('/bench/chain', { html: chainPage(serveChain(3)) }),
  };
  const [fast] = CONDITIONS as [Conditions];
  await timeToLanding(urls.widget, fast); // warm the provider's own caches (app configuration, files) once
  const lines: string[] = [];
  for (const conditions of CONDITIONS) {
    const rows = {
      floor: [] as number[],
      widget: [] as number[],
      atLoad: [] as number[],
      one: [] as number[],
      two: [] as number[],
      three: [] as number[],
    };
    for (let pass = 0; pass < PASSES; pass += 1) {
      for (const key of Object.keys(rows) as (keyof typeof rows)[])
        rows[key].push(await timeToLanding(urls[key], conditions));
    }
    type Medians = Record<keyof typeof rows, number>;
    const { floor, widget, atLoad, one, two, three } = Object.fromEntries(
      Object.entries(rows).map(([key, times]) => [key, median(times)]),
    ) as Medians;
    lines.push(
      `cold open at load, ${conditions.label} (${machineLoad()}):`,
      row('floor (HTML dialog)', rows.floor),
      row('widget (login modal, login() on ready)', rows.widget),
      row('widget, login() at load (before the entry)', rows.atLoad),
      row('one script from a second origin, no work', rows.one),
      row('two fetches in a row, no work', rows.two),
      row('three fetches in a row, no work', rows.three),
      `  widget / floor ${x(widget / floor)} (target ≤ 1.5×); one script ${x(one / floor)}, two fetches ${x(two / floor)}, three ${x(three / floor)}`,
      `  widget / two fetches ${x(widget / two)} (target ≤ 1.15×), / three fetches ${x(widget / three)}`,
      `  login() at load / two fetches ${x(atLoad / two)} (target ≤ 1.15×), / three fetches ${x(atLoad / three)}`,
    );
    expect(Number.isFinite(widget / floor)).toBe(true);
  }
  console.log(lines.join('\n'));
}, 1_800_000);

/**
 * Records, from the page's first script on: its largest contentful paint, when each resource
 * ended, and from the first pointerdown on, the first animation frame that shows TEXT (in the
 * widget's shadow root, or an open dialog of the page's own).
 */
const watchClick = (text: string) => `(() => {
  const at = (window.__bench = { lcp: 0, lastFetch: 0 });
  new PerformanceObserver((list) => { for (const e of list.getEntries()) at.lcp = e.startTime; })
    .observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver(() => { at.lastFetch = performance.now(); }).observe({ type: 'resource' });
  addEventListener('pointerdown', () => {
    if (at.clickAt !== undefined) return;
    at.clickAt = performance.now();
    performance.mark('${CLICK_MARK}');
    const look = () => {
      const root = document.getElementById('gatehouse-root')?.shadowRoot;
      if ((root?.textContent ?? '').includes(${JSON.stringify(text)}) || document.querySelector('dialog[open]')) {
        at.shownAt = performance.now();
        performance.mark('${SHOWN_MARK}');
      } else requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  }, true);
})();`;

const BUTTON = 'style="position:fixed;left:0;top:0;width:120px;height:40px"';
const settledWidgetPage = (
  preload: string,
) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Widget</title>
<script>window.LoginWidget||(function(w){w.ready=new Promise(function(y,n){w.settle=[y,n]});window.LoginWidget=w})({});</script>
<script src="${world.provider.url}/loader.js" data-app-id="${world.appId}" data-preload="${preload}" async></script>
<script>LoginWidget.ready.then(function(){window.__ready=1});</script>
</head><body><h1>Shop</h1><button ${BUTTON} onclick="LoginWidget.login()">Log in</button></body></html>`;
const settledFloorPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Floor</title>
<script>window.__ready=1</script></head><body><h1>Shop</h1>
<button ${BUTTON} onclick="document.querySelector('dialog').showModal()">Log in</button>
<dialog aria-label="${TEXT}"><h2>${TEXT}</h2><input aria-label="Email address"><button>Submit</button></dialog></body></html>`;

interface Click {
  /** From the pointerdown to the first frame showing LANDING. */
  ms: number;
  /** The provider's files and API calls the page started between the two. */
  between: string[];
  load: number;
  lcp: number;
  /** The main thread's CPU from the pointerdown to that frame, when the click was traced. */
  cpu?: RenderCpu;
}

/** Loads `url`, waits for ready, `wanted` (a file the page must have fetched) and SETTLE_MS without a fetch, then clicks. */
async function clickAfterSettle(
  url: string,
  conditions: Conditions,
  wanted?: string,
  traced = false,
): Promise<Click> {
  const { context, page, cdp, waitFor } = await emulated(conditions, watchClick(TEXT));
  try {
    await page.goto(url, { waitUntil: 'load' });
    await waitFor('window.__ready', 'ready');
    if (wanted) {
      const fetched = `performance.getEntriesByType('resource').some((e) => e.name.includes(${JSON.stringify(wanted)}))`;
      await waitFor(`${fetched} ? 1 : undefined`, `the prefetch of ${wanted}`);
    }
    await waitFor(`performance.now() - window.__bench.lastFetch > ${SETTLE_MS} ? 1 : undefined`, 'settling');
    const endTrace = traced ? await startTrace(cdp) : null;
    await page.mouse.click(20, 20);
    await waitFor('window.__bench.shownAt', TEXT);
    const cpu = endTrace ? renderCpu(await endTrace()) : undefined;
    const click = await page.evaluate((origin) => {
      const at = (window as unknown as { __bench: { clickAt: number; shownAt: number; lcp: number } })
        .__bench;
      const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
      const between = performance
        .getEntriesByType('resource')
        .filter((e) => e.name.startsWith(origin) && e.startTime >= at.clickAt && e.startTime <= at.shownAt)
        .map((e) => new URL(e.name).pathname);
      return {
        ms: at.shownAt - at.clickAt,
        between,
        load: navigation?.loadEventStart ?? Number.NaN,
        lcp: at.lcp,
      };
    }, world.provider.url);
    return { ...click, cpu };
  } finally {
    await context.close();
  }
}

it(`click after the page settled: login modal with and without the idle prefetch, ${PASSES} passes`, async () => {
  const urls = {
    floor: world.site.set('/bench/settled-floor', { html: settledFloorPage }),
    prefetch: world.site.set('/bench/settled-idle', { html: settledWidgetPage('idle') }),
    none: world.site.set('/bench/settled-none', { html: settledWidgetPage('none') }),
  };
  const lines: string[] = [];
  for (const conditions of CONDITIONS) {
    const runs = { floor: [] as Click[], prefetch: [] as Click[], none: [] as Click[] };
    for (let pass = 0; pass < PASSES; pass += 1) {
      runs.floor.push(await clickAfterSettle(urls.floor, conditions));
      runs.prefetch.push(await clickAfterSettle(urls.prefetch, conditions, '/modal-'));
      runs.none.push(await clickAfterSettle(urls.none, conditions));
    }
    const ms = (clicks: Click[]) => clicks.map((c) => c.ms);
    const requests = (clicks: Click[]) => {
      const paths = [...new Set(clicks.flatMap((c) => c.between))];
      const passes = clicks.filter((c) => c.between.length > 0).length;
      return passes === 0 ? 'none' : `in ${passes}/${clicks.length} passes: ${paths.join(' ')}`;
    };
    const [prefetch, none] = [median(ms(runs.prefetch)), median(ms(runs.none))];
    lines.push(
      `click after the page settled, ${conditions.label}:`,
      row('floor (a button opening an HTML dialog)', ms(runs.floor)),
      row('widget, idle prefetch (data-preload default)', ms(runs.prefetch)),
      row('widget, no prefetch (data-preload="none")', ms(runs.none)),
      `  requests between the click and LANDING: with the prefetch ${requests(runs.prefetch)}; without it ${requests(runs.none)}`,
      `  prefetch saves ${(none - prefetch).toFixed(0)} ms (${x(none / prefetch)}); widget with prefetch - floor ${(prefetch - median(ms(runs.floor))).toFixed(0)} ms`,
      `  host page load event: ${median(runs.prefetch.map((c) => c.load)).toFixed(0)} ms with the prefetch, ${median(runs.none.map((c) => c.load)).toFixed(0)} ms without; largest contentful paint ${median(runs.prefetch.map((c) => c.lcp)).toFixed(0)} / ${median(runs.none.map((c) => c.lcp)).toFixed(0)} ms`,
    );
    expect(Number.isFinite(prefetch)).toBe(true);
  }
  console.log(lines.join('\n'));
}, 1_800_000);

const cpuRow = (label: string, values: number[]) =>
  `  ${label.padEnd(44)} median ${median(values).toFixed(1).padStart(6)} ms  [${values.map((t) => t.toFixed(1)).join(' ')}]`;
/** LANDING's first render in one frame: main-thread CPU (scripting, style, layout) at 1×. */
const FIRST_RENDER_TARGET_MS = 25;

it(`first render: main-thread CPU from a click to LANDING's first frame, ${PASSES} passes`, async () => {
  const url = world.site.set('/bench/settled-idle', { html: settledWidgetPage('idle') });
  const [fast] = CONDITIONS as [Conditions];
  const cpus: RenderCpu[] = [];
  for (let pass = 0; pass < PASSES; pass += 1)
    cpus.push((await clickAfterSettle(url, fast, '/modal-', true)).cpu as RenderCpu);
  const of = (key: keyof RenderCpu) => cpus.map((cpu) => cpu[key]);
  const total = median(of('total'));
  console.log(
    [
      `first render after a click on a settled page (idle prefetch), ${fast.label}, CPU 1×, traced (${machineLoad()}):`,
      cpuRow('main-thread CPU, pointerdown → first frame', of('total')),
      cpuRow('  of it script', of('script')),
      cpuRow('  style', of('style')),
      cpuRow('  layout', of('layout')),
      `  forced layouts ${median(of('forcedLayouts'))}, tasks ${median(of('tasks'))} (medians); target ≤ ${FIRST_RENDER_TARGET_MS} ms: ${total <= FIRST_RENDER_TARGET_MS ? 'met' : 'missed'}`,
    ].join('\n'),
  );
  expect(Number.isFinite(total)).toBe(true);
}, 1_800_000);

it(`wallet ready: a new user's email login to wallet:created, ${PASSES} passes`, async () => {
  const url = world.site.set('/bench/wallet', {
    html: hostPage({ loaderUrl: `${world.provider.url}/loader.js`, appId: world.appId }),
  });
  const [fast] = CONDITIONS as [Conditions];
  const runs: WalletTimes[] = [];
  for (let pass = 0; pass < PASSES; pass += 1) {
    const { context, page, waitFor } = await emulated(fast, recordWalletTimes);
    try {
      await page.goto(url, { waitUntil: 'load' });
      runs.push(
        await logInNewUser(world, page, waitFor, `bench.${Date.now()}.${pass}@example.com`, SETTLE_MS),
      );
    } finally {
      await context.close();
    }
  }
  const { lines, fromAuthenticate } = walletReport(runs, `${fast.label} (${machineLoad()})`, row);
  console.log(lines.join('\n'));
  expect(Number.isFinite(fromAuthenticate)).toBe(true);
}, 1_800_000);
