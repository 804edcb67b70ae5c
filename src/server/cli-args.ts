/**
 * The CLI's command table and its arguments, parsed with `node:util` parseArgs: every command
 * takes `--help`/`-h` (its usage), and an unknown command or option is refused with the usage
 * line on standard error and exit code 2.
 */
import { type ParseArgsConfig, parseArgs } from 'node:util';
import type { CliIo } from './cli-operations.js';
import { USAGE_EXIT } from './cli-operations.js';
import type { ServerConfig } from './config.js';
import { UserError } from './errors.js';

type Options = NonNullable<ParseArgsConfig['options']>;

/** The options and positionals of one command, as parseArgs read them. */
export interface Parsed {
  values: Record<string, string | boolean | Array<string | boolean> | undefined>;
  positionals: string[];
  /** The arguments as given (for commands that read them themselves). */
  args: string[];
}

/** One command (`serve`, `apps create`, …): its usage, its options and what it does. */
export interface Command {
  /** Its usage line(s), without `Usage: `; the first line is the one repeated after a usage error. */
  usage: string;
  options?: Options;
  /** How many positionals it takes, [fewest, most]; [0, 0] unless given. */
  positionals?: readonly [number, number];
  run(parsed: Parsed, config: ServerConfig, io: CliIo): Promise<number>;
}

/** A group of commands under one word (`apps`, `users`, `keys`). */
export interface CommandGroup {
  /** The actions, in the order the group's usage lists them. */
  actions: Record<string, Command>;
  /** The message of an unknown action. */
  unknown(action: string): string;
}

/** A usage error: its message, then the usage line of the command, on standard error; exit code 2. */
export class UsageError extends UserError {
  constructor(
    message: string,
    readonly usage: string,
  ) {
    super(message, USAGE_EXIT);
  }
}

/** `Usage: gatehouse …` of a command (all its lines) or its first line only. */
export function usageText(command: Pick<Command, 'usage'>, firstLineOnly = false): string {
  const text = firstLineOnly ? (command.usage.split('\n')[0] as string) : command.usage;
  return `Usage: ${text}\n`;
}

/** parseArgs's own errors, said the way the rest of the CLI says them. */
function parseError(error: unknown): string {
  const { code, message } = error as { code?: string; message: string };
  const flag = /'(-{1,2}[^' =]+)/.exec(message)?.[1];
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && flag) return `Unknown option '${flag}'.`;
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && flag) {
    return message.includes('does not take an argument')
      ? `${flag} takes no value.`
      : `${flag} needs a value.`;
  }
  return message;
}

/**
 * Arguments that start with one dash but are not a group of this command's short options (a key
 * id such as `-sQ3…`, a base64url value) are values, not options: parseArgs would refuse them, so
 * they are swapped for placeholders it reads as positionals, then swapped back.
 */
function shieldDashedValues(
  args: string[],
  options: Options,
): { shielded: string[]; restore: (value: string) => string } {
  const shorts = new Set(Object.values(options).flatMap((option) => option.short ?? []));
  const originals = new Map<string, string>();
  const end = args.indexOf('--');
  const shielded = args.map((arg, index) => {
    if ((end >= 0 && index > end) || !/^-[^-]./.test(arg)) return arg;
    if ([...arg.slice(1)].every((letter) => shorts.has(letter))) return arg;
    const placeholder = `\u0000${originals.size}`;
    originals.set(placeholder, arg);
    return placeholder;
  });
  return { shielded, restore: (value) => originals.get(value) ?? value };
}

/**
 * The arguments of `command`, or 'help' when they ask for its usage. Refuses unknown options, an
 * option without its value and positionals beyond the command's count, with its usage line.
 */
export function parseCommand(name: string, command: Command, args: string[]): Parsed | 'help' {
  const options: Options = { ...command.options, help: { type: 'boolean', short: 'h' } };
  let parsed: ReturnType<typeof parseArgs>;
  const { shielded, restore } = shieldDashedValues(args, options);
  try {
    parsed = parseArgs({ args: shielded, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(parseError(error), usageText(command, true));
  }
  parsed = { ...parsed, positionals: parsed.positionals.map(restore) };
  for (const [key, value] of Object.entries(parsed.values)) {
    if (typeof value === 'string') parsed.values[key] = restore(value);
  }
  if (parsed.values.help === true) return 'help';
  const [fewest, most] = command.positionals ?? [0, 0];
  const count = parsed.positionals.length;
  if (count > most) {
    throw new UsageError(
      `Unexpected argument '${parsed.positionals[most]}' after ${name}.`,
      usageText(command, true),
    );
  }
  if (count < fewest) throw new UsageError(`${name} needs more arguments.`, usageText(command, true));
  return { values: parsed.values, positionals: parsed.positionals, args };
}

/** The usage of every action of a group, one after another; or only the first line of each. */
export function groupUsage(group: CommandGroup, firstLinesOnly = false): string {
  const usages = Object.values(group.actions).map((action) => usageText(action, firstLinesOnly));
  return firstLinesOnly
    ? `Usage: ${usages.map((usage) => usage.slice('Usage: '.length)).join('       ')}`
    : usages.join('');
}

/** A whole number within [min, max] from an option's value, or a usage error naming the option. */
export function integerOption(
  value: string | undefined,
  flag: string,
  [min, max]: readonly [number, number],
  command: Command,
): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (value.trim() === '' || !Number.isInteger(number) || number < min || number > max) {
    throw new UsageError(
      `${flag} must be a whole number from ${min} to ${max}, got '${value}'.`,
      usageText(command, true),
    );
  }
  return number;
}
