/**
 * MFA verification challenges (§4.8, §9): one per user, opened by an SMS code sent to verify or
 * by the first authenticator code submitted. A challenge allows MFA_MAX_ATTEMPTS wrong codes
 * (the last one answers mfa_verification_max_attempts_reached and locks new verifications for
 * MFA_MAX_ATTEMPTS_LOCKOUT_MS) and lasts MFA_CODE_WAIT_MS (a code after that answers mfa_timeout
 * and locks for MFA_TIMEOUT_LOCKOUT_MS). Attempts are reserved before a code is checked, so
 * requests racing each other still get MFA_MAX_ATTEMPTS checks at most.
 *
 * Wrong codes also count across challenges, like login codes (code-lockout.ts): every
 * MFA_MAX_ATTEMPTS of them is a failed round, and from the CODE_LOCKOUT_FREE_ROUNDS-th on a round
 * locks for longer than the spec's short lock, doubling up to a day. A right code, or
 * CODE_LOCKOUT_FORGET_MS without a wrong one, clears the count. It is a column of the user's row,
 * updated by single statements, so every process sharing the database counts alike.
 */
import type { Selectable } from 'kysely';
import {
  MFA_CODE_WAIT_MS,
  MFA_MAX_ATTEMPTS,
  MFA_MAX_ATTEMPTS_LOCKOUT_MS,
  MFA_TIMEOUT_LOCKOUT_MS,
  type MfaMethod,
} from '../../../protocol/mfa.js';
import { type Db, toNullableNumber, toNumber } from '../../db/database.js';
import type { MfaChallengesTable } from '../../db/schema/mfa.js';
import { ApiError, RetryLaterError } from '../../errors.js';
import type { Clock } from '../clock.js';
import { CODE_LOCKOUT_FORGET_MS, lockoutAfter } from '../login/code-lockout.js';

type LockReason = 'mfa_verification_max_attempts_reached' | 'mfa_timeout';
type Challenge = Selectable<MfaChallengesTable>;

const LOCKS: Record<LockReason, number> = {
  mfa_verification_max_attempts_reached: MFA_MAX_ATTEMPTS_LOCKOUT_MS,
  mfa_timeout: MFA_TIMEOUT_LOCKOUT_MS,
};
/** Closed or abandoned challenges older than this are swept. */
const SWEEP_AFTER_MS = 60 * 60_000;

function isLockReason(value: string | null): value is LockReason {
  return value === 'mfa_verification_max_attempts_reached' || value === 'mfa_timeout';
}

export class MfaChallenges {
  constructor(
    private readonly db: Db,
    private readonly now: Clock,
  ) {}

  private current(userId: string): Promise<Challenge | undefined> {
    return this.db.selectFrom('mfa_challenges').selectAll().where('user_id', '=', userId).executeTakeFirst();
  }

  /** Throws the lock's error, with the time left (Retry-After), while the user is locked out. */
  private refuseIfLocked(row: Challenge | undefined, now: number): void {
    const until = row ? toNullableNumber(row.locked_until) : null;
    if (row && until !== null && until > now) {
      const reason = isLockReason(row.lock_reason)
        ? row.lock_reason
        : 'mfa_verification_max_attempts_reached';
      throw new RetryLaterError(reason, until - now);
    }
  }

  private isOpen(row: Challenge | undefined, method: MfaMethod): row is Challenge {
    return row !== undefined && row.closed_at === null && row.method === method;
  }

  /** Open and within MFA_CODE_WAIT_MS, whatever its method. */
  private isLive(row: Challenge | undefined, now: number): row is Challenge {
    return row !== undefined && row.closed_at === null && now - toNumber(row.started_at) <= MFA_CODE_WAIT_MS;
  }

  /**
   * The live challenge goes on with `method` (the user switched between SMS and the app): its
   * attempts and its time carry over, so switching gives no new tries. Otherwise a new one opens.
   */
  private async continueOrStart(
    appId: string,
    userId: string,
    method: MfaMethod,
    row: Challenge | undefined,
    now: number,
  ): Promise<number> {
    if (!this.isLive(row, now)) return this.start(appId, userId, method, now);
    const startedAt = toNumber(row.started_at);
    await this.db
      .updateTable('mfa_challenges')
      .set({ method })
      .where('user_id', '=', userId)
      .where('started_at', '=', startedAt)
      .execute();
    return startedAt;
  }

  private async start(appId: string, userId: string, method: MfaMethod, now: number): Promise<number> {
    const fields = {
      app_id: appId,
      method,
      started_at: now,
      attempts: 0,
      closed_at: null,
      locked_until: null,
      lock_reason: null,
    };
    await this.db
      .insertInto('mfa_challenges')
      .values({ user_id: userId, ...fields })
      .onConflict((conflict) => conflict.column('user_id').doUpdateSet(fields))
      .execute();
    return now;
  }

  /** Closes the challenge after a right code: no lock, and the count of wrong codes starts over. */
  private async succeed(userId: string, startedAt: number): Promise<void> {
    await this.db
      .updateTable('mfa_challenges')
      .set({
        closed_at: this.now(),
        locked_until: null,
        lock_reason: null,
        wrong_codes: 0,
        last_wrong_at: null,
      })
      .where('user_id', '=', userId)
      .where('started_at', '=', startedAt)
      .execute();
  }

