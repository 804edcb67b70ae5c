import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Libsql from 'libsql';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppConfigWire, SessionUpdateResponse } from '../../src/protocol/api.js';
import { buildServer } from '../../src/server/app.js';
import { type Harness, PUBLIC_URL, startHarness } from './harness.js';

/** Every byte SQLite wrote for the database: the file and its WAL. */
function databaseBytes(h: Harness): string {
  return readdirSync(h.dir)
    .filter((name) => name.startsWith('gatehouse.db'))
    .map((name) => readFileSync(join(h.dir, name)).toString('latin1'))
    .join('');
}

function rows(databasePath: string, table: string): Record<string, unknown>[] {
  const db = new Libsql(databasePath, { readonly: true });
  try {
    return db.prepare(`SELECT * FROM ${table}`).all() as Record<string, unknown>[];
  } finally {
    db.close();
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

    const codes = rows(h.databasePath, 'one_time_codes');
    expect(codes.map((row) => row.destination).sort()).toEqual(['alice@example.com', 'bob@example.com']);
    for (const row of codes) expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
    for (const row of rows(h.databasePath, 'refresh_tokens'))
      expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
    const [key] = rows(h.databasePath, 'signing_keys');
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

    const restarted = await buildServer({ databaseUrl: h.databasePath, publicUrl: PUBLIC_URL });
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
        databaseUrl: h.databasePath,
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
