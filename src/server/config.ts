import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { nonEmpty, optionalUrl, parseDuration, parseFlag } from './config-values.js';
import { type DatabaseLocation, DEFAULT_POOL_SIZE } from './db/database.js';
import { UserError } from './errors.js';
import { parseTrustedProxies } from './http/client-ip.js';
import { createKeyFile, refuseNewKeyBeside, SECRET_MIN_LENGTH } from './key-file.js';
import { type RecoveryKeySettings, recoveryKeyFromEnv } from './recovery-key.js';
import { type FarcasterEndpoints, farcasterEndpointsFromEnv } from './services/farcaster/settings.js';
import { DEFAULT_MAIL_FROM } from './services/login/mail.js';
import { type TwilioCredentials, twilioFromEnv } from './services/login/sms.js';
import { WEBHOOK_RETENTION_SECONDS } from './services/webhooks/outbox.js';

/** Settings of `gatehouse serve` and the CLI, read from the environment. */
export interface ServerConfig {
  host: string;
  port: number;
  /** The server's public origin without a trailing slash; the `iss` of access tokens. */
  publicUrl: string;
  /** `./data/gatehouse.db`, `file:./x.db`, `file:///abs/x.db`, `:memory:` or a postgres:// URL. */
  databaseUrl: string;
  /** GATEHOUSE_DATABASE_POOL_SIZE: connections per process to PostgreSQL (10 by default). */
  databasePoolSize: number;
  /** `smtp://host:port`; without it login codes are printed to stdout. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /**
   * GATEHOUSE_TWILIO_ACCOUNT_SID / _AUTH_TOKEN / _FROM (or _MESSAGING_SERVICE_SID): Twilio credentials
   * of apps without their own; without any, SMS codes are printed to stdout.
   */
  twilio: TwilioCredentials | undefined;
  /** GATEHOUSE_TWILIO_BASE_URL: Twilio's API base URL; https://api.twilio.com by default. */
  twilioBaseUrl: string | undefined;
  /** GATEHOUSE_TURNSTILE_VERIFY_URL: siteverify of apps without their own captcha_verify_url. */
  turnstileVerifyUrl: string | undefined;
  /** GATEHOUSE_TURNSTILE_SCRIPT_URL: Turnstile api.js of apps without their own captcha_script_url. */
  turnstileScriptUrl: string | undefined;
  /** GATEHOUSE_COINGECKO_URL: the price source of `token_price` (https://api.coingecko.com by default). */
  coingeckoUrl: string | undefined;
  /** GATEHOUSE_FARCASTER_RELAY_URL, _RPC_URL, _SIGNER_API_URL, _HUB_URL: for apps without their own. */
  farcaster: Partial<FarcasterEndpoints>;
  /** GATEHOUSE_SECRET (≥ 32 characters); default `secret.key` beside the SQLite file. */
  secret: string | undefined;
  /** Fastify's log level (GATEHOUSE_LOG_LEVEL): error at least, so errors are always logged. */
  logLevel: LogLevel;
  /** GATEHOUSE_METRICS / GATEHOUSE_METRICS_PORT: where /metrics is served, if anywhere. */
  metrics: { enabled: boolean; port: number | undefined };
  /** NODE_ENV=production: serve refuses to start where it would print codes (checkProduction). */
  production: boolean;
  /** GATEHOUSE_TRUST_PROXY: the reverse proxies (addresses, CIDR ranges) whose X-Forwarded-For gives client IPs. */
  trustProxy: string[] | undefined;
  /**
   * GATEHOUSE_LINK_COOLDOWN: how long an email, phone or MFA method added without a step-up waits
   * before it can confirm a new device or a change (services/step-up/step-up-factors.ts), seconds.
   */
  linkCooldownSeconds: number;
  /** GATEHOUSE_WEBHOOK_RETENTION: how long delivered and failed webhook deliveries are kept, seconds. */
  webhookRetentionSeconds: number;
  /**
   * GATEHOUSE_RECOVERY_KEY, _FILE, _PREVIOUS and NODE_ENV: the silent-recovery key (recovery-key.ts);
   * default `recovery.key` beside the SQLite file (development).
   */
  recoveryKey: RecoveryKeySettings;
  /** GATEHOUSE_WEBHOOKS_ALLOW_PRIVATE=true: webhooks may go to loopback and private addresses (development). */
  webhooksAllowPrivate: boolean;
  /** GATEHOUSE_CONSOLE=true: the operator console's API answers (routes/console.ts); 404 otherwise. */
  console: boolean;
  /** GATEHOUSE_CONSOLE_PORT: the console alone on this port (and turned on), not on the API's. */
  consolePort: number | undefined;
}

const DEFAULTS = {
  host: '127.0.0.1',
  port: 8787,
  publicUrl: 'http://127.0.0.1:8787',
  databaseUrl: './data/gatehouse.db',
  mailFrom: DEFAULT_MAIL_FROM,
} as const;

