/**
 * The silent-recovery key (docs/reference/security.md): the key the `gatehouse` recovery shares are sealed
 * under — and the step-up key (services/step-up/step-up-key.ts) is derived from — kept apart from the
 * database and its server secret, so a copy of `./data` (database and `secret.key`) opens no
 * recovery share and forges no step-up. GATEHOUSE_RECOVERY_KEY, or the file
 * GATEHOUSE_RECOVERY_KEY_FILE; in development without either, a file in this user's configuration
 * directory (`~/.config/gatehouse/`, named after the database's path or URL; said at start),
 * never in the database's directory; with NODE_ENV=production, one of them is required, and its
 * file may not lie in the database's directory (where `secret.key` is by default).
 * GATEHOUSE_RECOVERY_KEY_PREVIOUS opens shares sealed under the key before (a rotation).
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { DatabaseLocation } from './db/database.js';
import { UserError } from './errors.js';
import { createKeyFile, SECRET_MIN_LENGTH } from './key-file.js';

/** The recovery key settings as configured (GATEHOUSE_RECOVERY_KEY*, NODE_ENV). */
export interface RecoveryKeySettings {
  /** GATEHOUSE_RECOVERY_KEY. */
  key?: string | undefined;
  /** GATEHOUSE_RECOVERY_KEY_FILE, an absolute path. */
  file?: string | undefined;
  /** GATEHOUSE_RECOVERY_KEY_PREVIOUS: the key before a rotation. */
  previous?: string | undefined;
  /** NODE_ENV=production: no development default, the key apart from the database. */
  production?: boolean | undefined;
  /** Where the development default lives (XDG_CONFIG_HOME, HOME); the process's by default. */
  env?: Env | undefined;
}

/** The key in use, the one before (a rotation) and, for the start banner, where it came from. */
export interface RecoveryKey {
  key: string;
  previous: string | undefined;
  /** 'Silent-recovery key: …', without the key. */
  description: string;
}

const PRODUCTION_HINT =
  'set GATEHOUSE_RECOVERY_KEY, or GATEHOUSE_RECOVERY_KEY_FILE to a file outside the database directory';

type Env = Record<string, string | undefined>;

function checkKey(value: string | undefined, name: string): string | undefined {
  if (value !== undefined && value.length < SECRET_MIN_LENGTH) {
    throw new UserError(`${name} must be at least ${SECRET_MIN_LENGTH} characters long.`);
  }
  return value;
}

const nonEmpty = (value: string | undefined): string | undefined => value?.trim() || undefined;

/** GATEHOUSE_RECOVERY_KEY, _FILE, _PREVIOUS and NODE_ENV, checked. */
export function recoveryKeyFromEnv(env: Env): RecoveryKeySettings {
  const key = checkKey(nonEmpty(env.GATEHOUSE_RECOVERY_KEY), 'GATEHOUSE_RECOVERY_KEY');
  const file = nonEmpty(env.GATEHOUSE_RECOVERY_KEY_FILE);
  if (key !== undefined && file !== undefined) {
    throw new UserError('Set GATEHOUSE_RECOVERY_KEY or GATEHOUSE_RECOVERY_KEY_FILE, not both.');
  }
  return {
    key,
    file: file === undefined ? undefined : resolve(file),
    previous: checkKey(nonEmpty(env.GATEHOUSE_RECOVERY_KEY_PREVIOUS), 'GATEHOUSE_RECOVERY_KEY_PREVIOUS'),
    production: env.NODE_ENV === 'production',
    // Where the development default lives: the given environment's, else this process's.
    env: {
      XDG_CONFIG_HOME: env.XDG_CONFIG_HOME ?? process.env.XDG_CONFIG_HOME,
      HOME: env.HOME ?? process.env.HOME,
    },
  };
}

function readKeyFile(file: string): string {
  if (!existsSync(file)) createKeyFile(file);
  const stored = readFileSync(file, 'utf8').trim();
  if (stored.length < SECRET_MIN_LENGTH) {
    throw new UserError(`${file} is damaged (too short): restore the recovery key.`);
  }
  return stored;
}

const databaseDirectory = (location: DatabaseLocation): string | undefined =>
  location.kind === 'sqlite-file' ? dirname(location.path) : undefined;

/** The configured key or file, or (development only) the default beside the database. */
function locate(settings: RecoveryKeySettings, location: DatabaseLocation): Omit<RecoveryKey, 'previous'> {
  if (settings.key !== undefined) return { key: settings.key, description: 'GATEHOUSE_RECOVERY_KEY' };
  const databaseDir = databaseDirectory(location);
  if (settings.file !== undefined) {
    if (settings.production && databaseDir !== undefined && dirname(settings.file) === databaseDir) {
      throw new UserError(
        `NODE_ENV=production: the recovery key file ${settings.file} is in the database directory; ${PRODUCTION_HINT}.`,
      );
    }
    return { key: readKeyFile(settings.file), description: settings.file };
  }
  if (settings.production) {
    throw new UserError(
      `NODE_ENV=production needs a silent-recovery key apart from the database: ${PRODUCTION_HINT}.`,
    );
  }
  if (location.kind === 'sqlite-memory') {
    return { key: randomBytes(32).toString('base64url'), description: 'in memory (dies with the database)' };
  }
  // A PostgreSQL database outlives each process and is shared by all of them: its key is a file too.
  const database =
    location.kind === 'sqlite-file' ? resolve(location.path) : withoutCredentials(location.url);
  const file = developmentKeyFile(database, settings.env ?? process.env);
  return {
    key: readKeyFile(file),
    description: `${file} (development default, out of the database's directory; ${PRODUCTION_HINT} in production)`,
  };
}

/** A PostgreSQL URL without its user and password: the same database whoever connects. */
function withoutCredentials(url: string): string {
  const parsed = new URL(url);
  parsed.username = '';
  parsed.password = '';
  return parsed.href;
}

/**
 * Development only: the key in this user's configuration directory (XDG_CONFIG_HOME, or
 * ~/.config), one per database (named after a hash of its absolute path, or of its PostgreSQL
 * URL), so a copy of the database's directory never carries it, and every process of one
 * database on this machine uses the same key.
 */
function developmentKeyFile(database: string, env: Env): string {
  const config = env.XDG_CONFIG_HOME?.trim() || join(env.HOME?.trim() || homedir(), '.config');
  const name = createHash('sha256').update(database).digest('hex').slice(0, 16);
  return join(config, 'gatehouse', `recovery-${name}.key`);
}

/** The silent-recovery key to use; refuses one equal to the server secret. */
export function resolveRecoveryKey(
  settings: RecoveryKeySettings | undefined,
  location: DatabaseLocation,
  serverSecret: string,
): RecoveryKey {
  const { key, description } = locate(settings ?? {}, location);
  if (key === serverSecret) {
    throw new UserError('The silent-recovery key must not be the server secret (GATEHOUSE_SECRET).');
  }
  return { key, previous: settings?.previous, description: `Silent-recovery key: ${description}` };
}
