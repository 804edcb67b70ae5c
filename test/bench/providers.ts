import { type ChildProcess, spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { sql } from 'kysely';
import type { AuthResult } from '../../src/protocol/api.js';
import { parseDatabaseUrl } from '../../src/server/config.js';
import { openDatabase } from '../../src/server/db/database.js';
import { runCliCaptured } from '../integration/harness.js';
import { Provider } from '../support/provider.js';

export const ORIGIN = 'https://bench.example';
const ROOT = resolve(import.meta.dirname, '../..');

/** The bare Fastify route signing one ES256 token per request (baseline-server.js), on a free port. */
export async function startBaseline(): Promise<{ port: number; pid?: number; stop(): Promise<void> }> {
  const child: ChildProcess = spawn(process.execPath, [join(ROOT, 'test/bench/baseline-server.js')], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((done, fail) => {
    child.stdout?.once('data', (line: Buffer) => done(Number(/listening (\d+)/.exec(line.toString())?.[1])));
    child.once('exit', () => fail(new Error('the baseline server exited')));
  });
  return {
    port,
    pid: child.pid,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The development code the provider logged for `to` (its `dev_code` record) in `output`. */
export function devCode(output: string, to: string): string | undefined {
  for (const line of output.split('\n')) {
    if (!line.startsWith('{')) continue;
    const record = JSON.parse(line) as { dev_code?: string; to?: string };
    if (record.dev_code && record.to === to) return record.dev_code;
  }
  return undefined;
}

/** `gatehouse serve` (built) on a database, trusting 127.0.0.1 as its proxy; codes printed to its output. */
export class BenchProvider {
  readonly provider: Provider;
  appId = '';
  private ip = 0;

  constructor(
    readonly env: Record<string, string>,
    nodeArgs: string[] = [],
  ) {
    const providerEnv = { ...env, GATEHOUSE_TRUST_PROXY: '127.0.0.1' };
    this.provider = new Provider({ serverOnly: true, env: providerEnv, nodeArgs });
  }

  get port(): number {
    return this.provider.port;
  }

  get pid(): number | undefined {
    return this.provider.pid;
  }

  async start(): Promise<void> {
    if (!this.appId) {
      const created = await runCliCaptured(this.env, [
        'apps',
        'create',
        '--name',
        'Bench',
        '--origin',
        ORIGIN,
      ]);
      if (created.code !== 0) throw new Error(created.stderr);
      this.appId = created.stdout.trim().split('\n').pop() as string;
    }
    await this.provider.start();
  }

  /** Headers of a request from the app's page, from an address of its own (per-IP limits). */
  headers(extra: Record<string, string> = {}): Record<string, string> {
    this.ip += 1;
    return {
      'gatehouse-app-id': this.appId,
      origin: ORIGIN,
      'content-type': 'application/json',
      'x-forwarded-for': `10.${(this.ip >> 16) & 255}.${(this.ip >> 8) & 255}.${this.ip & 255}`,
      ...extra,
    };
  }

  async post(path: string, body: unknown, extra: Record<string, string> = {}): Promise<Response> {
    const response = await fetch(`${this.provider.url}${path}`, {
      method: 'POST',
      headers: this.headers(extra),
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return response;
  }

  /**
   * passwordless/init as the widget sends it (with the language it shows, so the provider reads no
   * stored one); the code as the provider printed it (no SMTP in the bench).
   */
  async requestCode(email: string): Promise<string> {
    const since = this.provider.output.length;
    await this.post('/api/v1/passwordless/init', { email, locale: 'en' });
    for (let i = 0; i < 500; i++) {
      const code = devCode(this.provider.output.slice(since), email);
      if (code) return code;
      await new Promise((done) => setTimeout(done, 2));
    }
    throw new Error(`no code printed for ${email}`);
  }

  async login(email: string): Promise<AuthResult> {
    const code = await this.requestCode(email);
    return (
      await this.post('/api/v1/passwordless/authenticate', { email, code, locale: 'en' })
    ).json() as Promise<AuthResult>;
  }

  stop(): Promise<void> {
    return this.provider.dispose();
  }
}

/**
 * `count` users with an email account each, written straight into the database in batches; then,
 * on PostgreSQL, ANALYZE, as autovacuum would have run by the time a site has that many users.
 */
export async function seedUsers(databaseUrl: string, appId: string, count: number): Promise<void> {
  const location = parseDatabaseUrl(databaseUrl);
  const db = openDatabase(location);
  try {
    const now = Date.now();
    const batch = 500;
    for (let start = 0; start < count; start += batch) {
      const ids = Array.from({ length: Math.min(batch, count - start) }, (_, i) => {
        const n = start + i;
        return { id: `seed${String(n).padStart(21, '0')}`, email: `seeded-${n}@example.com` };
      });
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('users')
          .values(ids.map(({ id }) => ({ id, app_id: appId, created_at: now, has_accepted_terms: 0 })))
          .execute();
        await trx
          .insertInto('linked_accounts')
          .values(
            ids.map(({ id, email }) => ({
              id: `acct${id.slice(4)}`,
              user_id: id,
              app_id: appId,
              type: 'email',
              subject: email,
              data: JSON.stringify({ address: email }),
              verified_email: null,
              first_verified_at: now,
              latest_verified_at: now,
            })),
          )
          .execute();
      });
    }
    if (location.kind === 'postgres') await sql`analyze`.execute(db);
  } finally {
    await db.destroy();
  }
}
