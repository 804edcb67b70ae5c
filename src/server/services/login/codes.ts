import { randomInt } from 'node:crypto';
import { CODE_MAX_ATTEMPTS, CODE_TTL_MS, VERIFICATION_CODE_LENGTH } from '../../../protocol/constants.js';
import { VERIFICATION_CODE_PATTERN } from '../../../protocol/validation.js';
import type { Db } from '../../db/database.js';
import { lockedTransaction, toNumber } from '../../db/database.js';
import { lockKeys } from '../../db/lock-keys.js';
import { prepared } from '../../db/prepared.js';
import { ApiError } from '../../errors.js';
import type { Clock } from '../clock.js';
import { Secrets } from '../crypto.js';
import { codeLockout } from './code-lockout.js';

type Stored = {
  consumed_at: unknown;
  expires_at: number | string | bigint;
  attempts: number | string | bigint;
};

/** Whether a stored code may still be tried: there, not spent, not expired, tries left. */
export function isLiveCode<T extends Stored>(row: T | undefined, now: number): row is T {
  return (
    row !== undefined &&
    row.consumed_at === null &&
    toNumber(row.expires_at) > now &&
    toNumber(row.attempts) < CODE_MAX_ATTEMPTS
  );
}

/** Whether `code` is six digits whose hash (made only then) is the stored one, compared in constant time. */
export function codeMatches(code: string, stored: string, hash: () => string): boolean {
  return VERIFICATION_CODE_PATTERN.test(code) && Secrets.same(hash(), stored);
}

/**
 * Login codes by email or SMS; MFA codes by SMS, to enrol a number or to verify (services/mfa/mfa.ts);
 * step-up codes to an email or phone the user already has (services/step-up/step-up.ts).
 */
export type CodeChannel =
  | 'email'
  | 'sms'
  | 'mfa_sms_enroll'
  | 'mfa_sms_verify'
  | 'step_up_email'
  | 'step_up_sms';

/**
 * One-time codes. One row per (app, channel, destination): a new code replaces the previous one.
 * Stored as an HMAC under the step-up key (`secrets`: stepUpSecrets, not the server secret's, so
 * a copy of the database with its secret cannot brute-force a live code's six digits), single use, CODE_TTL_MS long, dead after CODE_MAX_ATTEMPTS
 * wrong tries; repeated failed rounds lock the destination (code-lockout.ts), and while it is
 * locked `issue` and `verify` throw too_many_requests.
 */
export class CodeService {
  /** A right code's whole check and spend, in one statement (see verify). */
  private readonly spend;
  /** A new code written, with its address's lockout read (see issue). */
  private readonly store;

  constructor(
    private readonly db: Db,
    private readonly secrets: Secrets,
    private readonly now: Clock,
  ) {
    this.spend = spendRightCode(db);
    this.store = storeCode(db);
  }

  private hash(appId: string, channel: CodeChannel, destination: string, code: string): string {
    return this.secrets.hash('one-time-code', appId, channel, destination, code);
  }

  /**
   * A new code for the destination (leading zeros allowed); any earlier one stops working. One
   * statement writes it and reads the address's lockout: a locked address is refused after the
   * write, whose code is never sent (and, like any code, is refused while the lock lasts). A try
   * under way meanwhile marks only the code it read (verify).
   */
  async issue(
    appId: string,
    channel: CodeChannel,
    destination: string,
    ttlMs = CODE_TTL_MS,
  ): Promise<string> {
    const code = String(randomInt(10 ** VERIFICATION_CODE_LENGTH)).padStart(VERIFICATION_CODE_LENGTH, '0');
    const now = this.now();
    const hash = this.hash(appId, channel, destination, code);
    const [row] = (await this.store({ appId, channel, destination, hash, now, expiresAt: now + ttlMs })).rows;
    codeLockout.admit(row?.locked_until ?? null, now);
    return code;
  }

  /** Consumes the live code of the destination; invalid_credentials otherwise (counted as a try). */
  async verifyOrThrow(appId: string, channel: CodeChannel, destination: string, code: string): Promise<void> {
    if (!(await this.verify(appId, channel, destination, code.trim())))
      throw new ApiError('invalid_credentials');
  }

