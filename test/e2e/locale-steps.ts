/**
 * Steps of the locale tests: a host page in a language, the widget's texts that overflow their
 * box, the root's lang and dir, and a screenshot for a person to read.
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { widgetSettled } from './a11y-scan.js';
import { hostPage } from './pages.js';
import type { World } from './world.js';

const SHOTS = resolve(import.meta.dirname, '../../test-results/screenshots');
export const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

/** A host page with `<html lang>` set to `lang` and no configuration: its URL. */
export const pageIn = (world: World, lang: string, path: string): string =>
  world.site.set(path, {
    html: hostPage({ loaderUrl: `${world.provider.url}/loader.js`, appId: world.appId }).replace(
      '<html lang="en">',
      `<html lang="${lang}">`,
    ),
  });

/**
 * The widget's elements whose text is wider than their box (scroll width over client width);
 * visually hidden labels (a 1 px box, for screen readers) are not boxes a reader sees.
 */
export const overflowing = (page: Page) =>
  page.evaluate(() => {
    const root = document.getElementById('gatehouse-root')?.shadowRoot;
    return [...(root?.querySelectorAll<HTMLElement>('*') ?? [])]
      .filter((el) => [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim()))
      .filter((el) => el.clientWidth > 1 && el.scrollWidth > el.clientWidth)
      .map((el) => `${el.tagName} "${el.textContent}" ${el.scrollWidth} > ${el.clientWidth}`);
  });

export const rootLang = (page: Page) =>
  page.evaluate(() => {
    const root = document.getElementById('gatehouse-root');
    return [root?.getAttribute('lang'), root?.getAttribute('dir')];
  });

export async function shoot(page: Page, name: string): Promise<void> {
  const size = page.viewportSize();
  mkdirSync(SHOTS, { recursive: true });
  await widgetSettled(page);
  await page.screenshot({ path: join(SHOTS, `${name}-${size?.width}x${size?.height}.png`) });
}
