import { sql } from 'kysely';
import { type Db, lockedTransaction } from '../../db/database.js';
import { lockKeys } from '../../db/lock-keys.js';
import { UserError } from '../../errors.js';
import type { Clock } from '../clock.js';
import type { Secrets } from '../crypto.js';

/**
 * Server-only settings of an app (API credentials of delivery services and identity providers),
 * AES-256-GCM encrypted in `app_secrets` and never part of `GET /api/v1/apps/:appId`.
 */
export class AppSecrets {
  constructor(
    private readonly db: Db,
    private readonly secrets: Secrets,
    private readonly now: Clock,
  ) {}

  /** Sets (or, with null, removes) one setting. */
  async set(appId: string, name: string, value: string | null): Promise<void> {
    // Keyed by the setting: two sets at once would both delete nothing, then both insert.
    await lockedTransaction(this.db, [lockKeys.appSecret(appId, name)], (trx) =>
      this.setIn(trx, appId, name, value),
    );
  }

  /**
   * `set` within the caller's transaction `trx`, which holds lockKeys.appSecret(appId, name). The
   * app's `updated_at` moves on as for any change of the app, so what processes keep of its
   * settings (login-settings.ts) is read again on their next request.
   */
  async setIn(trx: Db, appId: string, name: string, value: string | null): Promise<void> {
    const now = this.now();
    await trx
      .updateTable('apps')
      .set({ updated_at: sql<number>`case when updated_at >= ${now} then updated_at + 1 else ${now} end` })
      .where('id', '=', appId)
      .execute();
    await trx.deleteFrom('app_secrets').where('app_id', '=', appId).where('name', '=', name).execute();
    if (value === null) return;
    await trx
      .insertInto('app_secrets')
      .values({ app_id: appId, name, value: this.secrets.encrypt(value), updated_at: now })
      .execute();
  }

  /** The decrypted values of the named settings the app has (read in `executor`). */
  async read<N extends string>(
    appId: string,
    names: readonly N[],
    executor: Db = this.db,
  ): Promise<Partial<Record<N, string>>> {
    if (names.length === 0) return {};
    const rows = await executor
      .selectFrom('app_secrets')
      .select(['name', 'value'])
      .where('app_id', '=', appId)
      .where('name', 'in', [...names])
      .execute();
    return Object.fromEntries(rows.map((row) => [row.name, this.secrets.decrypt(row.value)])) as Partial<
      Record<N, string>
    >;
  }

  /** Which of the named settings the app has (never their values), sorted. */
  async configured(appId: string, names: readonly string[], executor: Db = this.db): Promise<string[]> {
    if (names.length === 0) return [];
    const rows = await executor
      .selectFrom('app_secrets')
      .select('name')
      .where('app_id', '=', appId)
      .where('name', 'in', [...names])
      .execute();
    return rows.map((row) => row.name).sort();
  }
}

/**
 * `<field>=<value>` of one of `fields` as `gatehouse apps set` takes it: undefined for any other
 * field; the value trimmed, null for '' or 'null' (which removes the setting).
 */
export function serverOnlyAssignment<F extends string>(
  argument: string,
  fields: readonly F[],
): { field: F; value: string | null } | undefined {
  const equals = argument.indexOf('=');
  const field = argument.slice(0, Math.max(equals, 0)).trim();
  if (!(fields as readonly string[]).includes(field)) return undefined;
  const text = argument.slice(equals + 1).trim();
  return { field: field as F, value: text === '' || text === 'null' ? null : text };
}

/** An http(s) URL setting as its href, or the UserError `apps set` prints for `field`. */
export function httpUrlSetting(field: string, text: string): string {
  try {
    const url = new URL(text);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.href;
  } catch {}
  throw new UserError(`Invalid value for ${field}: expected an http(s) URL, or null.`, 2);
}
