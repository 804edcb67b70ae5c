import { randomInt } from 'node:crypto';
import type { Transaction } from 'kysely';
import { CODE_TTL_MS, VERIFICATION_CODE_LENGTH } from '../../../protocol/constants.js';
import { toNumber } from '../../db/database.js';
import type { Database } from '../../db/schema/index.js';
import { RetryLaterError } from '../../errors.js';
import type { Secrets } from '../crypto.js';
import { CODE_LOCKOUT_FORGET_MS, lockoutAfter } from '../login/code-lockout.js';
import { codeMatches, isLiveCode } from '../login/codes.js';

type Trx = Transaction<Database>;

/**
 * An operator's emailed sign-in codes, by the rules of login codes (services/login/codes.ts): six
 * digits as an HMAC, single use, CODE_TTL_MS long, dead after CODE_MAX_ATTEMPTS wrong tries, and
 * the same escalating lockout (code-lockout.ts lockoutAfter) kept on the code's own row, since an
 * operator belongs to no app. Every function runs inside the caller's transaction, locked on the
 * address.
 */
export class ConsoleCodes {
  constructor(private readonly secrets: Secrets) {}

  private hash(email: string, code: string): string {
    return this.secrets.hash('console-code', email, code);
  }

  /** Throws too_many_requests while the address is locked. */
  private async checkLock(trx: Trx, email: string, now: number): Promise<void> {
    const row = await trx
      .selectFrom('console_codes')
      .select('locked_until')
      .where('email', '=', email)
      .executeTakeFirst();
    const left = row ? toNumber(row.locked_until) - now : 0;
    if (left > 0) throw new RetryLaterError('too_many_requests', left);
  }

  /** A new code for the address; any earlier one stops working. */
  async issue(trx: Trx, email: string, now: number): Promise<string> {
    await this.checkLock(trx, email, now);
    const code = String(randomInt(10 ** VERIFICATION_CODE_LENGTH)).padStart(VERIFICATION_CODE_LENGTH, '0');
    const fields = {
      code_hash: this.hash(email, code),
      attempts: 0,
      expires_at: now + CODE_TTL_MS,
      consumed_at: null,
      created_at: now,
    };
    await trx
      .insertInto('console_codes')
      .values({ email, ...fields, wrong_codes: 0, last_wrong_at: 0, locked_until: 0 })
      .onConflict((conflict) => conflict.column('email').doUpdateSet(fields))
      .execute();
    return code;
  }

  /** Consumes the live code when it is this one; otherwise counts a wrong try (and maybe locks). */
  async verify(trx: Trx, email: string, code: string, now: number): Promise<boolean> {
    await this.checkLock(trx, email, now);
    const row = await trx
      .selectFrom('console_codes')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirst();
    if (!isLiveCode(row, now)) return false;
    const matches = codeMatches(code, row.code_hash, () => this.hash(email, code));
    if (matches) {
      await trx
        .updateTable('console_codes')
        .set({ consumed_at: now, wrong_codes: 0, locked_until: 0 })
        .where('email', '=', email)
        .execute();
      return true;
    }
    const forgotten = toNumber(row.last_wrong_at) <= now - CODE_LOCKOUT_FORGET_MS;
    const wrongCodes = (forgotten ? 0 : toNumber(row.wrong_codes)) + 1;
    const lockMs = lockoutAfter(wrongCodes);
    await trx
      .updateTable('console_codes')
      .set({
        attempts: toNumber(row.attempts) + 1,
        wrong_codes: wrongCodes,
        last_wrong_at: now,
        locked_until: lockMs > 0 ? now + lockMs : toNumber(row.locked_until),
      })
      .where('email', '=', email)
      .execute();
    return false;
  }
}
