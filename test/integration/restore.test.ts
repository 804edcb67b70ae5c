import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { runCliCaptured, tempDir } from './harness.js';

/**
 * A database restored without the secret.key it was made with: the provider refuses to start,
 * says which file is missing and what to do, and writes no new secret.key or recovery key beside
 * data it could not open. A new database still gets both.
 */
let data: ReturnType<typeof tempDir>;
let config: ReturnType<typeof tempDir>;
let env: Record<string, string>;

beforeEach(() => {
  data = tempDir();
  config = tempDir();
  env = { GATEHOUSE_DATABASE_URL: join(data.path, 'gatehouse.db'), XDG_CONFIG_HOME: config.path };
});
afterEach(() => {
  data.remove();
  config.remove();
});

it('creates secret.key and the recovery key for a new database', async () => {
  expect(await runCliCaptured(env, ['migrate'])).toMatchObject({ code: 0, stderr: '' });
  expect(existsSync(join(data.path, 'secret.key'))).toBe(true);
  expect(readdirSync(join(config.path, 'gatehouse'))).toHaveLength(1);
});

it('refuses a restored database without its secret.key, writing nothing', async () => {
  expect(
    (await runCliCaptured(env, ['apps', 'create', '--name', 'Shop', '--origin', 'https://a.example'])).code,
  ).toBe(0);
  // The restore: the database alone, on a machine without its keys.
  rmSync(join(data.path, 'secret.key'));
  rmSync(join(config.path, 'gatehouse'), { recursive: true });

  const run = await runCliCaptured(env, ['apps', 'list']);
  expect(run.code).toBe(1);
  expect(run.stderr).toContain(`${join(data.path, 'secret.key')} is missing`);
  expect(run.stderr).toContain('already holds data encrypted with the secret that was in it');
  expect(run.stderr).toContain('GATEHOUSE_SECRET');
  expect(existsSync(join(data.path, 'secret.key'))).toBe(false);
  expect(existsSync(join(config.path, 'gatehouse'))).toBe(false);
});

it('opens a restored database with its secret in GATEHOUSE_SECRET', async () => {
  const secret = 's'.repeat(40);
  const withSecret = { ...env, GATEHOUSE_SECRET: secret };
  expect((await runCliCaptured(withSecret, ['migrate'])).code).toBe(0);
  expect((await runCliCaptured(withSecret, ['apps', 'list'])).code).toBe(0);
  expect(existsSync(join(data.path, 'secret.key'))).toBe(false);
});
