/**
 * The factors that can approve a step-up ticket (protocol/step-up.ts), for one user and one login.
 *
 * - MFA methods (totp, sms): enrolled while the user had an embedded wallet (so under a step-up),
 *   or at least the cooldown ago.
 * - Contacts (email, phone): trusted at once (the account the user signed up with, or one linked
 *   under a step-up: `stepped_up`), or linked before this login and at least the cooldown ago.
 * - Passkeys: as contacts (trusted at once when the user signed up with it or linked it under a
 *   step-up, else once the cooldown has passed since a link before this login); one `passkey`
 *   factor, listed first, usable when one of them is (`passkeys` names those).
 * - `wallet`: only when none of the above is usable, and only for a change (never a new device).
 *
 * Factors not usable yet are listed with `available_at`, usable ones first.
 */

import { PASSKEY_ACCOUNT_TYPE } from '../../../protocol/passkey.js';
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
  /** The credential ids of the passkeys usable as a factor now. */
  passkeys: Set<string>;
}

/** The user's email, phone and passkey accounts. */
function contacts(db: Db, userId: string) {
  return db
    .selectFrom('linked_accounts')
    .select(['type', 'subject', 'first_verified_at', 'stepped_up'])
    .where('user_id', '=', userId)
    .where('type', 'in', ['email', 'phone', PASSKEY_ACCOUNT_TYPE])
    .execute();
}

type AccountRow = Awaited<ReturnType<typeof contacts>>[number];

/** When an account becomes usable as a factor: 0 when linked during this login without a step-up (not in it at all). */
function accountUsableFrom(row: AccountRow, query: FactorQuery): number {
  const linkedAt = toNumber(row.first_verified_at);
  const trusted = toNumber(row.stepped_up) === 1;
  if (!trusted && linkedAt >= query.loginAt) return 0;
  return usableFrom(linkedAt, trusted, query.cooldownMs);
}

/** The one `passkey` factor of the user's passkeys: usable when one is, else when the first one will be. */
function passkeyFactor(rows: AccountRow[], query: FactorQuery) {
  const usable = new Set<string>();
  let soonest = Number.POSITIVE_INFINITY;
  for (const row of rows) {
    const from = accountUsableFrom(row, query);
    if (from !== 0 && from <= query.now) usable.add(row.subject);
    else if (from !== 0) soonest = Math.min(soonest, from);
  }
  const factor: StepUpFactorWire = { id: 'passkey', label: '' };
  if (rows.length === 0) return { usable, factor: undefined };
  if (usable.size > 0) return { usable, factor };
  const availableAt = Number.isFinite(soonest) ? unixSeconds(soonest) : 0;
  return { usable, factor: { ...factor, available_at: availableAt } };
}

/** When a factor added at `addedAt` becomes usable: at once when under a step-up, else after the cooldown. */
const usableFrom = (addedAt: number, trusted: boolean, cooldownMs: number): number =>
  trusted ? addedAt : addedAt + cooldownMs;

/** Files a factor usable from `from` (0: not during this login) as usable now or later. */
function place(factor: StepUpFactorWire, from: number, now: number, lists: FactorLists): void {
  if (from === 0) lists.later.push({ ...factor, available_at: 0 });
  else if (from <= now) lists.usable.push(factor);
  else lists.later.push({ ...factor, available_at: unixSeconds(from) });
}

interface FactorLists {
  usable: StepUpFactorWire[];
  later: StepUpFactorWire[];
}

export async function userFactors(db: Db, query: FactorQuery): Promise<UserFactors> {
  const { now, cooldownMs } = query;
  const lists: FactorLists = { usable: [], later: [] };
  for (const method of query.mfa) {
    place(
      { id: method.type, label: method.label },
      usableFrom(method.verifiedAt, method.steppedUp, cooldownMs),
      now,
      lists,
    );
  }
  const accounts = await contacts(db, query.userId);
  for (const row of accounts) {
    if (row.type === PASSKEY_ACCOUNT_TYPE) continue;
    const id = row.type === 'email' ? 'email' : 'phone';
    const label = id === 'email' ? maskEmail(row.subject) : maskPhone(row.subject);
    place({ id, label }, accountUsableFrom(row, query), now, lists);
  }
  const passkeys = passkeyFactor(
    accounts.filter((row) => row.type === PASSKEY_ACCOUNT_TYPE),
    query,
  );
  if (passkeys.factor) {
    const list = passkeys.factor.available_at === undefined ? lists.usable : lists.later;
    list.unshift(passkeys.factor);
  }
  const { usable, later } = lists;
  return {
    listed: [...usable, ...later],
    usable: new Set(usable.map((factor) => factor.id)),
    any: usable.length + later.length > 0,
    passkeys: passkeys.usable,
  };
}
