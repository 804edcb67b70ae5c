/**
 * A Next.js App Router app on @gatehousejs/widget (test/fixtures/next-app), built with `next build`
 * and served by `next start`: its server-component layout renders <GatehouseProvider> (the package's
 * React entry says "use client"), the visitor logs in in Chromium, and the app's server reads the
 * user from the same-site access cookie through getAuth() and refuses a forged token with 401.
 * The page on app.example.com and the provider on auth.example.com share example.com, as in
 * session-cookies.test.ts; the app's server reaches the provider's keys on loopback (jwksUrl).
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { cp, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { API_PATHS } from '../../src/protocol/api.js';
import { launchChromium } from '../support/browser.js';
import { Mailbox } from '../support/mailbox.js';
import { freePort, Provider } from '../support/provider.js';

const ROOT = resolve(import.meta.dirname, '../..');
const NEXT = join(ROOT, 'node_modules/.bin/next');
const DOMAIN = 'example.com';
const run = promisify(execFile);

let appDir: string;
let mailbox: Mailbox;
let provider: Provider;
let browser: Browser;
let server: ChildProcess | undefined;
let serverOutput = '';
let appId: string;
let appOrigin: string;
let appPort: number;

/**
 * `next build` on a copy of the fixture, under test-results/ (ignored by git) so that it resolves
 * next, react and the package from the repository's node_modules while the fixture stays untouched.
 */
async function buildNextApp(): Promise<string> {
  await mkdir(join(ROOT, 'test-results'), { recursive: true });
  const dir = await mkdtemp(join(ROOT, 'test-results', 'next-app-'));
  await cp(join(ROOT, 'test/fixtures/next-app'), dir, { recursive: true });
  await run(NEXT, ['build'], { cwd: dir, env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } });
  return dir;
}

async function startProvider(): Promise<void> {
  mailbox = new Mailbox();
  await mailbox.start();
  provider = new Provider({ smtpUrl: mailbox.url, publicHost: `auth.${DOMAIN}` });
  provider.port = await freePort();
  appPort = await freePort();
  appOrigin = `http://app.${DOMAIN}:${appPort}`;
  appId = await provider.createApp('Next Shop', [appOrigin]);
  await provider.cli('apps', 'set', appId, `session_cookie_domain=${DOMAIN}`);
  await provider.start();
}

/** `next start` on 127.0.0.1, told where the provider is; resolves once it answers. */
async function startNextApp(): Promise<void> {
  const env = {
    ...process.env,
    NEXT_TELEMETRY_DISABLED: '1',
    GATEHOUSE_APP_ID: appId,
    GATEHOUSE_API_URL: provider.url,
    GATEHOUSE_JWKS_URL: `${provider.localUrl}${API_PATHS.jwks(appId)}`,
  };
  const child = spawn(NEXT, ['start', '-H', '127.0.0.1', '-p', String(appPort)], { cwd: appDir, env });
  server = child;
  child.stdout?.on('data', (d: Buffer) => (serverOutput += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (serverOutput += d.toString()));
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`next start exited:\n${serverOutput}`);
    const answered = await fetch(`http://127.0.0.1:${appPort}/api/me`).then(
      () => true,
      () => false,
    );
    if (answered) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`next start did not answer:\n${serverOutput}`);
}

beforeAll(async () => {
  [appDir] = await Promise.all([buildNextApp(), startProvider()]);
  await startNextApp();
  browser = await launchChromium({
    args: [
      `--host-resolver-rules=MAP app.${DOMAIN} 127.0.0.1, MAP auth.${DOMAIN} 127.0.0.1`,
      `--unsafely-treat-insecure-origin-as-secure=${appOrigin},${provider.url}`,
    ],
  });
}, 240_000);

afterAll(async () => {
  await browser?.close();
  if (server?.exitCode === null) {
    const exited = new Promise((r) => server?.once('exit', r));
    server.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))]);
  }
  await provider?.dispose();
  await mailbox?.stop();
  if (appDir) await rm(appDir, { recursive: true, force: true });
});

/** The route handler's answer to a request with this bearer token (or none). */
async function me(token?: string): Promise<{ status: number; body: unknown }> {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const response = await fetch(`http://127.0.0.1:${appPort}/api/me`, { headers });
  return { status: response.status, body: await response.json() };
}

/** The same token with another user in `sub`: the signature no longer matches. */
function forged(token: string): string {
  const [header, payload, signature] = token.split('.');
  const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8'));
  const other = Buffer.from(JSON.stringify({ ...claims, sub: `${claims.sub}x` })).toString('base64url');
  return `${header}.${other}.${signature}`;
}

it('logs in on a Next.js page, whose server then reads the user through getAuth()', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto(`${appOrigin}/`);
  expect(await page.getByText('Server sees: nobody').isVisible()).toBe(true);
  const logIn = page.getByRole('button', { name: 'Log in' });
  // The widget loads after hydration: Next's chunks, then the provider's loader and widget.
  await expect.poll(() => logIn.isVisible(), { timeout: 30_000 }).toBe(true);

  await logIn.click();
  const dialog = page.getByRole('dialog');
  await expect.poll(() => dialog.getByText('Log in or sign up').isVisible(), { timeout: 10_000 }).toBe(true);
  const since = mailbox.messages.length;
  await dialog.getByRole('textbox', { name: 'Email address' }).fill('ada@example.com');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  const code = await mailbox.codeFor('ada@example.com', since);
  await dialog.getByRole('textbox', { name: 'Digit 1' }).click();
  await page.keyboard.type(code);
  const browserSees = page.getByText(/^Browser sees: \S+/);
  await expect.poll(() => browserSees.isVisible(), { timeout: 15_000 }).toBe(true);
  const userId = (await browserSees.textContent())?.replace('Browser sees: ', '') ?? '';
  await page.screenshot({ path: join(ROOT, 'test-results/next-app-logged-in.png') });

  // A new request: the server component renders with the access cookie the login set on example.com.
  await page.reload();
  expect(await page.getByText(`Server sees: ${userId}`).isVisible()).toBe(true);
  await page.screenshot({ path: join(ROOT, 'test-results/next-app-server.png') });

  const token: string = await page.evaluate(() => window.LoginWidget.getAccessToken());
  expect(await me(token)).toEqual({ status: 200, body: { userId, sessionId: expect.any(String) } });
  expect(await me(forged(token))).toEqual({ status: 401, body: { error: 'unauthorized' } });
  expect(await me()).toEqual({ status: 401, body: { error: 'unauthorized' } });
  expect(pageErrors).toEqual([]);
  await context.close();
});
