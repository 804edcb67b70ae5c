import type { AddressInfo } from 'node:net';
import { SDK_VERSION } from '../protocol/version.js';
import { buildServer, DEFAULT_TIMEOUTS } from './app.js';
import { HELP } from './cli-help.js';
import {
  appsDelete,
  appsList,
  appsSecret,
  appsWebhookSecret,
  backupCommand,
  type CliIo,
  json,
  keysCommand,
  USAGE_EXIT,
  withServices,
} from './cli-operations.js';
import { checkProduction, loadConfig, type ServerConfig } from './config.js';
import { UserError } from './errors.js';
import { serveLogger, startBanner } from './log-output.js';
import { parseAllowlistAssignment } from './services/allowlist.js';
import { type FieldAssignment, parseAssignment } from './services/app-config.js';
import { appToWire } from './services/apps.js';
import { parseCaptchaAssignment } from './services/captcha.js';
import { parseCustomAuthAssignment } from './services/custom-auth.js';
import { parseFarcasterAssignment } from './services/farcaster/settings.js';
import type { Services } from './services/index.js';
import { parseOAuthAssignment } from './services/oauth/index.js';
import { parseMoonpayAssignment } from './services/on-ramp.js';
import { parseSiweAssignment } from './services/siwe.js';
import { parseTwilioAssignment } from './services/sms.js';
import { parseWebhookAssignment } from './services/webhooks/outbox.js';

export type { CliIo };

const processIo: CliIo = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  env: process.env,
};

export { HELP };

/** The flag and value of `args[i]` (`--flag value` or `--flag=value`), and how many args it took. */
function flagAt(args: string[], i: number): { flag: string; value: string; used: number } {
  const arg = args[i] as string;
  const [flag, inline] =
    arg.startsWith('--') && arg.includes('=') ? arg.split(/=(.*)/s, 2) : [arg, undefined];
  if (flag !== '--name' && flag !== '--origin') throw new UserError(`Unknown argument '${arg}'.`, USAGE_EXIT);
  const value = inline ?? args[i + 1];
  if (value === undefined || value === '') throw new UserError(`${flag} needs a value.`, USAGE_EXIT);
  return { flag, value, used: inline === undefined ? 2 : 1 };
}

/** `--name x`, `--name=x`, repeated `--origin`, and boolean `--json`. */
function parseCreateArgs(args: string[]): { name: string; origins: string[]; json: boolean } {
  let name: string | undefined;
  const origins: string[] = [];
  let asJson = false;
  for (let i = 0; i < args.length; ) {
    if (args[i] === '--json') {
      asJson = true;
      i += 1;
      continue;
    }
    const { flag, value, used } = flagAt(args, i);
    if (flag === '--name') name = value;
    else origins.push(value);
    i += used;
  }
  if (name === undefined) throw new UserError('apps create needs --name <name>.', USAGE_EXIT);
  if (origins.length === 0) throw new UserError('apps create needs at least one --origin <url>.', USAGE_EXIT);
  return { name, origins, json: asJson };
}

interface ServerOnlySetting {
  field: string;
  value: string | null;
}

/** Where one kind of server-only settings is kept (app_secrets, through its service). */
interface SettingsStore {
  set(appId: string, field: string, value: string | null): Promise<void>;
  configured(appId: string): Promise<string[]>;
}

/**
 * The server-only settings `apps set` takes (never in the public configuration): how each kind
 * is read from `<field>=<value>` and which service keeps it, in the order `apps show` names them.
 */
const SERVER_ONLY_SETTINGS: ReadonlyArray<{
  parse(argument: string, config: ServerConfig): ServerOnlySetting | undefined;
  store(services: Services): SettingsStore;
}> = [
  { parse: parseCaptchaAssignment, store: (services) => services.captcha },
  { parse: parseTwilioAssignment, store: (services) => services.sms },
  { parse: parseAllowlistAssignment, store: (services) => services.allowlist },
  { parse: parseCustomAuthAssignment, store: (services) => services.customAuth },
  { parse: parseOAuthAssignment, store: (services) => services.oauth },
  { parse: parseSiweAssignment, store: (services) => services.siwe },
  { parse: parseMoonpayAssignment, store: (services) => services.onRamp },
  { parse: parseFarcasterAssignment, store: (services) => services.farcaster.settings },
  {
    parse: (argument, config) => parseWebhookAssignment(argument, config.webhooksAllowPrivate),
    store: (services) => services.webhooks,
  },
];

/** `apps set` arguments: assignments of the public configuration, and server-only settings with their store. */
function splitAssignments(assignments: readonly string[], config: ServerConfig) {
  const parsed: FieldAssignment[] = [];
  const serverOnly: Array<{ setting: ServerOnlySetting; store: (services: Services) => SettingsStore }> = [];
  for (const argument of assignments) {
    const claimed = SERVER_ONLY_SETTINGS.map(({ parse, store }) => ({
      setting: parse(argument, config),
      store,
    })).find((candidate): candidate is (typeof serverOnly)[number] => candidate.setting !== undefined);
    if (claimed) serverOnly.push(claimed);
    else parsed.push(parseAssignment(argument));
  }
  return { parsed, serverOnly };
}

