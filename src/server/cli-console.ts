/**
 * `gatehouse console …`: the way into the operator console (a single-use sign-in URL) and its
 * operators. Every change is written to the console's audit log as made by `cli`.
 */
import { CONSOLE_API_PATHS, CONSOLE_LINK_TTL_MS } from '../protocol/console.js';
import { type Command, type CommandGroup, UsageError, usageText } from './cli-args.js';
import { type CliIo, withServices } from './cli-operations.js';
import type { ServerConfig } from './config.js';
import { consoleOrigin } from './http/console-guard.js';
import { CLI_ACTOR } from './services/console/audit.js';
import { ConsoleAccess } from './services/console/console-access.js';
import { type Operator, operatorEmail } from './services/console/operators.js';
import type { Services } from './services/index.js';

const access = (services: Services) => new ConsoleAccess(services.db, services.secrets, services.now);

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

/** The line after the URL: who it signs in, how long, and whether serve would answer it. */
function linkNotice(config: ServerConfig, operator: Operator): string {
  const minutes = CONSOLE_LINK_TTL_MS / 60_000;
  const on = config.console || config.consolePort !== undefined;
  const off = on ? '' : 'The console is off: start gatehouse serve with GATEHOUSE_CONSOLE=true.\n';
  return `Signs in ${operator.email} to the console; works once, for ${minutes} minutes.\n${off}`;
}

const link: Command = {
  usage:
    'gatehouse console link [--email <operator>]\n' +
    '  Print a single-use sign-in URL for the console, valid 10 minutes; without --email it\n' +
    '  signs in the operator cli (whoever holds this shell), added the first time',
  options: { email: { type: 'string' } },
  run: ({ values }, config, io) =>
    withServices(config, async (services) => {
      const given = values.email as string | undefined;
      const { token, operator } = await access(services).createLink(
        given === undefined ? undefined : operatorEmail(given),
      );
      const { publicUrl, consolePort } = config;
      const origin = consolePort === undefined ? publicUrl : consoleOrigin(publicUrl, consolePort);
      io.stdout(`${origin}${CONSOLE_API_PATHS.signIn}?token=${token}\n`);
      io.stderr(linkNotice(config, operator));
      return 0;
    }),
};

type UsersAction = (email: string, services: Services, io: CliIo) => Promise<void>;

const USERS_ACTIONS: Record<string, UsersAction> = {
  async add(email, services, io) {
    await access(services).operators.add(operatorEmail(email));
    io.stdout(`Added operator ${email}: they sign in with a code mailed there, or a console link.\n`);
  },
  async remove(email, services, io) {
    // The shell's own operator has no address: it is removed by its id.
    await access(services).operators.remove(email === CLI_ACTOR ? CLI_ACTOR : operatorEmail(email));
    io.stdout(`Removed operator ${email}; their sessions have ended.\n`);
  },
};

async function listOperators(services: Services, io: CliIo): Promise<void> {
  const operators = await access(services).operators.list();
  for (const { email, created_at, removed_at } of operators)
    io.stdout(
      `${email}\t${iso(created_at)}\t${removed_at === null ? 'active' : `removed ${iso(removed_at)}`}\n`,
    );
  if (operators.length === 0) io.stderr('No operators yet: gatehouse console users add <email>\n');
}

const users: Command = {
  usage:
    'gatehouse console users add <email> | list | remove <email>\n' +
    "  The console's operators: add one (they sign in by a code mailed to them), list them\n" +
    '  (email, added, active or removed), or remove one (their sessions end at once)',
  positionals: [1, 2],
  run({ positionals: [action = '', email] }, config, io) {
    const line = usageText(users, true);
    if (action === 'list') {
      if (email !== undefined)
        throw new UsageError(`Unexpected argument '${email}' after console users list.`, line);
      return withServices(config, (services) => listOperators(services, io).then(() => 0));
    }
    const run = Object.hasOwn(USERS_ACTIONS, action) ? USERS_ACTIONS[action] : undefined;
    if (!run)
      throw new UsageError(`Unknown console users command '${action}': use add, list or remove.`, line);
    if (email === undefined) throw new UsageError(`console users ${action} needs an email address.`, line);
    return withServices(config, (services) => run(email.trim().toLowerCase(), services, io).then(() => 0));
  },
};

export const CONSOLE: CommandGroup = {
  actions: { link, users },
  unknown: (action) => `Unknown console command '${action}': use link or users.`,
};
