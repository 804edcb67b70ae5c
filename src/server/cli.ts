import { SDK_VERSION } from '../protocol/version.js';
import { APPS } from './cli-apps.js';
import {
  type Command,
  type CommandGroup,
  groupUsage,
  type Parsed,
  parseCommand,
  UsageError,
  usageText,
} from './cli-args.js';
import { CONSOLE } from './cli-console.js';
import { HELP } from './cli-help.js';
import { backupCommand, type CliIo, keysCommand, USAGE_EXIT } from './cli-operations.js';
import { MIGRATE, SERVE } from './cli-serve.js';
import { USERS } from './cli-users.js';
import { loadConfig } from './config.js';
import { UserError } from './errors.js';

export type { CliIo };

const processIo: CliIo = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  env: process.env,
};

export { HELP };

/** The line after an unknown command. */
const TOP_USAGE =
  'gatehouse <serve | migrate | apps | users | backup | keys | console> [...] (gatehouse --help)';

/** A `keys` action: keysCommand reads its own arguments (the action first). */
const keysAction = (action: string, usage: string, options: Command['options'] = {}): Command => ({
  usage,
  options,
  positionals: [0, Number.POSITIVE_INFINITY],
  run: ({ args }, config, io) => keysCommand([action, ...args], config, io),
});

const KEYS: CommandGroup = {
  actions: {
    list: keysAction('list', 'gatehouse keys list\n  The token signing keys: kid, created, state'),
    rotate: keysAction(
      'rotate',
      'gatehouse keys rotate\n  Add a signing key: published at once, it signs 6 minutes later',
    ),
    retire: keysAction(
      'retire',
      'gatehouse keys retire <kid> [--force]\n' +
        '  Remove a key whose tokens have all expired (--force: now, for a leaked key)',
      { force: { type: 'boolean' } },
    ),
  },
  unknown: () => 'Use gatehouse keys list, keys rotate or keys retire <kid> [--force].',
};

const BACKUP: Command = {
  usage: 'gatehouse backup <file>\n  Copy the SQLite database, while in use, into a new file',
  positionals: [0, Number.POSITIVE_INFINITY],
  run: ({ args }, config, io) => backupCommand(args, config, io),
};

const COMMANDS: Record<string, Command | CommandGroup> = {
  serve: SERVE,
  migrate: MIGRATE,
  apps: APPS,
  users: USERS,
  backup: BACKUP,
  keys: KEYS,
  console: CONSOLE,
};

const isGroup = (entry: Command | CommandGroup): entry is CommandGroup => 'actions' in entry;

/** The command `argv` names with its parsed arguments, or the usage text it asked for. */
function resolve(argv: readonly string[]): { command: Command; parsed: Parsed } | { help: string } {
  const [word = '', ...rest] = argv;
  const entry = Object.hasOwn(COMMANDS, word) ? COMMANDS[word] : undefined;
  if (!entry)
    throw new UsageError(
      `Unknown command '${argv.join(' ')}'. Run gatehouse --help.`,
      usageText({ usage: TOP_USAGE }),
    );
  if (!isGroup(entry)) {
    const parsed = parseCommand(word, entry, rest);
    return parsed === 'help' ? { help: usageText(entry) } : { command: entry, parsed };
  }
  const [action = '', ...args] = rest;
  if (action === '--help' || action === '-h') return { help: groupUsage(entry) };
  const command = Object.hasOwn(entry.actions, action) ? entry.actions[action] : undefined;
  if (!command) throw new UsageError(entry.unknown(action), groupUsage(entry, true));
  const parsed = parseCommand(`${word} ${action}`, command, args);
  return parsed === 'help' ? { help: usageText(command) } : { command, parsed };
}

/** Runs one command; resolves to the exit code (serve resolves once listening). */
export async function runCli(argv: readonly string[], io: CliIo = processIo): Promise<number> {
  const [command] = argv;
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
    const resolved = resolve(argv);
    if ('help' in resolved) {
      io.stdout(resolved.help);
      return 0;
    }
    return await resolved.command.run(resolved.parsed, loadConfig(io.env), io);
  } catch (error) {
    return reportError(error, io);
  }
}

/** A command's failure on standard error: its message (and stack at log level debug); the exit code. */
function reportError(error: unknown, io: CliIo): number {
  if (error instanceof UserError) {
    io.stderr(`gatehouse: ${error.message}\n`);
    if (error instanceof UsageError) io.stderr(error.usage);
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
