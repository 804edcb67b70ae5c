import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createClient } from '@libsql/client';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppConfigWire, SessionUpdateResponse } from '../../src/protocol/api.js';
import { buildServer } from '../../src/server/app.js';
import { type Db, openDatabase } from '../../src/server/db/database.js';
import { type Harness, PUBLIC_URL, startHarness, tempDir } from './harness.js';

/** Every byte SQLite wrote for the database: the file and its WAL. */
function databaseBytes(h: Harness): string {
  return readdirSync(h.dir)
    .filter((name) => name.startsWith('gatehouse.db'))
    .map((name) => readFileSync(join(h.dir, name)).toString('latin1'))
    .join('');
}

async function rows(databasePath: string, table: string): Promise<Record<string, unknown>[]> {
  const client = createClient({ url: pathToFileURL(databasePath).href });
  try {
    return (await client.execute(`SELECT * FROM ${table}`)).rows.map((row) => ({ ...row }));
  } finally {
    client.close();
  }
}

describe('secrets at rest', () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  it('stores one-time codes, refresh tokens and the signing key only hashed or encrypted', async () => {
    h = await startHarness();
    const pendingCode = await h.requestCode('bob@example.com');
    const login = await h.login('alice@example.com');
    const rotated = (
      await h.post('/api/v1/sessions', { refresh_token: login.refresh_token })
    ).json<SessionUpdateResponse>();
    const jwk = (await h.inject({ method: 'GET', url: `/api/v1/apps/${h.appId}/jwks.json` })).json<{
      keys: { x: string }[];
    }>();
    await h.server.close();

    const bytes = databaseBytes(h);
    expect(bytes).toContain('alice@example.com');
    expect(bytes).toContain(jwk.keys[0]?.x);
    expect(bytes).not.toContain(pendingCode);
    expect(bytes).not.toContain(login.refresh_token);
    expect(bytes).not.toContain(rotated.refresh_token as string);

    const codes = await rows(h.databaseUrl, 'one_time_codes');
    expect(codes.map((row) => row.destination).sort()).toEqual(['alice@example.com', 'bob@example.com']);
    for (const row of codes) expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
    for (const row of await rows(h.databaseUrl, 'refresh_tokens'))
      expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
    const [key] = await rows(h.databaseUrl, 'signing_keys');
    expect(JSON.parse(key?.public_jwk as string)).not.toHaveProperty('d');
    expect(key?.private_jwk).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(key?.private_jwk).not.toContain('"d"');
  });

  it('keeps the secret in secret.key (mode 0600) beside the database, and the key and users across restarts', async () => {
    h = await startHarness();
    const before = await h.login('alice@example.com');
    const jwksBefore = (await h.inject({ method: 'GET', url: `/api/v1/apps/${h.appId}/jwks.json` })).body;
    await h.server.close();

    const secretFile = join(h.dir, 'secret.key');
    expect(statSync(secretFile).mode & 0o777).toBe(0o600);
    expect(readFileSync(secretFile, 'utf8').trim()).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const restarted = await buildServer({ databaseUrl: h.databaseUrl, publicUrl: PUBLIC_URL });
    try {
      const jwksAfter = (await restarted.inject({ method: 'GET', url: `/api/v1/apps/${h.appId}/jwks.json` }))
        .body;
      expect(jwksAfter).toBe(jwksBefore);
      const refreshed = await restarted.inject({
        method: 'POST',
        url: '/api/v1/sessions',
        headers: { 'gatehouse-app-id': h.appId },
        payload: { refresh_token: before.refresh_token },
      });
      expect(refreshed.statusCode).toBe(200);
      expect(refreshed.json<SessionUpdateResponse>().user?.id).toBe(before.user.id);
    } finally {
      await restarted.close();
    }
  });

  it('refuses to start with a different secret than the database was created with', async () => {
    h = await startHarness();
    await h.server.close();
    await expect(
      buildServer({
        databaseUrl: h.databaseUrl,
        publicUrl: PUBLIC_URL,
        secret: 'another-secret-'.repeat(3),
      }),
    ).rejects.toThrow(/server secret .* is not the one this database was created with/);
  });

  it('runs on an in-memory database', async () => {
    const server = await buildServer({ databaseUrl: ':memory:', publicUrl: PUBLIC_URL });
    try {
      const app = await server.gatehouse.apps.create('Memory', ['http://localhost:3000']);
      const response = await server.inject({ method: 'GET', url: `/api/v1/apps/${app.id}` });
      expect(response.json<AppConfigWire>().name).toBe('Memory');
    } finally {
      await server.close();
    }
  });
});

describe('the SQLite connection', () => {
  let dir: ReturnType<typeof tempDir> | undefined;
  afterEach(() => {
    dir?.remove();
    dir = undefined;
  });

  async function createNotes(db: Db): Promise<void> {
    await db.schema.createTable('notes').addColumn('text', 'text').execute();
  }

  const notes = sql<{ text: string }>`select text from notes order by rowid`;

  /** A transaction that inserts, yields to the event loop (letting the other one start), inserts again. */
  function writeTwice(db: Db, name: string): Promise<void> {
    return db.transaction().execute(async (trx) => {
      await sql`insert into notes (text) values (${`${name} 1`})`.execute(trx);
      await new Promise((resolve) => setTimeout(resolve, 20));
      await sql`insert into notes (text) values (${`${name} 2`})`.execute(trx);
    });
  }

  it('runs two overlapping transactions one after the other, and :memory: keeps data across them', async () => {
    const db = openDatabase({ kind: 'sqlite-memory' });
    try {
      await createNotes(db);
      await Promise.all([writeTwice(db, 'a'), writeTwice(db, 'b')]);
      await expect(
        db.transaction().execute(async (trx) => {
          await sql`insert into notes (text) values ('rolled back')`.execute(trx);
          throw new Error('abort');
        }),
      ).rejects.toThrow('abort');
      const { rows: texts } = await notes.execute(db);
      expect(texts.map((row) => row.text)).toEqual(['a 1', 'a 2', 'b 1', 'b 2']);
    } finally {
      await db.destroy();
    }
  });

  it('shares a WAL file with another process, waiting for its write lock', async () => {
    dir = tempDir();
    const path = join(dir.path, 'shared.db');
    const db = openDatabase({ kind: 'sqlite-file', path });
    try {
      await createNotes(db);
      const { rows: mode } = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(db);
      expect(mode[0]?.journal_mode).toBe('wal');

      // Another process takes the write lock, says so, and commits 300 ms later.
      const other = spawn(
        process.execPath,
        [
          '--input-type=module',
          '-e',
          `import { createClient } from '@libsql/client';
           const client = createClient({ url: process.argv[1] });
           await client.execute('PRAGMA busy_timeout = 5000');
           await client.execute('BEGIN IMMEDIATE');
           await client.execute("insert into notes (text) values ('other process')");
           console.log('locked');
           setTimeout(async () => { await client.execute('COMMIT'); client.close(); }, 300);`,
          pathToFileURL(path).href,
        ],
        { cwd: process.cwd(), stdio: ['ignore', 'pipe', 'inherit'] },
      );
      const exited = once(other, 'exit');
      const [line] = (await once(other.stdout, 'data')) as [Buffer];
      expect(line.toString().trim()).toBe('locked');

      await writeTwice(db, 'server');
      expect((await exited)[0]).toBe(0);
      const { rows: texts } = await notes.execute(db);
      expect(texts.map((row) => row.text)).toEqual(['other process', 'server 1', 'server 2']);
    } finally {
      await db.destroy();
    }
  });
});