/** The levels an operator may choose: none of them hides errors. */
const LOG_LEVELS = ['error', 'warn', 'info', 'debug', 'trace'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
/** Warnings and errors: one line per request is `info`. */
const DEFAULT_LOG_LEVEL: LogLevel = 'warn';
const SECRET_FILE = 'secret.key';

type Env = Record<string, string | undefined>;

/** Reads the GATEHOUSE_* variables; throws UserError naming the variable at fault. */
export function loadConfig(env: Env = process.env): ServerConfig {
  const databaseUrl = nonEmpty(env.GATEHOUSE_DATABASE_URL) ?? DEFAULTS.databaseUrl;
  parseDatabaseUrl(databaseUrl);
  return {
    host: nonEmpty(env.GATEHOUSE_HOST) ?? DEFAULTS.host,
    port: parsePort(env.GATEHOUSE_PORT),
    publicUrl: normalizePublicUrl(nonEmpty(env.GATEHOUSE_PUBLIC_URL) ?? DEFAULTS.publicUrl),
    databaseUrl,
    databasePoolSize: parsePoolSize(env.GATEHOUSE_DATABASE_POOL_SIZE),
    smtpUrl: parseSmtpUrl(nonEmpty(env.GATEHOUSE_SMTP_URL)),
    mailFrom: nonEmpty(env.GATEHOUSE_MAIL_FROM) ?? DEFAULTS.mailFrom,
    twilio: twilioFromEnv(env),
    twilioBaseUrl: optionalUrl(env, 'GATEHOUSE_TWILIO_BASE_URL'),
    turnstileVerifyUrl: optionalUrl(env, 'GATEHOUSE_TURNSTILE_VERIFY_URL'),
    turnstileScriptUrl: optionalUrl(env, 'GATEHOUSE_TURNSTILE_SCRIPT_URL'),
    coingeckoUrl: optionalUrl(env, 'GATEHOUSE_COINGECKO_URL'),
    farcaster: farcasterEndpointsFromEnv(env),
    secret: checkSecret(nonEmpty(env.GATEHOUSE_SECRET)),
    logLevel: parseLogLevel(env),
    metrics: parseMetrics(env),
    production: env.NODE_ENV?.trim() === 'production',
    trustProxy: parseTrustedProxies(nonEmpty(env.GATEHOUSE_TRUST_PROXY)),
    linkCooldownSeconds: parseDuration(nonEmpty(env.GATEHOUSE_LINK_COOLDOWN), 'GATEHOUSE_LINK_COOLDOWN'),
    webhookRetentionSeconds: parseDuration(
      nonEmpty(env.GATEHOUSE_WEBHOOK_RETENTION),
      'GATEHOUSE_WEBHOOK_RETENTION',
      WEBHOOK_RETENTION_SECONDS,
    ),
    recoveryKey: recoveryKeyFromEnv(env),
    webhooksAllowPrivate: parseFlag(env, 'GATEHOUSE_WEBHOOKS_ALLOW_PRIVATE'),
    console: parseFlag(env, 'GATEHOUSE_CONSOLE'),
    consolePort: optionalPort(env, 'GATEHOUSE_CONSOLE_PORT'),
  };
}

function parsePort(value: string | undefined, name = 'GATEHOUSE_PORT'): number {
  if (value === undefined || value.trim() === '') return DEFAULTS.port;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new UserError(`${name} must be a port number between 0 and 65535, got '${value}'.`);
  }
  return port;
}

/** GATEHOUSE_METRICS=true: /metrics on the API's port; GATEHOUSE_METRICS_PORT: on that port only. */
function parseMetrics(env: Env): { enabled: boolean; port: number | undefined } {
  return { enabled: parseFlag(env, 'GATEHOUSE_METRICS'), port: optionalPort(env, 'GATEHOUSE_METRICS_PORT') };
}

/** A port of its own (metrics, the console), undefined when unset. */
function optionalPort(env: Env, name: string): number | undefined {
  const port = nonEmpty(env[name]);
  return port === undefined ? undefined : parsePort(port, name);
}

