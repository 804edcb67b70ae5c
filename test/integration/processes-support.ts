import { sql } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import type { AuthResult, SessionUpdateResponse } from '../../src/protocol/api.js';
import { HEADERS } from '../../src/protocol/constants.js';
import { parseDatabaseUrl } from '../../src/server/config.js';
import { type Db, openDatabase } from '../../src/server/db/database.js';
import { Mailbox } from '../support/mailbox.js';
import { Provider } from '../support/provider.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';
import { ORIGIN, runCliCaptured, tempDir } from './harness.js';

export interface Answer<T = Record<string, unknown>> {
  status: number;
  body: T;
}

/**
 * Two `gatehouse serve` processes (the built provider) on one database — a PostgreSQL database in
 * integration-pg, one SQLite file in integration — with one mailbox and one app. Requests carry an
 * X-Forwarded-For address of the test's choosing (the processes trust 127.0.0.1 as their proxy),
 * so per-IP limits count what each test means them to.
 */
export class TwoProcesses {
  readonly processes: [Provider, Provider];
  appId = '';
  private nextIp = 1;

  private constructor(
    readonly dir: ReturnType<typeof tempDir>,
    readonly mailbox: Mailbox,
    readonly database: TestDatabase,
  ) {
    const env = {
      ...database.env,
      GATEHOUSE_SMTP_URL: mailbox.url,
      GATEHOUSE_TRUST_PROXY: '127.0.0.1',
      GATEHOUSE_LOG: 'info',
    };
    this.processes = [new Provider({ serverOnly: true, env }), new Provider({ serverOnly: true, env })];
  }

  /** Both processes start together on a new, unmigrated database, so they also race to migrate it. */
  static async start(): Promise<TwoProcesses> {
    const dir = tempDir();
    const mailbox = new Mailbox();
    await mailbox.start();
    const world = new TwoProcesses(dir, mailbox, await testDatabase(dir.path, { empty: true }));
    await Promise.all(world.processes.map((process) => process.start()));
    const created = await runCliCaptured(world.database.env, [
      ...['apps', 'create', '--name', 'Two processes', '--origin', ORIGIN],
    ]);
    if (created.code !== 0) throw new Error(created.stderr);
    world.appId = created.stdout.trim().split('\n').pop() as string;
    return world;
  }

  /** A client address of its own for each call site that asks. */
  freshIp(): string {
    const n = this.nextIp++;
    return `10.9.${n >> 8}.${n & 255}`;
  }

  async post<T = Record<string, unknown>>(
    which: 0 | 1,
    path: string,
    body: unknown,
    ip = this.freshIp(),
  ): Promise<Answer<T>> {
    const response = await fetch(`${this.processes[which].url}${path}`, {
      method: 'POST',
      headers: {
        [HEADERS.appId]: this.appId,
        origin: ORIGIN,
        'content-type': 'application/json',
        'x-forwarded-for': ip,
      },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as T };
  }

  /** passwordless/init through one process; the code from the mailbox. */
  async requestCode(which: 0 | 1, email: string, ip?: string): Promise<string> {
    const since = this.mailbox.messages.length;
    const init = await this.post(which, '/api/v1/passwordless/init', { email }, ip);
    if (init.status !== 200) throw new Error(`init: ${init.status} ${JSON.stringify(init.body)}`);
    return this.mailbox.codeFor(email, since);
  }

  authenticate(which: 0 | 1, email: string, code: string): Promise<Answer<AuthResult>> {
    return this.post<AuthResult>(which, '/api/v1/passwordless/authenticate', { email, code });
  }

  async login(which: 0 | 1, email: string): Promise<AuthResult> {
    const answer = await this.authenticate(which, email, await this.requestCode(which, email));
    if (answer.status !== 200)
      throw new Error(`authenticate: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body;
  }

  refresh(which: 0 | 1, refreshToken: string): Promise<Answer<SessionUpdateResponse>> {
    return this.post<SessionUpdateResponse>(which, '/api/v1/sessions', { refresh_token: refreshToken });
  }

  /** The database as the operator sees it, for row checks; closed by the caller. */
  open(): Db {
    return openDatabase(parseDatabaseUrl(this.database.url));
  }

  async stop(): Promise<void> {
    await Promise.all(this.processes.map((process) => process.dispose()));
    await this.mailbox.stop();
    this.dir.remove();
  }
}

/** Two processes for the test file: started before its first test, stopped after its last; `set` gets them. */
export function twoProcessesForFile(set: (world: TwoProcesses) => void): void {
  let world: TwoProcesses | undefined;
  beforeAll(async () => {
    world = await TwoProcesses.start();
    set(world);
  }, 60_000);
  afterAll(async () => {
    await world?.stop();
  });
}

/** Rows a crash could have left half-written: users without an account, live sessions without a refresh token. */
export async function halfWrittenRows(db: Db): Promise<string[]> {
  const orphanUsers = await db
    .selectFrom('users')
    .leftJoin('linked_accounts', 'linked_accounts.user_id', 'users.id')
    .select('users.id')
    .where('linked_accounts.id', 'is', null)
    .execute();
  const sessionsWithoutToken = await db
    .selectFrom('sessions')
    .leftJoin('refresh_tokens', 'refresh_tokens.session_id', 'sessions.id')
    .select('sessions.id')
    .where('sessions.revoked_at', 'is', null)
    .where('refresh_tokens.token_hash', 'is', null)
    .execute();
  return [
    ...orphanUsers.map((row) => `user ${row.id} has no account`),
    ...sessionsWithoutToken.map((row) => `session ${row.id} has no refresh token`),
  ];
}

/** SQLite's own check of the file after a crash ('ok'); PostgreSQL needs none. */
export async function integrity(db: Db, kind: TestDatabase['kind']): Promise<string> {
  if (kind === 'postgres') return 'ok';
  const { rows } = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db);
  return rows.map((row) => row.integrity_check).join('\n');
}
