/**
 * The axe-core scan of every screen the browser tests reach. `enableA11yScan(browser)` (called by
 * startWorld) wraps Playwright's `Locator.isVisible()` and `Locator.waitFor()`: whenever a test
 * sees something visible while the widget shows a screen, that screen (the `data-screen` of the
 * modal's body and its title) is scanned once per page — axe-core injected into the page and
 * run over the widget's host element with its open shadow root (a11y.test.ts scans the export frame).
 * Any violation, of any impact, fails the running test with a readable list.
 */

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Frame, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { HOST_ELEMENT_ID } from '../../src/protocol/loader.js';

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

const require = createRequire(import.meta.url);
let axeSource: string | undefined;
const scanned = new WeakMap<Page, Set<string>>();
let patched = false;

/** The screen the widget shows on `page` ('data-screen|title'), or null when no modal is up. */
const screenOf = (page: Page) =>
  page.evaluate((hostId) => {
    const root = document.getElementById(hostId)?.shadowRoot;
    const body = root?.querySelector('[data-screen]');
    if (!root || !body) return null;
    const title = root.querySelector('[role="dialog"] h2, [role="dialog"] h1')?.textContent ?? '';
    return `${body.getAttribute('data-screen')}|${title}`;
  }, HOST_ELEMENT_ID);

/** axe-core in `frame` (the page's own, or the export view's), once per document. */
async function injectAxe(frame: Frame): Promise<void> {
  axeSource ??= readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  if (!(await frame.evaluate(() => 'axe' in window))) await frame.evaluate(axeSource);
}

/**
 * Runs axe over the widget's host element with its open shadow root, or over the whole document
 * of one of its frames (the export view); the violations, readable. Frames are scanned on their
 * own, never from the page (axe's cross-frame messages would mix with the wallet frames' own).
 */
async function scanWidget(page: Page, frame?: Frame): Promise<Violation[]> {
  const target = frame ?? page.mainFrame();
  await injectAxe(target);
  return target.evaluate(
    async ([hostId, whole]) => {
      // biome-ignore lint/suspicious/noExplicitAny: axe-core's global, injected above
      const axe = (window as any).axe;
      const context = whole ? document : { include: [[`#${hostId}`]] };
      const results = await axe.run(context, { resultTypes: ['violations'], iframes: false, preload: false });
      return results.violations.map(
        (v: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }) => ({
          id: v.id,
          impact: v.impact,
          help: v.help,
          targets: v.nodes.map((n) => JSON.stringify(n.target)),
        }),
      );
    },
    [HOST_ELEMENT_ID, Boolean(frame)] as const,
  );
}

const describeViolations = (violations: Violation[]) =>
  violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.targets.join('\n    ')}`).join('\n');

/** Scans the widget on `page` now, whatever it shows, and fails the test on any violation. */
export async function expectNoViolations(page: Page, what: string, frame?: Frame): Promise<void> {
  const violations = await scanWidget(page, frame);
  expect(
    violations.map((v) => v.id),
    `axe-core on ${what}:\n${describeViolations(violations)}`,
  ).toEqual([]);
}

/**
 * Waits (at most 1 s) until the widget's finite animations have ended: the screen as it settles,
 * not mid-move. While the card animates its height (180 ms) its body overflows for a moment, which
 * axe would report as a scroll region and a screenshot would show cut. Spinners run forever: skipped.
 */
export async function widgetSettled(page: Page): Promise<void> {
  await page
    .evaluate((hostId) => {
      const root = document.getElementById(hostId)?.shadowRoot;
      const moving = (root?.getAnimations() ?? []).filter(
        (motion) => motion.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY,
      );
      const settled = Promise.all(moving.map((motion) => motion.finished.catch(() => {})));
      return Promise.race([settled, new Promise((resolve) => setTimeout(resolve, 1000))]);
    }, HOST_ELEMENT_ID)
    .catch(() => {});
}

/** Scans the screen on `page` unless this page already had it scanned; records a failure. */
async function scanOnce(page: Page): Promise<void> {
  if (page.isClosed()) return;
  const screen = await screenOf(page).catch(() => null);
  if (!screen) return;
  const seen = scanned.get(page) ?? new Set<string>();
  scanned.set(page, seen);
  if (seen.has(screen)) return;
  seen.add(screen);
  await widgetSettled(page);
  const violations = await scanWidget(page).catch((error: unknown) => {
    // The page moved on (navigation, closed) while axe ran: nothing to judge.
    if (page.isClosed() || /context|destroyed|navigat/i.test(String(error))) return [];
    throw error;
  });
  if (violations.length === 0) return;
  const report = `axe-core: ${violations.length} violation(s) on screen ${screen}:\n${describeViolations(violations)}`;
  expect
    .soft(
      violations.map((v) => v.id),
      report,
    )
    .toEqual([]);
}

/** Wraps isVisible() and waitFor() of every locator so that each screen a test waits for is scanned. */
export async function enableA11yScan(browser: Browser): Promise<void> {
  if (patched) return;
  const page = await browser.newPage();
  const proto = Object.getPrototypeOf(page.locator('body')) as Locator;
  await page.context().close();
  patched = true;
  const isVisible = proto.isVisible;
  const waitFor = proto.waitFor;
  proto.isVisible = async function (this: Locator, ...args: Parameters<Locator['isVisible']>) {
    const visible = await isVisible.apply(this, args);
    if (visible) await scanOnce(this.page());
    return visible;
  };
  proto.waitFor = async function (this: Locator, ...args: Parameters<Locator['waitFor']>) {
    await waitFor.apply(this, args);
    const state = args[0]?.state ?? 'visible';
    if (state === 'visible') await scanOnce(this.page());
  };
}
