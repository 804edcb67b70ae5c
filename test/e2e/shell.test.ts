/**
 * The modal's shell in real Chromium ('a shell that fits'), from the built loader on a
 * plain host page against the provider on another origin: the height follows the screen's content
 * up to 620 px (480 px on a short viewport), the phone drawer fits the viewport even on a page wider
 * than it, locks the page's scroll while open and gives it back after, shows a drag handle, and the
 * sign screen's provider surface fits it at 360 px, its Cancel and Sign each on one line.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hostPage } from './pages.js';
import { surfaceSettled } from './surface-steps.js';
import {
  contexts,
  logInAndCreate,
  openWalletPage,
  surfaceOf,
  useWalletWorld,
  waitForDialog,
  waitForNoDialog,
  world,
} from './wallet-world.js';

useWalletWorld();

const height = async (dialog: Locator) => (await dialog.boundingBox())?.height ?? 0;
/** The height of the dialog's content: its header and its screen, as laid out without a limit. */
const contentHeight = (dialog: Locator) =>
  dialog.evaluate((el) =>
    [...el.children].reduce((sum, child) => {
      const style = getComputedStyle(child);
      if (style.position === 'absolute' || style.display === 'none') return sum;
      return (
        sum +
        (child.tagName === 'DIV' && child.hasAttribute('data-screen')
          ? child.scrollHeight
          : child.getBoundingClientRect().height)
      );
    }, 0),
  );

describe('the modal follows its content', () => {
  it('LANDING and the code screen at 1280×800: as tall as their content, at most 620 px; 480 px on a short viewport', async () => {
    const { page } = await openWalletPage('/heights.html');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.click('#login');
    const landing = await waitForDialog(page, 'Log in or sign up');
    // The card moves its height between screens (180 ms): measured once it has settled.
    const settled = (dialog: Locator) =>
      expect
        .poll(async () => Math.abs((await height(dialog)) - (await contentHeight(dialog))))
        .toBeLessThanOrEqual(1);
    await settled(landing);
    expect((await landing.boundingBox())?.width).toBe(360);
    expect(await height(landing)).toBeLessThan(400);

    // A short screen: the code entry is as tall as what it shows, no blank half.
    const since = world.mailbox.messages.length;
    await landing.getByRole('textbox', { name: 'Email address' }).fill('heights@example.com');
    await landing.getByRole('button', { name: 'Submit' }).click();
    await world.mailbox.codeFor('heights@example.com', since);
    const code = await waitForDialog(page, 'Enter confirmation code');
    await settled(code);
    expect(await height(code)).toBeLessThan(480);

    // Content taller than the full height: the dialog stops at 620 px, and scrolls inside.
    await code.evaluate((el) => {
      const tall = document.createElement('div');
      tall.style.cssText = 'height: 2000px; flex: none';
      el.querySelector('[data-screen]')?.append(tall);
    });
    await expect.poll(() => height(code)).toBe(620);
    // On a viewport too short for 620 px and its margins, the compact height.
    await page.setViewportSize({ width: 1280, height: 600 });
    await expect.poll(() => height(code)).toBe(480);
  });
});

/** A phone (360 px wide, touch) on a host page with an element 2000 px wide, scrolled down to y = 500. */
async function openWidePhonePage(): Promise<Page> {
  const url = world.site.set('/wide.html', {
    html: hostPage({
      loaderUrl: `${world.provider.url}/loader.js`,
      appId: world.appId,
      head: '<meta name="viewport" content="width=device-width, initial-scale=1">',
    }).replace('<h1>My site</h1>', '<div id="wide" style="width: 2000px; height: 8000px"></div>'),
  });
  const context = await world.browser.newContext({
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
  });
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(url);
  await page.evaluate(() => window.LoginWidget.ready);
  await page.evaluate(() => {
    document.body.style.setProperty('overflow-x', 'auto');
    window.scrollTo(0, 500);
  });
  return page;
}

describe('the phone drawer', () => {
  it('fits a 360 px viewport on a page 2000 px wide, shows a drag handle, locks the page scroll and restores it', async () => {
    const page = await openWidePhonePage();
    const before = await page.evaluate(() => ({
      y: window.scrollY,
      html: document.documentElement.style.cssText,
      body: document.body.style.cssText,
    }));
    expect(before.y).toBe(500);
    await page.evaluate(() => window.LoginWidget.login());
    const dialog = await waitForDialog(page, 'Log in or sign up');
    const box = await dialog.boundingBox();
    expect(box?.x).toBe(0);
    expect(box?.width).toBeLessThanOrEqual(360);
    // At the bottom of the screen.
    expect(Math.round((box?.y ?? 0) + (box?.height ?? 0))).toBe(
      await page.evaluate(() => window.visualViewport?.height ?? 0),
    );
    // The handle: a visible bar at the top of the drawer.
    const handle = await dialog.evaluate((el) => {
      const bar = el.querySelector('[aria-hidden="true"]:first-child');
      const rect = bar?.getBoundingClientRect();
      return bar && rect && getComputedStyle(bar).display !== 'none'
        ? rect.top - el.getBoundingClientRect().top
        : -1;
    });
    expect(handle).toBe(0);

    // The page does not scroll under the drawer (a wheel over the backdrop; the page itself could still).
    await page.mouse.move(180, 100);
    await page.mouse.wheel(0, -300);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await page.evaluate(() => window.scrollY)).toBe(before.y);

    // Dragging the handle down closes the drawer; the page is as it was.
    const grip = { x: 180, y: (box?.y ?? 0) + 8 };
    await page.mouse.move(grip.x, grip.y);
    await page.mouse.down();
    await page.mouse.move(grip.x, grip.y + 150, { steps: 5 });
    await page.mouse.up();
    await waitForNoDialog(page);
    expect(
      await page.evaluate(() => ({
        y: window.scrollY,
        html: document.documentElement.style.cssText,
        body: document.body.style.cssText,
      })),
    ).toEqual(before);
    await page.mouse.wheel(0, -300);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeLessThan(before.y);
  });
});

describe('the sign screen at 360 px', () => {
  it("the surface's Cancel and Sign each on one line, and the surface within the drawer", async () => {
    const { page } = await openWalletPage('/sign.html');
    await page.setViewportSize({ width: 360, height: 740 });
    await logInAndCreate(page, 'narrow.signer@example.com');
    page.evaluate(() => window.LoginWidget.signMessage('Hello from a phone')).catch(() => undefined);
    const dialog = await waitForDialog(page, 'Sign message');
    const surface = surfaceOf(page);
    await surface.getByRole('button', { name: 'Sign', exact: true }).waitFor({ timeout: 20_000 });
    await surfaceSettled(page);
    for (const name of ['Cancel', 'Sign']) {
      const button = surface.getByRole('button', { name, exact: true });
      const lines = await button.evaluate((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
      });
      expect(lines, name).toBe(1);
      expect(await button.evaluate((el) => el.scrollWidth <= el.clientWidth), name).toBe(true);
    }
    // The surface's page fits its frame (no sideways scroll), and the frame fits the drawer.
    expect(await surface.locator('html').evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    const frame = await page.locator('iframe[data-surface]').boundingBox();
    const drawer = await dialog.boundingBox();
    expect(frame && drawer).toBeTruthy();
    expect((frame?.x ?? 0) >= (drawer?.x ?? 0)).toBe(true);
    expect((frame?.x ?? 0) + (frame?.width ?? 0)).toBeLessThanOrEqual(
      (drawer?.x ?? 0) + (drawer?.width ?? 0),
    );
  });
});
