/** Parsers of the environment's values, shared by config.ts. */
import { LINK_COOLDOWN_SECONDS } from '../protocol/step-up.js';
import { UserError } from './errors.js';

type Env = Record<string, string | undefined>;

export function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

const DURATION_UNITS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400 };

/** Seconds, or a whole number with s, m, h or d ('7d'); `fallback` (LINK_COOLDOWN_SECONDS) when unset. */
export function parseDuration(
  value: string | undefined,
  name: string,
  fallback = LINK_COOLDOWN_SECONDS,
): number {
  if (value === undefined) return fallback;
  const match = /^(\d+)\s*([smhd]?)$/.exec(value);
  if (!match) {
    throw new UserError(
      `${name} must be a whole number of seconds, or of minutes, hours or days ('7d'), got '${value}'.`,
    );
  }
  return Number(match[1]) * (DURATION_UNITS[match[2] || 's'] ?? 1);
}

/** A `true`/`false` variable, false when unset. */
export function parseFlag(env: Env, name: string): boolean {
  const flag = nonEmpty(env[name]) ?? 'false';
  if (flag !== 'true' && flag !== 'false')
    throw new UserError(`${name} must be true or false, got '${flag}'.`);
  return flag === 'true';
}

/** An http(s) URL variable, undefined when unset. */
export function optionalUrl(env: Env, name: string): string | undefined {
  const value = nonEmpty(env[name]);
  if (value === undefined) return undefined;
  try {
    const url = new URL(value);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.href;
  } catch {}
  throw new UserError(`${name} must be an http(s) URL, got '${value}'.`);
}
