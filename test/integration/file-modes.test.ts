import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildServer } from '../../src/server/app.js';
import { PUBLIC_URL, tempDir } from './harness.js';

const mode = (path: string) => statSync(path).mode & 0o777;

describe('files the provider creates', () => {
  const dir = tempDir();
  afterEach(() => dir.remove());

  it('are readable by their owner only: the data directory 0700, the database, its WAL and SHM, secret.key 0600', async () => {
    const data = join(dir.path, 'data');
    const database = join(data, 'gatehouse.db');
    const server = await buildServer({ databaseUrl: database, publicUrl: PUBLIC_URL });
    try {
      // A write, so the WAL and the shared-memory index exist.
      await server.gatehouse.apps.create('Demo', ['https://host.example']);
      expect(mode(data)).toBe(0o700);
      for (const file of ['gatehouse.db', 'gatehouse.db-wal', 'gatehouse.db-shm', 'secret.key']) {
        const path = join(data, file);
        expect(existsSync(path), file).toBe(true);
        expect(mode(path).toString(8), file).toBe('600');
      }
    } finally {
      await server.close();
    }
  });
});
