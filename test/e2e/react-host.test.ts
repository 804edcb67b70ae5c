/**
 * A Vite + React app built with real React against @gatehousejs/widget/react: it loads
 * the widget through <GatehouseProvider>, and its own components re-render from the hooks as the
 * visitor logs in and out in Chromium.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join, relative } from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startWorld, type World } from './world.js';

const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript' };

let world: World;
let outDir: string;

/** Builds test/fixtures/react-host as its own app would (no config of ours, no preact alias). */
async function buildReactHost(): Promise<string> {
  outDir = await mkdtemp(join(tmpdir(), 'react-host-'));
  await build({
    configFile: false,
    root: 'test/fixtures/react-host',
    base: '/react/',
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
  });
  return outDir;
}

async function files(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

beforeAll(async () => {
  const [started, dir] = await Promise.all([startWorld(), buildReactHost()]);
  world = started;
  for (const file of await files(dir)) {
    const headers = { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' };
    world.site.set(`/react/${relative(dir, file)}`, { html: await readFile(file, 'utf8'), headers });
  }
}, 120_000);

afterAll(async () => {
  await world?.stop();
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

/** The built React app in a fresh browser context, for this world's app and provider. */
async function openReactHost() {
  const context = await world.browser.newContext();
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  const query = new URLSearchParams({ app: world.appId, provider: world.provider.url });
  await page.goto(`${world.site.origin}/react/index.html?${query}`);
  return { context, page, pageErrors };
}

it('logs in and out through the hooks of a React app', async () => {
  const { context, page, pageErrors } = await openReactHost();
  const signIn = page.getByRole('button', { name: 'Sign in' });
  await expect.poll(() => signIn.isVisible(), { timeout: 15_000 }).toBe(true);

  await signIn.click();
  const dialog = page.getByRole('dialog');
  await expect.poll(() => dialog.getByText('Log in or sign up').isVisible()).toBe(true);
  const since = world.mailbox.messages.length;
  await dialog.getByRole('textbox', { name: 'Email address' }).fill('ada@example.com');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  const code = await world.mailbox.codeFor('ada@example.com', since);
  await dialog.getByRole('textbox', { name: 'Digit 1' }).click();
  await page.keyboard.type(code);
  await expect
    .poll(() => page.getByText('Signed in as ada@example.com').isVisible(), { timeout: 15_000 })
    .toBe(true);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect.poll(() => signIn.isVisible()).toBe(true);
  expect(pageErrors).toEqual([]);
  await context.close();
});

it("logs in through useLoginWithEmail with the app's own form, the modal never opening", async () => {
  const { context, page, pageErrors } = await openReactHost();
  const status = page.getByRole('status');
  await expect.poll(() => status.textContent(), { timeout: 15_000 }).toBe('initial');

  await page.getByLabel('Your email').fill('grace@');
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect.poll(() => status.textContent()).toBe('error: invalid_data');

  const since = world.mailbox.messages.length;
  await page.getByLabel('Your email').fill('grace@example.com');
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect.poll(() => status.textContent()).toBe('awaiting-code-input');
  const code = await world.mailbox.codeFor('grace@example.com', since);
  await page.getByLabel('Code').fill(code);
  await page.getByRole('button', { name: 'Log in with code' }).click();
  // <SignedIn> replaces the form; useLogin's onComplete heard the headless login too.
  await expect
    .poll(() => page.getByText('Signed in as grace@example.com').isVisible(), { timeout: 15_000 })
    .toBe(true);
  expect(await page.getByText('Logins heard: 1').isVisible()).toBe(true);
  expect(await page.getByRole('dialog').count()).toBe(0);
  await page.screenshot({ path: 'test-results/screenshots/react-host-headless.png' });

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect.poll(() => status.textContent()).toBe('initial');
  expect(pageErrors).toEqual([]);
  await context.close();
});
