/**
 * The provider's standard output: JSON lines only, pino's records and, beside them, the start
 * banner and (development only) the login codes as records of the same shape. With
 * GATEHOUSE_LOG_FORMAT=pretty each line is rewritten for a person: `12:00:00.000 INFO msg key=value`.
 */
import { UserError } from './errors.js';

export type LogFormat = 'json' | 'pretty';

/** pino's level numbers. */
const LEVEL_NAMES: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};
const INFO = 30;
/** Fields every pino record has, left out of the pretty line's key=value part. */
const FRAME = new Set(['level', 'time', 'msg', 'pid', 'hostname']);

/** GATEHOUSE_LOG_FORMAT: json (the default) or pretty. */
function parseLogFormat(value: string | undefined): LogFormat {
  const format = value?.trim() || 'json';
  if (format === 'json' || format === 'pretty') return format;
  throw new UserError(`GATEHOUSE_LOG_FORMAT must be json or pretty, got '${format}'.`);
}

let currentFormat: LogFormat = 'json';

/** The format of every line written from now on (`gatehouse serve` sets it from the environment). */
function setLogFormat(format: LogFormat): void {
  currentFormat = format;
}

/** An info record in pino's shape, as one JSON line. */
export function infoRecord(msg: string, fields: Record<string, unknown> = {}): string {
  return `${JSON.stringify({ level: INFO, time: Date.now(), msg, ...fields })}\n`;
}

const show = (value: unknown): string =>
  typeof value === 'string' && !/\s/.test(value) ? value : JSON.stringify(value);

/** A JSON line for a person; a line that is not a JSON object passes as it is. */
function prettyLine(line: string): string {
  let record: Record<string, unknown>;
  try {
    record = JSON.parse(line);
  } catch {
    return line;
  }
  if (record === null || typeof record !== 'object') return line;
  const time = typeof record.time === 'number' ? new Date(record.time).toISOString().slice(11, 23) : '';
  const level = LEVEL_NAMES[record.level as number] ?? String(record.level ?? '');
  const rest = Object.entries(record)
    .filter(([key]) => !FRAME.has(key))
    .map(([key, value]) => `${key}=${show(value)}`);
  return `${[time, level.padEnd(5), String(record.msg ?? ''), ...rest].filter(Boolean).join(' ')}\n`;
}

/** A line (JSON) in the current format. */
function formatLine(line: string, format: LogFormat = currentFormat): string {
  return format === 'pretty' ? prettyLine(line) : line;
}

/** Writes a JSON line to standard output in the current format: pino's stream and the development codes. */
export function writeLogLine(line: string): void {
  process.stdout.write(formatLine(line));
}

/** pino's destination: every record through writeLogLine. */
const logStream = { write: writeLogLine };

/** pino's options for `gatehouse serve`: its level, and every record through writeLogLine in GATEHOUSE_LOG_FORMAT. */
export function serveLogger(level: string, env: Record<string, string | undefined>) {
  setLogFormat(parseLogFormat(env.GATEHOUSE_LOG_FORMAT));
  return { level, stream: logStream };
}

/** What the start banner says about the running provider. */
interface Started {
  migrationsApplied: readonly string[];
  wallets: { resealed: number };
  mailer: { description: string };
  sms: { description: string };
  recoveryKeyDescription: string;
}

/**
 * The start banner, as info records in the current format. They are written whatever
 * GATEHOUSE_LOG_LEVEL lets through (warn by default): what a person starting the server must
 * read (where it listens, where the codes go), not diagnostics to filter.
 */
export function startBanner(started: Started, version: string, url: string, publicUrl: string): string {
  const records: string[] = [];
  const say = (msg: string, fields: Record<string, unknown>) =>
    records.push(formatLine(infoRecord(msg, fields)));
  if (started.migrationsApplied.length > 0)
    say('migrations applied', { migrations: started.migrationsApplied });
  if (started.wallets.resealed > 0)
    say('silent-recovery shares re-sealed', { count: started.wallets.resealed });
  say('listening', { version, url, public_url: publicUrl });
  say('login codes', { via: started.mailer.description });
  say('SMS codes', { via: started.sms.description });
  say('silent-recovery key', { where: started.recoveryKeyDescription.replace(/^Silent-recovery key: /, '') });
  return records.join('');
}