  /**
   * Consumes the code when it is the live one; otherwise counts a wrong try. A right code is spent
   * in one statement, with no transaction or lock of its own: the row's update spends it once
   * (a second one finds it spent) and only while it is live, the address unlocked and the stored
   * hash its own (a code issued meanwhile is another hash). Whatever that statement does not
   * spend — a wrong code, or a refusal — takes the full path below, which counts and answers.
   */
  async verify(appId: string, channel: CodeChannel, destination: string, code: string): Promise<boolean> {
    const now = this.now();
    const key = { app_id: appId, channel, destination };
    if (VERIFICATION_CODE_PATTERN.test(code)) {
      const hash = this.hash(appId, channel, destination, code);
      const [spent] = (await this.spend({ appId, channel, destination, hash, now, max: CODE_MAX_ATTEMPTS }))
        .rows;
      if (spent) {
        // A right code starts the count over; most logins have none to clear.
        if (spent.locked_until !== null) await codeLockout.clear(this.db, key);
        return true;
      }
    }
    // One try at a time per destination (in any process): the attempts count and the lockout's
    // count are read, then written, and a code is consumed once.
    return lockedTransaction(this.db, [lockKeys.code(appId, channel, destination)], async (trx) => {
      // The code and the address's lockout in one statement; without a code (rare) the lockout alone.
      const row = await trx
        .selectFrom('one_time_codes')
        .selectAll('one_time_codes')
        .select((eb) =>
          eb
            .selectFrom('code_lockouts')
            .select('code_lockouts.locked_until')
            .where('code_lockouts.app_id', '=', appId)
            .where('code_lockouts.channel', '=', channel)
            .where('code_lockouts.destination', '=', destination)
            .as('locked_until'),
        )
        .where('one_time_codes.app_id', '=', appId)
        .where('one_time_codes.channel', '=', channel)
        .where('one_time_codes.destination', '=', destination)
        .executeTakeFirst();
      const counted = row ? codeLockout.admit(row.locked_until, now) : await codeLockout.check(trx, key, now);
      if (!isLiveCode(row, now)) return false;
      const matches = codeMatches(code, row.code_hash, () => this.hash(appId, channel, destination, code));
      await trx
        .updateTable('one_time_codes')
        .set((eb) =>
          matches ? { consumed_at: now } : { attempts: eb('attempts', '+', 1).$castTo<number>() },
        )
        // The code read: one issued since is left alone.
        .where((eb) => eb.and({ ...key, code_hash: row.code_hash }))
        .execute();
      // A right code starts the count over; most logins have none to clear (one statement fewer).
      if (!matches) await codeLockout.wrongCode(trx, key, now);
      else if (counted) await codeLockout.clear(trx, key);
      return matches;
    });
  }

  /** Deletes codes past their expiry. */
  async sweep(): Promise<void> {
    await this.db.deleteFrom('one_time_codes').where('expires_at', '<=', this.now()).execute();
    await codeLockout.sweep(this.db, this.now());
  }
}

/** The `locked_until` of the address of the statement's `appId`, `channel` and `destination`. */
const lockoutOf = (db: Db, param: (name: string) => never) =>
  db
    .selectFrom('code_lockouts')
    .select('code_lockouts.locked_until')
    .where('code_lockouts.app_id', '=', param('appId'))
    .where('code_lockouts.channel', '=', param('channel'))
    .where('code_lockouts.destination', '=', param('destination'));

/**
 * Spends the destination's code when its stored hash is `hash`, it is live (isLiveCode) and the
 * address is not locked (codeLockout.admit); answers the address's `locked_until` (null: no count).
 */
function spendRightCode(db: Db) {
  return prepared(db, (db, param) => {
    const lockout = lockoutOf(db, param);
    return db
      .updateTable('one_time_codes')
      .set({ consumed_at: param('now') })
      .where('one_time_codes.app_id', '=', param('appId'))
      .where('one_time_codes.channel', '=', param('channel'))
      .where('one_time_codes.destination', '=', param('destination'))
      .where('one_time_codes.code_hash', '=', param('hash'))
      .where('one_time_codes.consumed_at', 'is', null)
      .where('one_time_codes.expires_at', '>', param('now'))
      .where('one_time_codes.attempts', '<', param('max'))
      .where(({ not, exists }) => not(exists(lockout.where('code_lockouts.locked_until', '>', param('now')))))
      .returning(() => lockout.as('locked_until'));
  });
}

/** Writes the destination's new code over any earlier one; answers the address's `locked_until`. */
function storeCode(db: Db) {
  return prepared(db, (db, param) => {
    const fields = {
      code_hash: param('hash'),
      attempts: 0,
      expires_at: param('expiresAt'),
      consumed_at: null,
      created_at: param('now'),
    };
    const key = { app_id: param('appId'), channel: param('channel'), destination: param('destination') };
    return db
      .insertInto('one_time_codes')
      .values({ ...key, ...fields })
      .onConflict((conflict) => conflict.columns(['app_id', 'channel', 'destination']).doUpdateSet(fields))
      .returning(() => lockoutOf(db, param).as('locked_until'));
  });
}