/** The `apps` commands that take their own arguments. */
const SIMPLE_APPS_COMMANDS: Partial<
  Record<string, (args: readonly string[], config: ServerConfig, io: CliIo) => Promise<number>>
> = {
  list: appsList,
  delete: appsDelete,
  secret: appsSecret,
  'webhook-secret': appsWebhookSecret,
};

async function appsCommand(args: string[], config: ServerConfig, io: CliIo): Promise<number> {
  const [action, ...rest] = args;
  const simple = SIMPLE_APPS_COMMANDS[action ?? ''];
  if (simple) return simple(rest, config, io);
  if (action === 'create') {
    const { name, origins, json: asJson } = parseCreateArgs(rest);
    return withServices(config, async (services) => {
      const app = await services.apps.create(name, origins);
      if (asJson) io.stdout(json(appToWire(app, services.tokens.verificationKey)));
      else
        io.stdout(
          `Created app "${app.name}" (allowed origins: ${app.allowedOrigins.join(', ')})\n${app.id}\n`,
        );
      return 0;
    });
  }
  if (action === 'show' || action === 'set') {
    const [id, ...assignments] = rest;
    if (!id) throw new UserError(`apps ${action} needs an app id.`, USAGE_EXIT);
    if (action === 'set' && assignments.length === 0) {
      throw new UserError('apps set needs at least one <field>=<value>.', USAGE_EXIT);
    }
    if (action === 'show' && assignments.length > 0)
      throw new UserError('apps show takes only an app id.', USAGE_EXIT);
    const { parsed, serverOnly } = splitAssignments(assignments, config);
    return withServices(config, async (services) => {
      const app = action === 'set' ? await services.apps.update(id, parsed) : await services.apps.find(id);
      if (!app) throw new UserError(`App not found: ${id}`);
      for (const { setting, store } of serverOnly)
        await store(services).set(id, setting.field, setting.value);
      const wire = services.captcha.withScriptUrl(appToWire(app, services.tokens.verificationKey));
      io.stdout(json(await services.onRamp.withOnRamp(app, wire)));
      const configured: string[] = [];
      for (const { store } of SERVER_ONLY_SETTINGS)
        configured.push(...(await store(services).configured(id)));
      if (configured.length > 0) io.stderr(`Server-only settings set: ${configured.join(', ')}\n`);
      return 0;
    });
  }
  throw new UserError(
    `Unknown apps command '${action ?? ''}': use list, create, show, set, secret, webhook-secret or delete.`,
    USAGE_EXIT,
  );
}

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

async function migrateCommand(config: ServerConfig, io: CliIo): Promise<number> {
  return withServices(config, async (services) => {
    const applied = services.migrationsApplied;
    io.stdout(
      applied.length > 0 ? `Applied migrations: ${applied.join(', ')}\n` : 'The database is up to date.\n',
    );
    io.stdout(resealNotice(services));
    return 0;
  });
}

/** Runs one command; resolves to the exit code (serve resolves once listening). */
export async function runCli(argv: readonly string[], io: CliIo = processIo): Promise<number> {
  const [command, ...args] = argv;
  try {
    if (command === undefined) {
      io.stderr(HELP);
      return USAGE_EXIT;
    }
    if (command === '--help' || command === '-h' || command === 'help') {
      io.stdout(HELP);
      return 0;
    }
    if (command === '--version' || command === '-v') {
      io.stdout(`${SDK_VERSION}\n`);
      return 0;
    }
    const config = loadConfig(io.env);
    if (command === 'serve' && args.length === 0) return await serve(config, io);
    if (command === 'migrate' && args.length === 0) return await migrateCommand(config, io);
    if (command === 'apps') return await appsCommand(args, config, io);
    if (command === 'backup') return await backupCommand(args, config, io);
    if (command === 'keys') return await keysCommand(args, config, io);
    throw new UserError(`Unknown command '${argv.join(' ')}'. Run gatehouse --help.`, USAGE_EXIT);
  } catch (error) {
    return reportError(error, io);
  }
}

/** A command's failure on standard error: its message (and stack at log level debug); the exit code. */
function reportError(error: unknown, io: CliIo): number {
  if (error instanceof UserError) {
    io.stderr(`gatehouse: ${error.message}\n`);
    return error.exitCode;
  }
  const message = error instanceof Error ? error.message : String(error);
  io.stderr(`gatehouse: ${message}\n`);
  if ((io.env.GATEHOUSE_LOG_LEVEL ?? io.env.GATEHOUSE_LOG) === 'debug' && error instanceof Error)
    io.stderr(`${error.stack}\n`);
  return 1;
}

/** Entry of bin/gatehouse.js. */
export async function main(): Promise<void> {
  process.exitCode = await runCli(process.argv.slice(2));
}
