import type { Db } from '../../db/database.js';
import { toNumber } from '../../db/database.js';
import { RetryLaterError } from '../../errors.js';
import type { Clock } from '../clock.js';

export interface RateLimit {
  /** Requests allowed per window. */
  max: number;
  windowMs: number;
}

/** A bucket's key and its limit. */
export type Hit = readonly [key: string, limit: RateLimit];

const TEN_MINUTES = 10 * 60_000;

/** Limits of the passwordless endpoints; overridable through buildServer's `rateLimits`. */
export interface RateLimits {
  passwordlessInitPerEmail: RateLimit;
  passwordlessInitPerIp: RateLimit;
  passwordlessAuthenticatePerEmail: RateLimit;
  passwordlessAuthenticatePerIp: RateLimit;
  /** oauth/init per client IP. */
  oauthInitPerIp: RateLimit;
  /** oauth/authenticate and oauth/link per client IP. */
  oauthAuthenticatePerIp: RateLimit;
  /**
   * Server-to-server API: requests with a missing or wrong app secret per client IP and app id
   * named (one bucket for those naming none); a right secret is never refused.
   */
  serverApiFailures: RateLimit;
}

/**
 * Roomy enough for a person retrying and for a test suite logging in a dozen times from one
 * address; tight enough that one inbox cannot be flooded and a code cannot be guessed (at most
 * CODE_MAX_ATTEMPTS tries per code, 20 per window per email, against a million codes).
 */
export const DEFAULT_RATE_LIMITS: RateLimits = {
  passwordlessInitPerEmail: { max: 15, windowMs: TEN_MINUTES },
  passwordlessInitPerIp: { max: 60, windowMs: TEN_MINUTES },
  passwordlessAuthenticatePerEmail: { max: 20, windowMs: TEN_MINUTES },
  passwordlessAuthenticatePerIp: { max: 120, windowMs: TEN_MINUTES },
  oauthInitPerIp: { max: 60, windowMs: TEN_MINUTES },
  oauthAuthenticatePerIp: { max: 120, windowMs: TEN_MINUTES },
  serverApiFailures: { max: 20, windowMs: TEN_MINUTES },
};

/**
 * Fixed-window counters kept in the database, so the limits hold across every API process
 * sharing it. One upsert per hit: atomic without a transaction.
 */
export class RateLimiter {
  constructor(
    private readonly db: Db,
    private readonly now: Clock,
  ) {}

  /** Counts a hit on `key`; false when the window's allowance is spent. */
  async hit(key: string, limit: RateLimit): Promise<boolean> {
    return (await this.spent([[key, limit]])) === undefined;
  }

  /**
   * Counts one hit on each bucket, all in one upsert (one round trip, atomic per row without a
   * transaction); answers the first of them, in the order given, whose allowance is spent. Every
   * bucket counts the hit even when an earlier one is spent, as separate hits did not: a refused
   * client still spends the later buckets (an address's), which it could already spend in full
   * within its own allowance, since a per-address limit is the smaller one.
   */
  async spent(hits: ReadonlyArray<Hit>): Promise<Hit | undefined> {
    const now = this.now();
    const rows = hits.map(([key, limit]) => ({ key, window_start: now - (now % limit.windowMs), count: 1 }));
    // One statement cannot update a row twice: the same bucket twice is counted one hit at a time.
    const unique = new Set(rows.map((row) => `${row.window_start}:${row.key}`)).size === rows.length;
    if (!unique && hits.length > 1) {
      for (const hit of hits) if (await this.spent([hit])) return hit;
      return undefined;
    }
    const counted = await this.db
      .insertInto('rate_limit_buckets')
      .values(rows)
      .onConflict((conflict) =>
        conflict
          .columns(['key', 'window_start'])
          .doUpdateSet((eb) => ({ count: eb('rate_limit_buckets.count', '+', 1).$castTo<number>() })),
      )
      .returning(['key', 'count'])
      .execute();
    const counts = new Map(counted.map((row) => [row.key, toNumber(row.count)]));
    return hits.find(([key, limit]) => (counts.get(key) ?? 0) > limit.max);
  }

  /** Counts a hit on each bucket; too_many_requests, retry after its window's end, for the first one spent. */
  async take(...hits: Hit[]): Promise<void> {
    const spent = await this.spent(hits);
    if (!spent) return;
    const [key, limit] = spent;
    const now = this.now();
    // The policy's name: the limit's kind without the address or account it counts (`siwe_init:ip`).
    const policy = key.split(':').slice(0, 2).join('_');
    const quota = { policy, max: limit.max, windowSeconds: Math.ceil(limit.windowMs / 1000) };
    throw new RetryLaterError('too_many_requests', limit.windowMs - (now % limit.windowMs), quota);
  }

  /** Drops windows that ended before `before`. */
  async sweep(before: number): Promise<void> {
    await this.db.deleteFrom('rate_limit_buckets').where('window_start', '<', before).execute();
  }
}
