import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { AuthResult } from '../../src/protocol/api.js';
import { HEADERS } from '../../src/protocol/constants.js';
import { type BuildServerOptions, buildServer } from '../../src/server/app.js';
import { runCli } from '../../src/server/cli.js';
import { Mailbox } from '../support/mailbox.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';

export const ORIGIN = 'https://host.example';
export const PUBLIC_URL = 'http://gatehouse.test';

export function tempDir(): { path: string; remove(): void } {
  const path = mkdtempSync(join(tmpdir(), 'gatehouse-int-'));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** `gatehouse <argv>` in-process with this environment, its output captured. */
export async function runCliCaptured(env: Record<string, string>, argv: string[]): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(argv, {
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
    env,
  });
  return { code, stdout, stderr };
}

/** A clock the test moves by hand. */
export function manualClock(start = Date.now()) {
  let current = start;
  return {
    now: () => current,
    advance(ms: number) {
      current += ms;
    },
  };
}

export interface Harness {
  server: FastifyInstance;
  mailbox: Mailbox;
  clock: ReturnType<typeof manualClock>;
  dir: string;
  /** The database's GATEHOUSE_DATABASE_URL: an SQLite file, or a PostgreSQL database in integration-pg. */
  databaseUrl: string;
  /** The database, with the environment the CLI needs for it (`database.env`). */
  database: TestDatabase;
  appId: string;
  /** The provider's public URL: the origin of the wallet frame's own requests. */
  publicUrl: string;
  /** POST JSON to the API as the app's page would (app id header, allowed Origin). */
  post(path: string, body?: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
  /** init, read the code from the mailbox, authenticate. */
  login(email: string): Promise<AuthResult>;
  requestCode(email: string, headers?: Record<string, string>): Promise<string>;
  close(): Promise<void>;
}

/**
 * The real server in-process on a fresh database (an SQLite file; a PostgreSQL database in the
 * integration-pg project), delivering mail over SMTP to a real mailbox, with one app allowing ORIGIN.
 */
export async function startHarness(options: Partial<BuildServerOptions> = {}): Promise<Harness> {
  const dir = tempDir();
  const mailbox = new Mailbox();
  await mailbox.start();
  const clock = manualClock();
  const database = await testDatabase(dir.path);
  const server = await buildServer({
    databaseUrl: database.url,
    secret: database.secret,
    publicUrl: PUBLIC_URL,
    smtpUrl: mailbox.url,
    mailFrom: 'Gatehouse Test <login@gatehouse.test>',
    clientDir: join(dir.path, 'no-client'),
    now: clock.now,
    ...options,
  });
  const app = await server.gatehouse.apps.create('Demo', [ORIGIN]);

  const inject = (injectOptions: InjectOptions) => server.inject(injectOptions);
  const post = (path: string, body: unknown = {}, headers: Record<string, string> = {}) =>
    server.inject({
      method: 'POST',
      url: path,
      headers: { [HEADERS.appId]: app.id, origin: ORIGIN, 'content-type': 'application/json', ...headers },
      payload: JSON.stringify(body),
    });

  async function requestCode(email: string, headers: Record<string, string> = {}): Promise<string> {
    const since = mailbox.messages.length;
    const response = await post('/api/v1/passwordless/init', { email }, headers);
    if (response.statusCode !== 200) throw new Error(`init failed: ${response.statusCode} ${response.body}`);
    return mailbox.codeFor(email.trim().toLowerCase(), since);
  }

  async function login(email: string): Promise<AuthResult> {
    const code = await requestCode(email);
    const response = await post('/api/v1/passwordless/authenticate', { email, code });
    if (response.statusCode !== 200)
      throw new Error(`authenticate failed: ${response.statusCode} ${response.body}`);
    return response.json<AuthResult>();
  }

  return {
    server,
    mailbox,
    clock,
    dir: dir.path,
    databaseUrl: database.url,
    database,
    appId: app.id,
    publicUrl: options.publicUrl ?? PUBLIC_URL,
    post,
    inject,
    login,
    requestCode,
    async close() {
      await server.close();
      await mailbox.stop();
      dir.remove();
    },
  };
}
