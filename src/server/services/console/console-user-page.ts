import { type ConsoleUserDetail, RECENT_LOGINS } from '../../../protocol/console-users.js';
import { type Db, toNullableNumber, toNumber } from '../../db/database.js';
import { ApiError } from '../../errors.js';
import { unixSeconds } from '../clock.js';
import type { Services } from '../index.js';
import { enrolledMfaMethods } from '../users/user-queries.js';

/** At most this many live sessions on a user's page (newest first). */
const SESSIONS_SHOWN = 50;

/** The app's user (id and sign-up time), or 404 user_not_found, also for another app's user. */
export async function userOf(db: Db, appId: string, userId: string) {
  const user = await db
    .selectFrom('users')
    .select(['id', 'created_at'])
    .where('id', '=', userId)
    .where('app_id', '=', appId)
    .executeTakeFirst();
  if (!user) throw new ApiError('user_not_found');
  return user;
}

async function liveSessions(db: Db, userId: string, now: number) {
  const rows = await db
    .selectFrom('sessions')
    .select(['id', 'created_at', 'expires_at'])
    .select((eb) =>
      eb
        .selectFrom('refresh_tokens')
        .select((inner) => inner.fn.max('refresh_tokens.created_at').as('latest'))
        .whereRef('refresh_tokens.session_id', '=', 'sessions.id')
        .as('latest_token_at'),
    )
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .limit(SESSIONS_SHOWN)
    .execute();
  return rows.map((row) => {
    const created = toNumber(row.created_at);
    const latest = toNullableNumber((row.latest_token_at ?? null) as number | null);
    return {
      id: row.id,
      created_at: unixSeconds(created),
      // The first refresh token is the login's own: a later one was made by a refresh.
      last_refresh_at: latest !== null && latest > created ? unixSeconds(latest) : null,
      expires_at: unixSeconds(toNumber(row.expires_at)),
    };
  });
}

/**
 * The user's latest logins: the sessions a login opened (its auth_time is the session's start; a
 * fork keeps the time of the login it came from), live or not, as long as they are kept.
 */
async function recentLogins(db: Db, userId: string, now: number) {
  const rows = await db
    .selectFrom('sessions')
    .select(['created_at', 'expires_at', 'revoked_at'])
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('auth_time', 'is', null), eb('auth_time', '=', eb.ref('created_at'))]))
    .orderBy('created_at', 'desc')
    .limit(RECENT_LOGINS)
    .execute();
  return rows.map((row) => ({
    at: unixSeconds(toNumber(row.created_at)),
    live: row.revoked_at === null && toNumber(row.expires_at) > now,
  }));
}

async function walletOf(services: Services, appId: string, userId: string) {
  const wallet = await services.db
    .selectFrom('embedded_wallets')
    .select(['address', 'recovery_method'])
    .where('user_id', '=', userId)
    .where('app_id', '=', appId)
    .executeTakeFirst();
  if (!wallet) return null;
  const devices = await services.devices.list(appId, userId, wallet.address);
  return { address: wallet.address, recovery_method: wallet.recovery_method, devices };
}

/** The user's page: accounts, embedded wallet and its devices, MFA methods, live sessions, logins. */
export async function userPage(
  services: Services,
  appId: string,
  userId: string,
): Promise<ConsoleUserDetail> {
  const { db } = services;
  const now = services.now();
  const user = await userOf(db, appId, userId);
  const accounts = await db
    .selectFrom('linked_accounts')
    .select(['type', 'subject', 'first_verified_at', 'latest_verified_at'])
    .where('user_id', '=', userId)
    .orderBy('first_verified_at')
    .execute();
  return {
    id: user.id,
    created_at: unixSeconds(toNumber(user.created_at)),
    accounts: accounts.map((row) => ({
      type: row.type,
      subject: row.subject,
      first_verified_at: unixSeconds(toNumber(row.first_verified_at)),
      latest_verified_at: unixSeconds(toNumber(row.latest_verified_at)),
    })),
    wallet: await walletOf(services, appId, userId),
    mfa: await enrolledMfaMethods(db, userId),
    sessions: await liveSessions(db, userId, now),
    logins: await recentLogins(db, userId, now),
  };
}
