import { closeSync, existsSync, openSync, rmSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { sql } from 'kysely';
import { parseDatabaseUrl, type ServerConfig } from './config.js';
import { openDatabase, PRIVATE_FILE_MODE } from './db/database.js';
import { UserError } from './errors.js';
import type { App } from './services/apps/apps.js';
import { CLI_ACTOR } from './services/console/audit.js';
import { ConsoleApps, type OwnSecret } from './services/console/console-apps.js';
import { ConsoleKeys } from './services/console/console-keys.js';
import { apiSecretOf } from './services/console/console-security.js';
import { openServices, type Services } from './services/index.js';
import { WEBHOOK_SECRET_NAME } from './services/webhooks/outbox.js';

/** The exit code of a command used wrongly (unknown argument, missing value). */
export const USAGE_EXIT = 2;

/** What a command may write, and the environment it reads. */
export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  env: Record<string, string | undefined>;
}

export function json(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

/** Opens the services (migrating the database) for one command, and closes them after it. */
export async function withServices<T>(
  config: ServerConfig,
  run: (services: Services) => Promise<T>,
): Promise<T> {
  const { databaseUrl, databasePoolSize, publicUrl, secret, turnstileScriptUrl, recoveryKey } = config;
  const services = await openServices({
    databaseUrl,
    databasePoolSize,
    publicUrl,
    secret,
    turnstileScriptUrl,
    recoveryKey,
    webhooksAllowPrivate: config.webhooksAllowPrivate,
  });
  try {
    return await run(services);
  } finally {
    await services.close();
  }
}

/**
 * The console's changes to apps, made by the operator `cli`: each change writes its audit row in
 * its transaction, and the CLI's own mistakes stay as they are printed.
 */
export const audited = (services: Services) => new ConsoleApps(services, (run) => run());

/** The app of this id, or the UserError every `apps` command prints. */
export async function found(services: Services, id: string): Promise<App> {
  const app = await services.apps.find(id);
  if (!app) throw new UserError(`App not found: ${id}`);
  return app;
}

/** `apps list [--json]`: one line per app (id, name, origins), oldest first; or a JSON array. */
export async function appsList(args: readonly string[], config: ServerConfig, io: CliIo): Promise<number> {
  const asJson = args.includes('--json');
  const unknown = args.find((arg) => arg !== '--json');
  if (unknown !== undefined) throw new UserError(`Unknown argument '${unknown}'.`, USAGE_EXIT);
  return withServices(config, async (services) => {
    const apps = await services.apps.list();
    if (asJson) {
      io.stdout(
        json(
          apps.map((app) => ({
            id: app.id,
            name: app.name,
            allowed_origins: app.allowedOrigins,
            created_at: Math.floor(app.createdAt / 1000),
          })),
        ),
      );
    } else {
      for (const app of apps) io.stdout(`${app.id}\t${app.name}\t${app.allowedOrigins.join(',')}\n`);
      if (apps.length === 0) io.stderr('No apps yet: gatehouse apps create --name <name> --origin <url>\n');
    }
    return 0;
  });
}

/**
 * `backup <file>`: a consistent copy of the SQLite database taken while it is in use (VACUUM INTO:
 * one read transaction, so processes keep writing meanwhile), into a new file readable by its
 * owner only. PostgreSQL is backed up with its own tools (pg_dump).
 */
export async function backupCommand(
  args: readonly string[],
  config: ServerConfig,
  io: CliIo,
): Promise<number> {
  const [target, ...extra] = args;
  if (!target || extra.length > 0) throw new UserError('backup takes one file name.', USAGE_EXIT);
  const location = parseDatabaseUrl(config.databaseUrl);
  if (location.kind === 'postgres') {
    throw new UserError(
      'backup copies an SQLite database; back PostgreSQL up with pg_dump (see docs/operations/backups.md).',
    );
  }
  if (location.kind === 'sqlite-memory') throw new UserError('An in-memory database has nothing to back up.');
  if (!existsSync(location.path)) throw new UserError(`No database at ${location.path}.`);
  const file = resolve(target);
  try {
    // Created empty first, owner-only: VACUUM INTO writes into an empty file and keeps its mode.
    closeSync(openSync(file, 'wx', PRIVATE_FILE_MODE));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new UserError(`${file} exists already.`);
    throw error;
  }
  const db = openDatabase(location);
  try {
    await sql`VACUUM INTO ${file}`.execute(db);
  } catch (error) {
    rmSync(file, { force: true });
    throw error;
  } finally {
    await db.destroy();
  }
  io.stdout(
    `Backed up ${location.path} to ${file} (${statSync(file).size} bytes).\n` +
      'Keep the server secret with it (secret.key beside the database, or GATEHOUSE_SECRET): without it the ' +
      'signing key, app settings and wallet shares in the copy cannot be read.\n',
  );
  return 0;
}

/** `keys list`, `keys rotate`, `keys retire <kid>`: the token signing keys (see docs/operations/key-rotation.md). */
export async function keysCommand(args: readonly string[], config: ServerConfig, io: CliIo): Promise<number> {
  const [action, ...given] = args;
  const force = action === 'retire' && given.includes('--force');
  const rest = force ? given.filter((arg) => arg !== '--force') : given;
  const arity = action === 'retire' ? 1 : 0;
  if (!['list', 'rotate', 'retire'].includes(action ?? '') || rest.length !== arity) {
    throw new UserError('Use gatehouse keys list, keys rotate or keys retire <kid> [--force].', USAGE_EXIT);
  }
  const at = (ms: number) => new Date(ms).toISOString();
  return withServices(config, async ({ db, secrets, now }) => {
    // Audited as the console's changes are, by the operator `cli`.
    const keys = new ConsoleKeys(db, secrets, now);
    if (action === 'rotate') {
      const { kid, signsFrom } = await keys.rotate(CLI_ACTOR);
      io.stdout(
        `Added signing key ${kid}: every process publishes it within seconds and signs with it from ${at(signsFrom)}, no restart needed.\n`,
      );
    } else if (action === 'retire') {
      await keys.retire(CLI_ACTOR, rest[0] as string, force);
      io.stdout(`Retired signing key ${rest[0]}: within seconds no process publishes or accepts it.\n`);
    }
    for (const key of await keys.list()) {
      const when =
        key.state === 'published'
          ? `\tsigns from ${at(key.signsFrom)}`
          : key.retirableFrom
            ? `\tretire after ${at(key.retirableFrom)}`
            : '';
      io.stdout(`${key.kid}\t${at(key.createdAt)}\t${key.state}${when}\n`);
    }
    return 0;
  });
}

/**
 * `apps secret <id>`: creates or replaces the app's server-to-server API secret and prints it, the
 * only time it is shown (only its hash is kept); the previous secret stops working at once.
 */
export async function appsSecret(args: readonly string[], config: ServerConfig, io: CliIo): Promise<number> {
  const [id, ...extra] = args;
  if (!id || extra.length > 0) throw new UserError('apps secret takes one app id.', USAGE_EXIT);
  return printNewSecret(
    config,
    io,
    id,
    (services) => apiSecretOf(services, id),
    'The app secret for the server-to-server API (HTTP Basic <app id>:<secret>).',
  );
}

/**
 * `apps webhook-secret <id>`: creates or replaces the key the app's webhooks are signed with
 * (Standard Webhooks, `whsec_…`), kept encrypted with the server secret, printed only now.
 */
export async function appsWebhookSecret(
  args: readonly string[],
  config: ServerConfig,
  io: CliIo,
): Promise<number> {
  const [id, ...extra] = args;
  if (!id || extra.length > 0) throw new UserError('apps webhook-secret takes one app id.', USAGE_EXIT);
  return printNewSecret(
    config,
    io,
    id,
    ({ webhooks }) => ({
      field: WEBHOOK_SECRET_NAME,
      has: (trx) => webhooks.hasSecret(id, trx),
      make: (trx) => webhooks.rotateSecret(trx, id),
    }),
    "The signing secret of the app's webhooks (verify webhook-signature with it).",
  );
}

/**
 * Makes a new secret of an existing app (audited, never its value) and prints it on standard
 * output, with what it is on standard error.
 */
async function printNewSecret(
  config: ServerConfig,
  io: CliIo,
  id: string,
  secretOf: (services: Services) => OwnSecret,
  what: string,
): Promise<number> {
  return withServices(config, async (services) => {
    await found(services, id);
    const secret = await audited(services).replaceSecret(CLI_ACTOR, id, secretOf(services));
    io.stderr(`${what} It is shown only now; any previous secret no longer works.\n`);
    io.stdout(`${secret}\n`);
    return 0;
  });
}
