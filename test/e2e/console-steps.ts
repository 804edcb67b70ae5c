/**
 * The console pages' checks in Chromium: axe-core over the whole page (the console is a page of
 * its own, not the widget's shadow root that a11y-scan.ts scans), light and dark, and screenshots
 * at 1280×800 and 390×844 for a person to look at.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

export const SHOTS = resolve(import.meta.dirname, '../../test-results/screenshots');
export const SIZES = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];
const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** The whole page scanned by axe-core: the violations' ids and where. */
async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe-core's global, injected above
    const results = await (window as any).axe.run(document, { resultTypes: ['violations'] });
    return results.violations.map(
      (v: { id: string; nodes: { target: unknown[] }[] }) =>
        `${v.id}: ${v.nodes.map((n) => JSON.stringify(n.target)).join(' ')}`,
    );
  });
}

/** axe-core finds nothing, light and dark; screenshots `console-<name>…png` of each size and scheme. */
export async function checkPage(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    expect(await axeViolations(page), `axe-core on ${name} (${colorScheme})`).toEqual([]);
    for (const size of SIZES) {
      await page.setViewportSize(size);
      const scheme = colorScheme === 'dark' ? '-dark' : '';
      await page.screenshot({
        path: join(SHOTS, `console-${name}${scheme}-${size.width}x${size.height}.png`),
        fullPage: true,
      });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize(SIZES[0] as { width: number; height: number });
}

/** Opens a section of the console by its link in the navigation. */
export async function showSection(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation').getByRole('link', { name, exact: true }).click();
  await page
    .getByRole('heading', { level: 2, name: name === 'Apps' ? 'Apps' : name })
    .first()
    .waitFor();
}

/** The audit log has a row saying `what` (the log is its own section; the apps are shown again after). */
export async function seeAuditRow(page: Page, what: string): Promise<void> {
  await showSection(page, 'Audit log');
  await page.getByRole('row').filter({ hasText: what }).first().waitFor();
  await showSection(page, 'Apps');
}
