/**
 * The factors that can approve a step-up ticket (protocol/step-up.ts), for one user and one login.
 *
 * - MFA methods (totp, sms): enrolled while the user had an embedded wallet (so under a step-up),
 *   or at least the cooldown ago.
 * - Contacts (email, phone): trusted at once (the account the user signed up with, or one linked
 *   under a step-up: `stepped_up`), or linked before this login and at least the cooldown ago.
 * - `wallet`: only when none of the above is usable, and only for a change (never a new device).
 *
 * Factors not usable yet are listed with `available_at`, usable ones first.
 */
import type { StepUpFactorWire } from '../../../protocol/step-up.js';
import { maskEmail, maskPhone } from '../../../protocol/step-up.js';
import type { Db } from '../../db/database.js';
import { toNumber } from '../../db/database.js';
import { unixSeconds } from '../clock.js';

/** An enrolled MFA method as the factors need it (MfaService.enrolledFactors). */
export interface EnrolledMfa {
  type: 'totp' | 'sms';
  /** The masked number for sms; empty for totp. */
  label: string;
  verifiedAt: number;
  steppedUp: boolean;
}

export interface FactorQuery {
  userId: string;
  /** The time of the interactive login of the session asking, epoch ms. */
  loginAt: number;
  now: number;
  cooldownMs: number;
  mfa: EnrolledMfa[];
}

export interface UserFactors {
  /** Usable first, then the ones not usable yet (with `available_at`). */
  listed: StepUpFactorWire[];
  /** The kinds usable now. */
  usable: Set<StepUpFactorWire['id']>;
  /** The user has a factor at all, usable or not yet (a new `gatehouse` wallet may be made). */
  any: boolean;
}

/** The user's email and phone accounts. */
function contacts(db: Db, userId: string) {
  return db
    .selectFrom('linked_accounts')
    .select(['type', 'subject', 'first_verified_at', 'stepped_up'])
    .where('user_id', '=', userId)
    .where('type', 'in', ['email', 'phone'])
    .execute();
}

/** When a factor added at `addedAt` becomes usable: at once when under a step-up, else after the cooldown. */
const usableFrom = (addedAt: number, trusted: boolean, cooldownMs: number): number =>
  trusted ? addedAt : addedAt + cooldownMs;

export async function userFactors(db: Db, query: FactorQuery): Promise<UserFactors> {
  const { now, cooldownMs, loginAt } = query;
  const usable: StepUpFactorWire[] = [];
  const later: StepUpFactorWire[] = [];
  for (const method of query.mfa) {
    const from = usableFrom(method.verifiedAt, method.steppedUp, cooldownMs);
    const factor = { id: method.type, label: method.label };
    if (from <= now) usable.push(factor);
    else later.push({ ...factor, available_at: unixSeconds(from) });
  }
  for (const row of await contacts(db, query.userId)) {
    const linkedAt = toNumber(row.first_verified_at);
    const id = row.type === 'email' ? 'email' : 'phone';
    const label = id === 'email' ? maskEmail(row.subject) : maskPhone(row.subject);
    const trusted = toNumber(row.stepped_up) === 1;
    if (!trusted && linkedAt >= loginAt) {
      later.push({ id, label, available_at: 0 });
      continue;
    }
    const from = usableFrom(linkedAt, trusted, cooldownMs);
    if (from <= now) usable.push({ id, label });
    else later.push({ id, label, available_at: unixSeconds(from) });
  }
  return {
    listed: [...usable, ...later],
    usable: new Set(usable.map((factor) => factor.id)),
    any: usable.length + later.length > 0,
  };
}
