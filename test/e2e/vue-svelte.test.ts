/**
 * A Vite + Vue app on @gatehousejs/widget/vue and a Vite + Svelte app on @gatehousejs/widget/svelte
 * (test/fixtures/vue-app, test/fixtures/svelte-app), built with Vite's API as their own apps would be:
 * in Chromium the visitor logs in with an email code, the app shows the user's id from the entry's
 * store, and after logging out the id is gone.
 */
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { extname, join, relative, resolve } from 'node:path';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import vue from '@vitejs/plugin-vue';
import { build, type PluginOption } from 'vite';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { logInByEmail } from './steps.js';
import { startWorld, type World } from './world.js';

const ROOT = resolve(import.meta.dirname, '../..');
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
};
const APPS: Record<'vue' | 'svelte', () => PluginOption> = { vue: () => vue(), svelte: () => svelte() };
type App = keyof typeof APPS;

let world: World;
const outDirs: string[] = [];

/**
 * Builds test/fixtures/<app>-app with its framework's Vite plugin and no config of ours, into a folder
 * under test-results/ (ignored by git), and serves its files under /<app>/ on the host site.
 */
async function buildApp(app: App): Promise<Array<[string, string]>> {
  await mkdir(join(ROOT, 'test-results'), { recursive: true });
  const outDir = await mkdtemp(join(ROOT, 'test-results', `${app}-app-`));
  outDirs.push(outDir);
  await build({
    configFile: false,
    root: join(ROOT, `test/fixtures/${app}-app`),
    base: `/${app}/`,
    logLevel: 'warn',
    plugins: [APPS[app]()],
    build: { outDir, emptyOutDir: true },
  });
  const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
  return Promise.all(
    files.map(async (file): Promise<[string, string]> => [file, await readFile(file, 'utf8')]),
  ).then((read) => read.map(([file, text]) => [`/${app}/${relative(outDir, file)}`, text]));
}

beforeAll(async () => {
  const [started, ...built] = await Promise.all([startWorld(), buildApp('vue'), buildApp('svelte')]);
  world = started;
  for (const [path, text] of built.flat()) {
    const headers = { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream' };
    world.site.set(path, { html: text, headers });
  }
}, 120_000);

afterAll(async () => {
  await world?.stop();
  for (const dir of outDirs) await rm(dir, { recursive: true, force: true });
});

async function logInAndOut(app: App, email: string): Promise<void> {
  const context = await world.browser.newContext();
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  const query = new URLSearchParams({ app: world.appId, provider: world.provider.url });
  await page.goto(`${world.site.origin}/${app}/index.html?${query}`);
  const logIn = page.getByRole('button', { name: 'Log in' });
  await expect.poll(() => logIn.isVisible(), { timeout: 15_000 }).toBe(true);

  await logInByEmail(world, page, email); // the app's Log in button is #login
  const userId = page.getByText(/^User id: \S+$/);
  await expect.poll(() => userId.isVisible(), { timeout: 15_000 }).toBe(true);
  const id = await page.evaluate(() => window.LoginWidget?.user?.id);
  expect(await userId.textContent()).toBe(`User id: ${id}`);
  await page.screenshot({ path: join(ROOT, `test-results/${app}-app-logged-in.png`) });

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect.poll(() => logIn.isVisible()).toBe(true);
  expect(await page.getByText(/User id/).count()).toBe(0);
  await page.screenshot({ path: join(ROOT, `test-results/${app}-app-logged-out.png`) });
  expect(pageErrors).toEqual([]);
  await context.close();
}

it('logs in and out through the composables of a Vue app', async () => {
  await logInAndOut('vue', 'ada@example.com');
});

it('logs in and out through the stores of a Svelte app', async () => {
  await logInAndOut('svelte', 'grace@example.com');
});
