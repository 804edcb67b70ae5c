import { generateKeyPairSync } from 'node:crypto';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openServices } from '../../src/server/services/index.js';
import { runCliCaptured, tempDir } from './harness.js';

describe('gatehouse apps set oauth.<provider>.<field> (server-only OAuth settings)', () => {
  let dir: ReturnType<typeof tempDir>;
  let env: Record<string, string>;
  beforeEach(() => {
    dir = tempDir();
    env = { GATEHOUSE_DATABASE_URL: `file:${join(dir.path, 'gh.db')}`, GATEHOUSE_SECRET: 's'.repeat(40) };
  });
  afterEach(() => dir.remove());

  const cli = (...argv: string[]) => runCliCaptured(env, argv);

  async function settings(appId: string, provider: 'google' | 'apple') {
    const services = await openServices({
      databaseUrl: env.GATEHOUSE_DATABASE_URL as string,
      publicUrl: 'http://x',
      secret: env.GATEHOUSE_SECRET,
    });
    try {
      return await services.oauth.providerSettings(appId, provider);
    } finally {
      await services.close();
    }
  }

  it('stores client id, secret and endpoint overrides server-side; the configuration shows only the flag', async () => {
    const created = await cli('apps', 'create', '--name', 'Shop', '--origin', 'https://shop.example');
    const id = created.stdout.trim().split('\n').pop() as string;
    const run = await cli(
      'apps',
      'set',
      id,
      'google_oauth=true',
      'oauth.google.client_id=123.apps.googleusercontent.com',
      'oauth.google.client_secret=GOCSPX-very-secret',
      'oauth.google.token_url=http://127.0.0.1:9999/token',
    );
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ google_oauth: true });
    expect(run.stdout).not.toContain('GOCSPX');
    expect(run.stderr).toContain('oauth.google.client_secret');
    expect(run.stderr).not.toContain('GOCSPX');
    expect(await settings(id, 'google')).toEqual({
      client_id: '123.apps.googleusercontent.com',
      client_secret: 'GOCSPX-very-secret',
      token_url: 'http://127.0.0.1:9999/token',
    });

    // null removes a setting.
    expect((await cli('apps', 'set', id, 'oauth.google.token_url=null')).code).toBe(0);
    expect(await settings(id, 'google')).not.toHaveProperty('token_url');
  });

  it("takes Apple's key as a PEM, with its line breaks written as \\n on one argument", async () => {
    const created = await cli('apps', 'create', '--name', 'Shop', '--origin', 'https://shop.example');
    const id = created.stdout.trim().split('\n').pop() as string;
    const pem = generateKeyPairSync('ec', { namedCurve: 'P-256' })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    const run = await cli(
      'apps',
      'set',
      id,
      'oauth.apple.client_id=com.shop.web',
      'oauth.apple.team_id=TEAM123456',
      'oauth.apple.key_id=KEY1234567',
      `oauth.apple.private_key=${pem.trim().replace(/\n/g, '\\n')}`,
    );
    expect(run.code, run.stderr).toBe(0);
    expect((await settings(id, 'apple')).private_key).toBe(pem);
  });

  it('refuses unknown providers and fields, and malformed values, without storing anything', async () => {
    const created = await cli('apps', 'create', '--name', 'Shop', '--origin', 'https://shop.example');
    const id = created.stdout.trim().split('\n').pop() as string;
    for (const [argument, message] of [
      ['oauth.myspace.client_id=x', "Unknown field 'oauth.myspace.client_id'"],
      ['oauth.google.password=x', "Unknown field 'oauth.google.password'"],
      ['oauth.google.token_url=ftp://x', 'Invalid value for oauth.google.token_url: expected an http(s) URL'],
      ['oauth.apple.private_key=not a key', 'Invalid value for oauth.apple.private_key'],
      ['oauth.google.client_id=has spaces', 'Invalid value for oauth.google.client_id'],
    ] as const) {
      const run = await cli('apps', 'set', id, argument);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(message);
    }
    expect(await settings(id, 'google')).toEqual({});
  });
});
