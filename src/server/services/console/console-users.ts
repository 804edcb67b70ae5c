import type { Transaction } from 'kysely';
import type { MfaMethod } from '../../../protocol/mfa.js';
import { lockedTransaction, toNumber } from '../../db/database.js';
import { lockKeys } from '../../db/lock-keys.js';
import type { Database } from '../../db/schema/index.js';
import { ApiError } from '../../errors.js';
import { unixSeconds } from '../clock.js';
import type { Services } from '../index.js';
import { type AuditChange, auditLog } from './audit.js';
import { userOf } from './console-user-page.js';

type Change = Pick<AuditChange, 'action' | 'before' | 'after'>;

/**
 * The console's changes to an app's users, each through the service the user's own API and the
 * backend API use (so a console revoke is theirs exactly), in one transaction keyed by the user
 * with its one audit row (target: the user's id).
 */
export class ConsoleUsers {
  constructor(private readonly services: Services) {}

  /** Revokes one live session of the user: their next refresh with it fails. */
  async revokeSession(actor: string, appId: string, userId: string, sessionId: string): Promise<void> {
    await this.change(actor, appId, userId, async (trx) => {
      const session = await trx
        .selectFrom('sessions')
        .select(['id', 'created_at'])
        .where('id', '=', sessionId)
        .where('user_id', '=', userId)
        .where('app_id', '=', appId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      if (!session) throw new ApiError('not_found', 'This user has no such live session.');
      await this.services.sessions.revoke(appId, sessionId, trx);
      const before = { session: sessionId, created_at: unixSeconds(toNumber(session.created_at)) };
      return { action: 'user.session_revoke', before, after: { session: sessionId, revoked: true } };
    });
  }

  /** Revokes every live session of the user (as the backend API's POST …/sessions/revoke). */
  async revokeSessions(actor: string, appId: string, userId: string): Promise<number> {
    let revoked = 0;
    await this.change(actor, appId, userId, async (trx) => {
      revoked = await this.services.userAdmin.revokeSessions(appId, userId, trx);
      return {
        action: 'user.sessions_revoke',
        before: { live_sessions: revoked },
        after: { live_sessions: 0 },
      };
    });
    return revoked;
  }

  /** Removes an enrolled MFA method (as the user's own unenroll): 400 mfa_not_enrolled without it. */
  async removeMfa(actor: string, appId: string, userId: string, method: MfaMethod): Promise<void> {
    await this.change(actor, appId, userId, async (trx) => {
      await this.services.mfa.unenroll(userId, method, trx);
      return { action: 'user.mfa_remove', before: { mfa: method }, after: null };
    });
  }

  /** Revokes one device key of the user's embedded wallet (as the wallet's own device revoke). */
  async revokeDevice(actor: string, appId: string, userId: string, deviceId: string): Promise<void> {
    await this.change(actor, appId, userId, async (trx) => {
      const wallet = await trx
        .selectFrom('embedded_wallets')
        .select('address')
        .where('user_id', '=', userId)
        .where('app_id', '=', appId)
        .executeTakeFirst();
      if (!wallet) throw new ApiError('not_found', 'This user has no embedded wallet.');
      await this.services.devices.revoke(appId, userId, wallet.address, deviceId, trx);
      const device = { address: wallet.address, device: deviceId };
      return { action: 'user.device_revoke', before: device, after: { ...device, revoked: true } };
    });
  }

  /**
   * Deletes the user with everything of theirs (as the backend API's DELETE, webhook included),
   * when `confirm` is their id or one of their email addresses, typed exactly.
   */
  async remove(actor: string, appId: string, userId: string, confirm: string): Promise<void> {
    await this.change(actor, appId, userId, async (trx) => {
      const accounts = await trx
        .selectFrom('linked_accounts')
        .select(['type', 'subject'])
        .where('user_id', '=', userId)
        .execute();
      const emails = accounts.filter((row) => row.type === 'email').map((row) => row.subject);
      if (confirm !== userId && !emails.includes(confirm))
        throw new ApiError(
          'console_confirm_mismatch',
          "Type the user's id or email address exactly in 'confirm' to delete them.",
        );
      const user = await this.services.users.get(userId, trx);
      if (user) await this.services.userAdmin.deleteIn(trx, appId, user);
      const before = { app_id: appId, accounts: accounts.map(({ type, subject }) => `${type}:${subject}`) };
      return { action: 'user.delete', before, after: null };
    });
  }

  /** One change of the app's user, `run` in a transaction keyed by the user, with its audit row. */
  private async change(
    actor: string,
    appId: string,
    userId: string,
    run: (trx: Transaction<Database>) => Promise<Change>,
  ) {
    const { db, now } = this.services;
    await lockedTransaction(db, [lockKeys.user(userId)], async (trx) => {
      await userOf(trx, appId, userId);
      const change = await run(trx);
      await auditLog.write(trx, { actor, target: userId, ...change }, now());
    });
  }
}
