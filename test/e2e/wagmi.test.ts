/**
 * A dapp on @wagmi/core and viem with @gatehousejs/widget/wagmi as its connector
 * (test/fixtures/wagmi-app), built with Vite's API as its own app would be: in Chromium, Connect
 * opens the Gatehouse modal, the visitor logs in with an email code and wagmi's account is the
 * embedded wallet; after a reload wagmi reconnects from the stored session with no modal; Disconnect
 * logs out.
 */
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { extname, join, relative, resolve } from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { logInByEmail } from './steps.js';
import { startWorld, type World } from './world.js';

const ROOT = resolve(import.meta.dirname, '../..');
const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript' };

let world: World;
let outDir = '';

beforeAll(async () => {
  await mkdir(join(ROOT, 'test-results'), { recursive: true });
  outDir = await mkdtemp(join(ROOT, 'test-results', 'wagmi-app-'));
  const [started] = await Promise.all([
    startWorld(),
    build({
      configFile: false,
      root: join(ROOT, 'test/fixtures/wagmi-app'),
      base: '/wagmi/',
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true },
    }),
  ]);
  world = started;
  const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
  for (const entry of entries.filter((found) => found.isFile())) {
    const file = join(entry.parentPath, entry.name);
    world.site.set(`/wagmi/${relative(outDir, file)}`, {
      html: await readFile(file, 'utf8'),
      headers: { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' },
    });
  }
}, 120_000);

afterAll(async () => {
  await world?.stop();
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

it('connects through the login modal, reconnects after a reload, and disconnects', async () => {
  const context = await world.browser.newContext();
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  const query = new URLSearchParams({ app: world.appId, provider: world.provider.url });
  await page.goto(`${world.site.origin}/wagmi/index.html?${query}`);
  const account = page.getByRole('status');
  await expect.poll(() => account.textContent(), { timeout: 15_000 }).toBe('Status: disconnected');

  // Connect: the Gatehouse modal, an email code, and wagmi's account is the embedded wallet.
  await logInByEmail(world, page, 'wagmi@example.com');
  await expect.poll(() => account.textContent(), { timeout: 30_000 }).toMatch(/^Account: 0x[0-9a-fA-F]{40}$/);
  const wallet = await page.evaluate(() => window.LoginWidget?.user?.wallet?.address);
  expect(await account.textContent()).toBe(`Account: ${wallet}`);

  // A reload: wagmi reconnects from the stored session, and no modal opens.
  await page.reload();
  await expect.poll(() => account.textContent(), { timeout: 15_000 }).toBe(`Account: ${wallet}`);
  expect(await page.getByRole('dialog').count()).toBe(0);

  // Disconnect logs out.
  await page.getByRole('button', { name: 'Disconnect' }).click();
  await expect.poll(() => account.textContent()).toBe('Status: disconnected');
  await expect.poll(() => page.evaluate(() => window.LoginWidget?.authenticated)).toBe(false);
  expect(pageErrors).toEqual([]);
  await context.close();
}, 120_000);