  /** Closes the challenge with a lock of `lockMs`; a longer lock set meanwhile (another process) stays. */
  private async close(
    userId: string,
    startedAt: number,
    lock: LockReason,
    lockMs = LOCKS[lock],
  ): Promise<void> {
    const now = this.now();
    const until = now + lockMs;
    await this.db
      .updateTable('mfa_challenges')
      .set((eb) => ({
        closed_at: now,
        locked_until: eb
          .case()
          .when('locked_until', '>', until)
          .then(eb.ref('locked_until'))
          .else(until)
          .end()
          .$castTo<number>(),
        lock_reason: lock,
      }))
      .where('user_id', '=', userId)
      .where('started_at', '=', startedAt)
      .execute();
  }

  /**
   * Counts a wrong code of the user (the count is forgotten CODE_LOCKOUT_FORGET_MS after the last
   * one) and answers the escalated lock it completes, 0 for none.
   */
  private async countWrong(userId: string, now: number): Promise<number> {
    const row = await this.db
      .updateTable('mfa_challenges')
      .set((eb) => ({
        wrong_codes: eb
          .case()
          .when('last_wrong_at', '>', now - CODE_LOCKOUT_FORGET_MS)
          .then(eb('wrong_codes', '+', 1))
          .else(1)
          .end()
          .$castTo<number>(),
        last_wrong_at: now,
      }))
      .where('user_id', '=', userId)
      .returning('wrong_codes')
      .executeTakeFirst();
    return row ? lockoutAfter(toNumber(row.wrong_codes), MFA_MAX_ATTEMPTS) : 0;
  }

  /**
   * Before an SMS code is sent to verify: refused during a lock; a live challenge goes on (a
   * resent code, or a switch from the app, gives no new attempts), otherwise a new one opens.
   */
  async openForSms(appId: string, userId: string): Promise<void> {
    const now = this.now();
    const row = await this.current(userId);
    this.refuseIfLocked(row, now);
    await this.continueOrStart(appId, userId, 'sms', row, now);
  }

  /** One more attempt of the open challenge, reserved atomically; undefined when none is left. */
  private async reserve(userId: string, startedAt: number): Promise<number | undefined> {
    const row = await this.db
      .updateTable('mfa_challenges')
      .set((eb) => ({ attempts: eb('attempts', '+', 1).$castTo<number>() }))
      .where('user_id', '=', userId)
      .where('started_at', '=', startedAt)
      .where('closed_at', 'is', null)
      .where('attempts', '<', MFA_MAX_ATTEMPTS)
      .returning('attempts')
      .executeTakeFirst();
    return row ? toNumber(row.attempts) : undefined;
  }

  /** The challenge a code is checked against: the open one, or a new one for the authenticator. */
  private async startedAt(appId: string, userId: string, method: MfaMethod, now: number): Promise<number> {
    const row = await this.current(userId);
    this.refuseIfLocked(row, now);
    if (this.isOpen(row, method)) return toNumber(row.started_at);
    // An SMS code is only checked against a challenge whose code was sent.
    if (method === 'sms') throw new ApiError('invalid_mfa_code');
    return this.continueOrStart(appId, userId, method, row, now);
  }

  /**
   * Checks a code within the user's challenge. Success closes it; a wrong code answers
   * invalid_mfa_code, the last allowed one (or one completing an escalating round)
   * mfa_verification_max_attempts_reached; a challenge past MFA_CODE_WAIT_MS answers mfa_timeout.
   * Each of the last two locks new verifications.
   */
  async attempt(
    appId: string,
    userId: string,
    method: MfaMethod,
    check: () => Promise<boolean>,
  ): Promise<void> {
    const now = this.now();
    const startedAt = await this.startedAt(appId, userId, method, now);
    if (now - startedAt > MFA_CODE_WAIT_MS) {
      await this.close(userId, startedAt, 'mfa_timeout');
      throw new RetryLaterError('mfa_timeout', LOCKS.mfa_timeout);
    }
    const attempt = await this.reserve(userId, startedAt);
    if (attempt === undefined) throw new ApiError('mfa_verification_max_attempts_reached');
    if (await check()) {
      await this.succeed(userId, startedAt);
      return;
    }
    const lockMs = Math.max(
      attempt >= MFA_MAX_ATTEMPTS ? MFA_MAX_ATTEMPTS_LOCKOUT_MS : 0,
      await this.countWrong(userId, now),
    );
    if (lockMs > 0) {
      await this.close(userId, startedAt, 'mfa_verification_max_attempts_reached', lockMs);
      throw new RetryLaterError('mfa_verification_max_attempts_reached', lockMs);
    }
    throw new ApiError('invalid_mfa_code');
  }

  /** Forgets the user's challenge (the last method was removed). */
  async forget(userId: string, db: Db = this.db): Promise<void> {
    await db.deleteFrom('mfa_challenges').where('user_id', '=', userId).execute();
  }

  async sweep(): Promise<void> {
    const now = this.now();
    await this.db
      .deleteFrom('mfa_challenges')
      .where('started_at', '<', now - SWEEP_AFTER_MS)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
      // A count of wrong codes is kept until it is forgotten.
      .where((eb) =>
        eb.or([eb('last_wrong_at', 'is', null), eb('last_wrong_at', '<=', now - CODE_LOCKOUT_FORGET_MS)]),
      )
      .execute();
  }
}
