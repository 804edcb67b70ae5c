import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig, parseDatabaseUrl, resolveSecret } from '../../src/server/config.js';
import { tempDir } from './harness.js';

describe('environment', () => {
  it('has working defaults', () => {
    expect(loadConfig({})).toEqual({
      host: '127.0.0.1',
      port: 8787,
      publicUrl: 'http://127.0.0.1:8787',
      databaseUrl: './data/gatehouse.db',
      databasePoolSize: 10,
      smtpUrl: undefined,
      mailFrom: 'Gatehouse <no-reply@localhost>',
      secret: undefined,
      logLevel: 'warn',
      metrics: { enabled: false, port: undefined },
      production: false,
      trustProxy: undefined,
      linkCooldownSeconds: 7 * 24 * 60 * 60,
      webhookRetentionSeconds: 30 * 24 * 60 * 60,
      // The development key's directory comes from this process's environment when not given.
      recoveryKey: {
        key: undefined,
        file: undefined,
        previous: undefined,
        production: false,
        env: { XDG_CONFIG_HOME: process.env.XDG_CONFIG_HOME, HOME: process.env.HOME },
      },
      farcaster: {},
      webhooksAllowPrivate: false,
      console: false,
    });
  });

  it('reads every variable', () => {
    expect(
      loadConfig({
        GATEHOUSE_HOST: '0.0.0.0',
        GATEHOUSE_PORT: '9000',
        GATEHOUSE_PUBLIC_URL: 'https://login.example.com/',
        GATEHOUSE_DATABASE_URL: 'file:./x.db',
        GATEHOUSE_DATABASE_POOL_SIZE: '4',
        GATEHOUSE_SMTP_URL: 'smtp://127.0.0.1:2525',
        GATEHOUSE_MAIL_FROM: 'Shop <login@shop.example>',
        GATEHOUSE_SECRET: 's'.repeat(32),
        GATEHOUSE_LOG: 'info',
        GATEHOUSE_METRICS: 'true',
        GATEHOUSE_METRICS_PORT: '9464',
        GATEHOUSE_TRUST_PROXY: '10.0.0.0/8,127.0.0.1',
        GATEHOUSE_LINK_COOLDOWN: '2d',
        GATEHOUSE_WEBHOOK_RETENTION: '12h',
        GATEHOUSE_RECOVERY_KEY: 'k'.repeat(32),
        XDG_CONFIG_HOME: '/srv/config',
        HOME: '/home/gatehouse',
        NODE_ENV: 'production',
        GATEHOUSE_FARCASTER_RELAY_URL: 'https://relay.example/',
        GATEHOUSE_FARCASTER_RPC_URL: 'https://op.example/rpc',
        GATEHOUSE_FARCASTER_SIGNER_API_URL: 'https://client.example',
        GATEHOUSE_FARCASTER_HUB_URL: 'http://hub.example:3381',
        GATEHOUSE_WEBHOOKS_ALLOW_PRIVATE: 'true',
        GATEHOUSE_CONSOLE: 'true',
        GATEHOUSE_CONSOLE_PORT: '9100',
      }),
    ).toEqual({
      host: '0.0.0.0',
      port: 9000,
      publicUrl: 'https://login.example.com',
      databaseUrl: 'file:./x.db',
      databasePoolSize: 4,
      smtpUrl: 'smtp://127.0.0.1:2525',
      mailFrom: 'Shop <login@shop.example>',
      secret: 's'.repeat(32),
      logLevel: 'info',
      metrics: { enabled: true, port: 9464 },
      production: true,
      trustProxy: ['10.0.0.0/8', '127.0.0.1'],
      linkCooldownSeconds: 2 * 24 * 60 * 60,
      webhookRetentionSeconds: 12 * 60 * 60,
      recoveryKey: {
        key: 'k'.repeat(32),
        file: undefined,
        previous: undefined,
        production: true,
        env: { XDG_CONFIG_HOME: '/srv/config', HOME: '/home/gatehouse' },
      },
      farcaster: {
        relayUrl: 'https://relay.example',
        rpcUrl: 'https://op.example/rpc',
        signerApiUrl: 'https://client.example',
        hubUrl: 'http://hub.example:3381',
      },
      webhooksAllowPrivate: true,
      console: true,
      consolePort: 9100,
    });
  });

  it.each([
    [{ GATEHOUSE_PORT: 'http' }, 'GATEHOUSE_PORT must be a port number'],
    [{ GATEHOUSE_PORT: '70000' }, 'GATEHOUSE_PORT must be a port number'],
    [{ GATEHOUSE_PUBLIC_URL: 'localhost:8787' }, 'GATEHOUSE_PUBLIC_URL must be an http(s) URL'],
    [{ GATEHOUSE_PUBLIC_URL: 'not a url' }, 'GATEHOUSE_PUBLIC_URL must be an absolute http(s) URL'],
    [{ GATEHOUSE_SMTP_URL: 'http://mail' }, 'GATEHOUSE_SMTP_URL must start with smtp://'],
    [{ GATEHOUSE_SECRET: 'short' }, 'GATEHOUSE_SECRET must be at least 32 characters'],
    [{ GATEHOUSE_LOG: 'loud' }, 'GATEHOUSE_LOG must be one of'],
    [{ GATEHOUSE_LINK_COOLDOWN: '1w' }, 'GATEHOUSE_LINK_COOLDOWN must be a whole number of seconds'],
    [{ GATEHOUSE_LINK_COOLDOWN: '-5' }, 'GATEHOUSE_LINK_COOLDOWN must be a whole number of seconds'],
    [{ GATEHOUSE_LINK_COOLDOWN: '1.5h' }, 'GATEHOUSE_LINK_COOLDOWN must be a whole number of seconds'],
    [{ GATEHOUSE_WEBHOOK_RETENTION: '1w' }, 'GATEHOUSE_WEBHOOK_RETENTION must be a whole number of seconds'],
    [{ GATEHOUSE_RECOVERY_KEY: 'short' }, 'GATEHOUSE_RECOVERY_KEY must be at least 32 characters'],
    [
      { GATEHOUSE_RECOVERY_KEY: 'k'.repeat(32), GATEHOUSE_RECOVERY_KEY_FILE: '/keys/recovery.key' },
      'not both',
    ],
    [{ GATEHOUSE_LOG_LEVEL: 'off' }, 'GATEHOUSE_LOG_LEVEL must be one of error, warn, info, debug, trace'],
    [{ GATEHOUSE_LOG_LEVEL: 'fatal' }, '(errors are always logged)'],
    [{ GATEHOUSE_METRICS: 'yes' }, 'GATEHOUSE_METRICS must be true or false'],
    [{ GATEHOUSE_WEBHOOKS_ALLOW_PRIVATE: 'yes' }, 'GATEHOUSE_WEBHOOKS_ALLOW_PRIVATE must be true or false'],
    [{ GATEHOUSE_CONSOLE: 'on' }, 'GATEHOUSE_CONSOLE must be true or false'],
    [{ GATEHOUSE_CONSOLE_PORT: '70000' }, 'GATEHOUSE_CONSOLE_PORT must be a port number'],
    [{ GATEHOUSE_METRICS_PORT: 'x' }, 'GATEHOUSE_METRICS_PORT must be a port number'],
    [{ GATEHOUSE_DATABASE_POOL_SIZE: '0' }, 'GATEHOUSE_DATABASE_POOL_SIZE must be a whole number from 1'],
    [{ GATEHOUSE_DATABASE_POOL_SIZE: 'many' }, 'GATEHOUSE_DATABASE_POOL_SIZE must be a whole number from 1'],
    [
      { GATEHOUSE_FARCASTER_HUB_URL: 'grpc://hub:3383' },
      'GATEHOUSE_FARCASTER_HUB_URL must be an http(s) URL',
    ],
    [
      { GATEHOUSE_DATABASE_URL: 'mysql://db/gatehouse' },
      "Unsupported GATEHOUSE_DATABASE_URL scheme 'mysql:'",
    ],
  ])('refuses %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('reads GATEHOUSE_LINK_COOLDOWN in seconds, minutes, hours or days', () => {
    const cooldown = (value: string) => loadConfig({ GATEHOUSE_LINK_COOLDOWN: value }).linkCooldownSeconds;
    expect(cooldown('90')).toBe(90);
    expect(cooldown('45s')).toBe(45);
    expect(cooldown('15m')).toBe(15 * 60);
    expect(cooldown('12h')).toBe(12 * 3600);
    expect(cooldown('7d')).toBe(7 * 86_400);
    expect(cooldown(' ')).toBe(7 * 86_400);
  });

  it('accepts a PostgreSQL URL and its pool size', () => {
    const url = 'postgresql://gh:pw@db.internal:5432/gatehouse?sslmode=require';
    expect(parseDatabaseUrl(url)).toEqual({ kind: 'postgres', url });
    const config = loadConfig({ GATEHOUSE_DATABASE_URL: url, GATEHOUSE_DATABASE_POOL_SIZE: '25' });
    expect(config.databasePoolSize).toBe(25);
    expect(loadConfig({}).databasePoolSize).toBe(10);
  });

  it('accepts SQLite paths in every form', () => {
    expect(parseDatabaseUrl(':memory:')).toEqual({ kind: 'sqlite-memory' });
    expect(parseDatabaseUrl('file::memory:')).toEqual({ kind: 'sqlite-memory' });
    expect(parseDatabaseUrl('./data/x.db')).toEqual({ kind: 'sqlite-file', path: resolve('data/x.db') });
    expect(parseDatabaseUrl('file:./data/x.db')).toEqual({ kind: 'sqlite-file', path: resolve('data/x.db') });
    expect(parseDatabaseUrl('file:///srv/gh.db')).toEqual({ kind: 'sqlite-file', path: '/srv/gh.db' });
    expect(parseDatabaseUrl('/srv/gh.db')).toEqual({ kind: 'sqlite-file', path: '/srv/gh.db' });
  });
});

describe('server secret', () => {
  let dir: ReturnType<typeof tempDir>;
  beforeEach(() => {
    dir = tempDir();
  });
  afterEach(() => dir.remove());

  it('is created once as secret.key (0600) beside the database, and reused', () => {
    const location = { kind: 'sqlite-file', path: join(dir.path, 'nested', 'gh.db') } as const;
    const first = resolveSecret(undefined, location);
    const file = join(dir.path, 'nested', 'secret.key');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(resolveSecret(undefined, location)).toBe(first);
  });

  it('comes from GATEHOUSE_SECRET when set, without a file', () => {
    const location = { kind: 'sqlite-file', path: join(dir.path, 'gh.db') } as const;
    expect(resolveSecret('k'.repeat(40), location)).toBe('k'.repeat(40));
    expect(existsSync(join(dir.path, 'secret.key'))).toBe(false);
  });
});
