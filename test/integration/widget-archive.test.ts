/**
 * Earlier widget builds stay served after an upgrade: a tab that loaded build A keeps
 * importing A's chunks from a provider that now serves build B, on SQLite and on PostgreSQL.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../src/server/app.js';
import { testDatabase } from '../support/test-database.js';
import { PUBLIC_URL, tempDir } from './harness.js';

const dir = tempDir();
const servers: FastifyInstance[] = [];

afterAll(async () => {
  for (const server of servers) await server.close();
  dir.remove();
});

/** A built client with the given widget modules (`<version>/…` → source). */
function build(name: string, modules: Record<string, string>): string {
  const clientDir = join(dir.path, name);
  for (const [path, source] of Object.entries(modules)) {
    const file = join(clientDir, 'widget', path);
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(file, source);
  }
  return clientDir;
}

async function serve(databaseUrl: string, secret: string | undefined, clientDir: string): Promise<string> {
  const server = await buildServer({ databaseUrl, publicUrl: PUBLIC_URL, clientDir, secret });
  servers.push(server);
  return server.listen({ host: '127.0.0.1', port: 0 });
}

describe('widget builds across an upgrade', () => {
  it("serves the previous build's chunks beside the new build's, immutable and cross-origin", async () => {
    const database = await testDatabase(dir.path);
    const oldBuild = build('a', {
      '0.1.0/widget.js': 'export const build = "a";\n',
      '0.1.0/lazy/wallet-AAAA.js': 'export default "a";\n',
    });
    await serve(database.url, database.secret, oldBuild);
    const newBuild = build('b', {
      '0.2.0/widget.js': 'export const build = "b";\n',
      '0.2.0/lazy/wallet-BBBB.js': 'export default "b";\n',
    });
    const base = await serve(database.url, database.secret, newBuild);

    const old = await fetch(`${base}/widget/0.1.0/lazy/wallet-AAAA.js`);
    expect(old.status).toBe(200);
    expect(await old.text()).toBe('export default "a";\n');
    expect(old.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(old.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(old.headers.get('access-control-allow-origin')).toBe('*');
    expect(await (await fetch(`${base}/widget/0.1.0/widget.js`)).text()).toBe('export const build = "a";\n');
    expect(await (await fetch(`${base}/widget/0.2.0/lazy/wallet-BBBB.js`)).text()).toBe(
      'export default "b";\n',
    );

    const missing = await fetch(`${base}/widget/0.1.0/lazy/wallet-ZZZZ.js`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ code: 'not_found', message: 'Not found.' });
  });
});
