/** `gatehouse apps …`: create, show, set, list, delete, secret and webhook-secret. */
import type { Command, CommandGroup, Parsed } from './cli-args.js';
import {
  appsList,
  appsSecret,
  appsWebhookSecret,
  audited,
  type CliIo,
  found,
  json,
  USAGE_EXIT,
  withServices,
} from './cli-operations.js';
import type { ServerConfig } from './config.js';
import { UserError } from './errors.js';
import { configuredSettings, publicConfig, splitAssignments } from './services/apps/app-settings.js';
import { appToWire } from './services/apps/apps.js';
import { CLI_ACTOR } from './services/console/audit.js';

async function appsCreate({ values }: Parsed, config: ServerConfig, io: CliIo): Promise<number> {
  const name = values.name as string | undefined;
  const origins = (values.origin as string[] | undefined) ?? [];
  if (name === undefined || name === '') throw new UserError('apps create needs --name <name>.', USAGE_EXIT);
  if (origins.length === 0) throw new UserError('apps create needs at least one --origin <url>.', USAGE_EXIT);
  return withServices(config, async (services) => {
    const created = await audited(services).create(CLI_ACTOR, name, origins);
    const app = await found(services, created.id);
    if (values.json === true) io.stdout(json(appToWire(app, services.tokens.verificationKey)));
    else
      io.stdout(`Created app "${app.name}" (allowed origins: ${app.allowedOrigins.join(', ')})\n${app.id}\n`);
    return 0;
  });
}

/** `apps show <id>` and `apps set <id> <field>=<value>…`: the configuration, changed first by set. */
async function showOrSet(action: 'show' | 'set', rest: string[], config: ServerConfig, io: CliIo) {
  const [id, ...assignments] = rest;
  if (!id) throw new UserError(`apps ${action} needs an app id.`, USAGE_EXIT);
  if (action === 'set' && assignments.length === 0) {
    throw new UserError('apps set needs at least one <field>=<value>.', USAGE_EXIT);
  }
  if (action === 'show' && assignments.length > 0)
    throw new UserError('apps show takes only an app id.', USAGE_EXIT);
  const split = splitAssignments(assignments, config);
  return withServices(config, async (services) => {
    await found(services, id);
    if (action === 'set') await audited(services).assign(CLI_ACTOR, id, split);
    const app = await found(services, id);
    io.stdout(json(await publicConfig(services, app)));
    const configured = await configuredSettings(services, id);
    if (configured.length > 0) io.stderr(`Server-only settings set: ${configured.join(', ')}\n`);
    return 0;
  });
}

/** `apps delete <id>`: the app and everything of it (its users, sessions, wallets, settings). */
async function appsDelete(args: readonly string[], config: ServerConfig, io: CliIo): Promise<number> {
  const [id, ...extra] = args;
  if (!id || extra.length > 0) throw new UserError('apps delete takes one app id.', USAGE_EXIT);
  return withServices(config, async (services) => {
    const app = await found(services, id);
    await audited(services).remove(CLI_ACTOR, id, app.name);
    io.stdout(`Deleted app "${app.name}" (${id}) with its users, sessions, wallets and settings.\n`);
    return 0;
  });
}

/** An action that checks its own positionals (with the messages it always gave). */
const own = (
  usage: string,
  run: (args: readonly string[], config: ServerConfig, io: CliIo) => Promise<number>,
  options: Command['options'] = {},
): Command => ({
  usage,
  options,
  positionals: [0, Number.POSITIVE_INFINITY],
  run: ({ args }, config, io) => run(args, config, io),
});

export const APPS: CommandGroup = {
  actions: {
    create: {
      usage:
        'gatehouse apps create --name <name> --origin <url> [--origin <url>...] [--json]\n' +
        '  Create an app; prints its id on the last line (or its whole configuration with --json)',
      options: {
        name: { type: 'string' },
        origin: { type: 'string', multiple: true },
        json: { type: 'boolean' },
      },
      run: appsCreate,
    },
    show: {
      usage: "gatehouse apps show <id>\n  Print an app's configuration as JSON",
      positionals: [0, Number.POSITIVE_INFINITY],
      run: ({ positionals }, config, io) => showOrSet('show', positionals, config, io),
    },
    set: {
      usage:
        'gatehouse apps set <id> <field>=<value> [...]\n' +
        '  Change configuration fields (snake_case, nested with dots; booleans true/false; lists\n' +
        '  comma-separated; empty or null clears a nullable field); see gatehouse --help for the fields',
      positionals: [0, Number.POSITIVE_INFINITY],
      run: ({ positionals }, config, io) => showOrSet('set', positionals, config, io),
    },
    list: own('gatehouse apps list [--json]\n  List the apps: id, name, allowed origins', appsList, {
      json: { type: 'boolean' },
    }),
    delete: own(
      'gatehouse apps delete <id>\n  Delete an app with its users, sessions, wallets, settings',
      appsDelete,
    ),
    secret: own(
      "gatehouse apps secret <id>\n  Create or replace the app's secret for the server-to-server API\n" +
        '  (HTTP Basic <id>:<secret>); printed once, kept hashed',
      appsSecret,
    ),
    'webhook-secret': own(
      "gatehouse apps webhook-secret <id>\n  Create or replace the app's webhook signing secret (whsec_…);\n" +
        '  printed once. Set the endpoint with apps set <id> webhook.url=<url>\n' +
        '  (and webhook.events=<type,…>, webhook.enabled=false to pause it)',
      appsWebhookSecret,
    ),
  },
  unknown: (action) =>
    `Unknown apps command '${action}': use list, create, show, set, secret, webhook-secret or delete.`,
};
