import type { Kysely, Transaction } from 'kysely';
import { CODE_MAX_ATTEMPTS } from '../../../protocol/constants.js';
import { toNumber } from '../../db/database.js';
import type { Database } from '../../db/schema/index.js';
import { RetryLaterError } from '../../errors.js';

const MINUTE = 60_000;
/**
 * The escalation login codes and MFA verifications (mfa-challenges.ts) share: failed rounds a
 * person may have before the long locks start (an MFA round still ends with the spec's short lock).
 */
export const CODE_LOCKOUT_FREE_ROUNDS = 3;
/** The first lock; each further failed round doubles it. */
const CODE_LOCKOUT_BASE_MS = 15 * MINUTE;
const CODE_LOCKOUT_MAX_MS = 24 * 60 * MINUTE;
/** Wrong codes are forgotten this long after the last one (longer than the longest lock, so the count keeps climbing). */
export const CODE_LOCKOUT_FORGET_MS = 2 * CODE_LOCKOUT_MAX_MS;

/**
 * How long `wrongCodes` wrong codes lock, counted when the last of them comes in (0: no lock):
 * every `perRound` of them is a failed round.
 */
export function lockoutAfter(wrongCodes: number, perRound: number = CODE_MAX_ATTEMPTS): number {
  if (wrongCodes === 0 || wrongCodes % perRound !== 0) return 0;
  const rounds = wrongCodes / perRound;
  if (rounds < CODE_LOCKOUT_FREE_ROUNDS) return 0;
  return Math.min(CODE_LOCKOUT_BASE_MS * 2 ** (rounds - CODE_LOCKOUT_FREE_ROUNDS), CODE_LOCKOUT_MAX_MS);
}

export interface CodeDestination {
  app_id: string;
  channel: string;
  destination: string;
}

/**
 * The escalating lockout of one address in one app (§8 too_many_requests while it lasts): wrong
 * codes against a live code are counted; every CODE_MAX_ATTEMPTS of them is a failed round, and
 * from the CODE_LOCKOUT_FREE_ROUNDS-th on each failed round locks the address, for sending codes
 * and for checking them, CODE_LOCKOUT_BASE_MS doubled per further round up to CODE_LOCKOUT_MAX_MS.
 * A right code, or CODE_LOCKOUT_FORGET_MS without a wrong one, clears the count. Runs inside the
 * caller's transaction.
 */
export const codeLockout = {
  /**
   * Throws too_many_requests while the address is locked; otherwise whether it has a count of wrong
   * codes (the caller holds the destination's lock, so it stays so until its transaction ends).
   */
  async check(trx: Transaction<Database>, key: CodeDestination, now: number): Promise<boolean> {
    const row = await trx
      .selectFrom('code_lockouts')
      .select('locked_until')
      .where((eb) => eb.and({ ...key }))
      .executeTakeFirst();
    return codeLockout.admit(row?.locked_until ?? null, now);
  },

  /** `check` on the address's `locked_until` read by the caller (null: it has no row). */
  admit(lockedUntil: number | string | bigint | null, now: number): boolean {
    const left = lockedUntil === null ? 0 : toNumber(lockedUntil) - now;
    if (left > 0) throw new RetryLaterError('too_many_requests', left);
    return lockedUntil !== null;
  },

  /** Counts a wrong code; locks the address when it completes a locking round. */
  async wrongCode(trx: Transaction<Database>, key: CodeDestination, now: number): Promise<void> {
    await trx
      .deleteFrom('code_lockouts')
      .where((eb) => eb.and({ ...key }))
      .where('last_wrong_at', '<=', now - CODE_LOCKOUT_FORGET_MS)
      .execute();
    const { wrong_codes: count } = await trx
      .insertInto('code_lockouts')
      .values({ ...key, wrong_codes: 1, last_wrong_at: now, locked_until: 0 })
      .onConflict((conflict) =>
        conflict.columns(['app_id', 'channel', 'destination']).doUpdateSet((eb) => ({
          wrong_codes: eb('code_lockouts.wrong_codes', '+', 1).$castTo<number>(),
          last_wrong_at: now,
        })),
      )
      .returning('wrong_codes')
      .executeTakeFirstOrThrow();
    const lockMs = lockoutAfter(toNumber(count));
    if (lockMs === 0) return;
    await trx
      .updateTable('code_lockouts')
      .set({ locked_until: now + lockMs })
      .where((eb) => eb.and({ ...key }))
      .execute();
  },

  /** Drops counts that are forgotten and not locking anything. */
  async sweep(db: Kysely<Database>, now: number): Promise<void> {
    await db
      .deleteFrom('code_lockouts')
      .where('last_wrong_at', '<=', now - CODE_LOCKOUT_FORGET_MS)
      .where('locked_until', '<=', now)
      .execute();
  },

  /** A right code: the count starts over (in the caller's transaction, or alone). */
  async clear(trx: Kysely<Database>, key: CodeDestination): Promise<void> {
    await trx
      .deleteFrom('code_lockouts')
      .where((eb) => eb.and({ ...key }))
      .execute();
  },
};