/** `http(s)://host[:port][/path]` without a trailing slash. */
export function normalizePublicUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UserError(`GATEHOUSE_PUBLIC_URL must be an absolute http(s) URL, got '${value}'.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UserError(`GATEHOUSE_PUBLIC_URL must be an http(s) URL, got '${value}'.`);
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

/** At most this many connections per process: PostgreSQL's own default limit is 100 for all of them. */
const POOL_SIZE_MAX = 1000;

function parsePoolSize(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return DEFAULT_POOL_SIZE;
  const size = Number(value);
  if (!Number.isInteger(size) || size < 1 || size > POOL_SIZE_MAX) {
    throw new UserError(
      `GATEHOUSE_DATABASE_POOL_SIZE must be a whole number from 1 to ${POOL_SIZE_MAX}, got '${value}'.`,
    );
  }
  return size;
}

function parseSmtpUrl(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UserError('GATEHOUSE_SMTP_URL must look like smtp://host:port or smtps://user:pass@host:port.');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') {
    throw new UserError('GATEHOUSE_SMTP_URL must start with smtp:// or smtps://.');
  }
  return value;
}

function checkSecret(value: string | undefined): string | undefined {
  if (value !== undefined && value.length < SECRET_MIN_LENGTH) {
    throw new UserError(`GATEHOUSE_SECRET must be at least ${SECRET_MIN_LENGTH} characters long.`);
  }
  return value;
}

/** GATEHOUSE_LOG_LEVEL, or its older name GATEHOUSE_LOG; `warn` unless set. */
function parseLogLevel(env: Env): LogLevel {
  const name = nonEmpty(env.GATEHOUSE_LOG_LEVEL) !== undefined ? 'GATEHOUSE_LOG_LEVEL' : 'GATEHOUSE_LOG';
  const value = nonEmpty(env[name]);
  if (value === undefined) return DEFAULT_LOG_LEVEL;
  const level = LOG_LEVELS.find((known) => known === value);
  if (!level) {
    throw new UserError(
      `${name} must be one of ${LOG_LEVELS.join(', ')} (errors are always logged); got '${value}'.`,
    );
  }
  return level;
}

/**
 * In production (NODE_ENV=production) codes are never printed: `serve` refuses to start without
 * GATEHOUSE_SMTP_URL (login codes by mail) and the GATEHOUSE_TWILIO_* credentials (SMS codes).
 */
export function checkProduction(config: ServerConfig): void {
  if (!config.production) return;
  const missing = [
    ...(config.smtpUrl ? [] : ['GATEHOUSE_SMTP_URL']),
    ...(config.twilio
      ? []
      : ['GATEHOUSE_TWILIO_ACCOUNT_SID, GATEHOUSE_TWILIO_AUTH_TOKEN and GATEHOUSE_TWILIO_FROM']),
  ];
  if (missing.length > 0) {
    throw new UserError(
      `NODE_ENV=production: set ${missing.join(' and ')}; codes are never printed to the console in production.`,
    );
  }
}

/** Accepts `:memory:`, `file:./x.db`, `file:///abs/x.db`, a plain path, or `postgres(ql)://…`. */
export function parseDatabaseUrl(url: string): DatabaseLocation {
  if (url === ':memory:' || url === 'file::memory:') return { kind: 'sqlite-memory' };
  if (/^postgres(ql)?:\/\//i.test(url)) {
    try {
      new URL(url);
    } catch {
      throw new UserError(
        'GATEHOUSE_DATABASE_URL is not a valid postgres://user:password@host:port/database URL.',
      );
    }
    return { kind: 'postgres', url };
  }
  if (url.startsWith('file:')) {
    const path = url.startsWith('file://') ? fileURLToPath(url) : url.slice('file:'.length);
    if (path === '') throw new UserError('GATEHOUSE_DATABASE_URL has an empty file path.');
    return { kind: 'sqlite-file', path: resolve(path) };
  }
  // A scheme of two letters or more (a one-letter one is a Windows drive).
  if (/^[a-z][a-z0-9+.-]+:/i.test(url)) {
    throw new UserError(
      `Unsupported GATEHOUSE_DATABASE_URL scheme '${url.split(':')[0]}:': use an SQLite file path, :memory: or postgres://….`,
    );
  }
  return { kind: 'sqlite-file', path: resolve(url) };
}

/**
 * The server secret (HMAC of codes and refresh tokens, encryption of the signing key): the
 * configured one, else the contents of `secret.key` beside the SQLite file, created once with
 * 32 random bytes (mode 0600). An in-memory database gets a fresh secret that dies with it.
 * PostgreSQL needs GATEHOUSE_SECRET: there is no data directory, and every process must share it.
 */
export function resolveSecret(configured: string | undefined, location: DatabaseLocation): string {
  if (configured !== undefined) return checkSecret(configured) as string;
  if (location.kind === 'sqlite-memory') return randomBytes(32).toString('base64url');
  if (location.kind === 'postgres') {
    throw new UserError(
      'GATEHOUSE_SECRET must be set when the database is PostgreSQL: every provider process needs the same secret, and there is no data directory to keep secret.key in.',
    );
  }
  const file = join(dirname(location.path), SECRET_FILE);
  if (!existsSync(file)) {
    refuseNewKeyBeside(location.path, file, 'GATEHOUSE_SECRET');
    createKeyFile(file);
  }
  const stored = readFileSync(file, 'utf8').trim();
  if (stored.length < SECRET_MIN_LENGTH) {
    throw new UserError(`${file} is damaged (too short): restore it or set GATEHOUSE_SECRET.`);
  }
  return stored;
}

/** The nearest directory above this module holding a package.json: the repository, from src or dist. */
function packageRoot(start: string = dirname(fileURLToPath(import.meta.url))): string {
  let dir = start;
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) return start;
    dir = parent;
  }
  return dir;
}

/** Built client assets (loader.js, widget/<version>/…) of this package. */
export function defaultClientDir(): string {
  return join(packageRoot(), 'dist', 'client');
}
