/**
 * Loading that cannot race: the README's snippets, taken from README.md as printed,
 * run in Chromium with the loader tag `async`, `defer` and injected late, 20 loads each; every
 * load must reach 'Gatehouse ready' with no error in the page.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SDK_VERSION } from '../../src/protocol/version.js';
import { startWorld, type World } from './world.js';

const LOADS = 20;

/** The fenced block after `<!-- snippet: name -->` in README.md. */
function readmeSnippet(name: string): string {
  const readme = readFileSync('README.md', 'utf8');
  const match = readme.match(new RegExp(`<!-- snippet: ${name} -->\\s*\`\`\`\\w*\\n([\\s\\S]*?)\`\`\``));
  if (!match?.[1]) throw new Error(`README.md has no snippet '${name}'`);
  return match[1].replace(/^ {3}/gm, '');
}

let world: World;
let tag: string;
let ready: string;

beforeAll(async () => {
  world = await startWorld();
  tag = readmeSnippet('tag')
    .replace('https://gatehouse.example/loader.js', `${world.provider.url}/loader.js`)
    .replace('YOUR_25_CHARACTER_APP_ID', world.appId);
  ready = readmeSnippet('ready');
});

afterAll(async () => {
  await world?.stop();
});

const page = (head: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Host</title>${head}</head><body><h1>Shop</h1></body></html>`;

/** The stub line of the tag snippet, and the loader tag itself. */
const parts = () => {
  const [stub, loader] = tag.trim().split('\n');
  if (!stub || !loader) throw new Error('the tag snippet has two lines');
  return { stub, loader };
};

/** Loads `url` LOADS times; each load must log 'Gatehouse ready: logged out' and throw nothing. */
async function loadRepeatedly(url: string): Promise<number> {
  const context = await world.browser.newContext();
  const tab: Page = await context.newPage();
  const errors: string[] = [];
  tab.on('pageerror', (error) => errors.push(error.message));
  let readyCount = 0;
  tab.on('console', (message) => {
    if (message.text() === 'Gatehouse ready: logged out') readyCount += 1;
  });
  try {
    for (let i = 1; i <= LOADS; i += 1) {
      await tab.goto(url);
      await expect.poll(() => readyCount, { timeout: 15_000 }).toBe(i);
    }
  } finally {
    await context.close();
  }
  expect(errors).toEqual([]);
  return readyCount;
}

describe('the README snippets load without a race', () => {
  it('with the tag as printed (async), the ready snippet after it', async () => {
    const url = world.site.set('/race/async', { html: page(`${tag}\n${ready}`) });
    expect(await loadRepeatedly(url)).toBe(LOADS);
  });

  it('with the tag deferred, and the ready snippet before the tag', async () => {
    const { stub, loader } = parts();
    const html = page(`${stub}\n${ready}\n${loader.replace(' async>', ' defer>')}`);
    const url = world.site.set('/race/defer', { html });
    expect(await loadRepeatedly(url)).toBe(LOADS);
  });

  it('with the loader tag injected late, after the page has loaded', async () => {
    const { stub, loader } = parts();
    const src = loader.match(/src="([^"]+)"/)?.[1];
    const inject = `<script>addEventListener('load', () => setTimeout(() => {
  const s = document.createElement('script');
  s.src = ${JSON.stringify(src)};
  s.dataset.appId = ${JSON.stringify(world.appId)};
  document.head.append(s);
}, 50));</script>`;
    const url = world.site.set('/race/late', { html: page(`${stub}\n${ready}\n${inject}`) });
    expect(await loadRepeatedly(url)).toBe(LOADS);
  });

  it('with the exact-version loader and its Subresource Integrity hash', async () => {
    const { stub } = parts();
    const integrity = `sha384-${createHash('sha384').update(readFileSync('dist/client/loader.js')).digest('base64')}`;
    const pinned = `<script src="${world.provider.url}/loader@${SDK_VERSION}.js" integrity="${integrity}" crossorigin="anonymous" data-app-id="${world.appId}" async></script>`;
    const url = world.site.set('/race/sri', { html: page(`${stub}\n${pinned}\n${ready}`) });
    const context = await world.browser.newContext();
    try {
      const tab = await context.newPage();
      const logged = tab.waitForEvent('console', (m) => m.text() === 'Gatehouse ready: logged out');
      await tab.goto(url);
      await logged;
    } finally {
      await context.close();
    }
  });
});
