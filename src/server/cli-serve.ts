/** `gatehouse serve` and `gatehouse migrate`. */
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { SDK_VERSION } from '../protocol/version.js';
import { buildServer, DEFAULT_TIMEOUTS } from './app.js';
import { type Command, integerOption } from './cli-args.js';
import { type CliIo, withServices } from './cli-operations.js';
import { checkProduction, parseDatabaseUrl, type ServerConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { migrationStatus } from './db/migrate.js';
import { UserError } from './errors.js';
import { serveLogger, startBanner } from './log-output.js';
import type { Services } from './services/index.js';

/** What the start did to silent-recovery shares under an older key ('' for nothing). */
function resealNotice(services: Services): string {
  const count = services.wallets.resealed;
  return count > 0 ? `Re-sealed ${count} silent-recovery share(s) under the recovery key.\n` : '';
}

async function serve(config: ServerConfig, io: CliIo): Promise<number> {
  checkProduction(config);
  const metrics = { ...config.metrics, host: config.host };
  const app = await buildServer({ ...config, logger: serveLogger(config.logLevel, io.env), metrics });
  try {
    await app.listen({ host: config.host, port: config.port });
  } catch (error) {
    await app.close();
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE')
      throw new UserError(`Port ${config.port} on ${config.host} is already in use.`);
    if (code === 'EADDRNOTAVAIL')
      throw new UserError(`Cannot listen on ${config.host}: no such local address.`);
    throw error;
  }
  const { address, port } = app.server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;
  io.stdout(startBanner(app.gatehouse, SDK_VERSION, `http://${host}:${port}`, config.publicUrl));
  // SIGTERM drains: requests in flight finish (each within the request timeout), then the process exits.
  const stop = () => {
    setTimeout(() => process.exit(1), DEFAULT_TIMEOUTS.requestMs + 5_000).unref();
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return 0;
}

export const SERVE: Command = {
  usage:
    'gatehouse serve [--host <address>] [--port <n>]\n' +
    '  Run the API server (and serve dist/client); --host and --port override\n' +
    '  GATEHOUSE_HOST and GATEHOUSE_PORT',
  options: { host: { type: 'string' }, port: { type: 'string' } },
  run({ values }, config, io) {
    const host = (values.host as string | undefined)?.trim();
    if (host === '') throw new UserError('--host needs an address.', 2);
    const port = integerOption(values.port as string | undefined, '--port', [0, 65535], SERVE);
    return serve({ ...config, host: host ?? config.host, port: port ?? config.port }, io);
  },
};

/** `migrate --status`: each migration this code knows, applied or pending; the database unchanged. */
async function migrationsStatus(config: ServerConfig, io: CliIo): Promise<number> {
  const location = parseDatabaseUrl(config.databaseUrl);
  // No database file yet: every migration is pending (and no empty file is left behind).
  const missing = location.kind === 'sqlite-file' && !existsSync(location.path);
  const db = openDatabase(missing ? { kind: 'sqlite-memory' } : location, 1);
  try {
    const migrations = await migrationStatus(db);
    for (const { name, applied } of migrations) io.stdout(`${name}\t${applied ? 'applied' : 'pending'}\n`);
    const pending = migrations.filter((migration) => !migration.applied).length;
    io.stderr(
      pending === 0
        ? 'The database is up to date.\n'
        : `${pending} pending migration(s): gatehouse migrate (or serve) applies them.\n`,
    );
    return 0;
  } finally {
    await db.destroy();
  }
}

export const MIGRATE: Command = {
  usage:
    'gatehouse migrate [--status]\n' +
    '  Apply pending database migrations (they also run at every start); --status lists\n' +
    '  each migration, applied or pending, and changes nothing',
  options: { status: { type: 'boolean' } },
  run({ values }, config, io) {
    if (values.status === true) return migrationsStatus(config, io);
    return withServices(config, async (services) => {
      const applied = services.migrationsApplied;
      io.stdout(
        applied.length > 0 ? `Applied migrations: ${applied.join(', ')}\n` : 'The database is up to date.\n',
      );
      io.stdout(resealNotice(services));
      return 0;
    });
  },
};
