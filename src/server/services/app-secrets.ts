import type { Db } from '../db/database.js';
import type { Clock } from './clock.js';
import type { Secrets } from './crypto.js';

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
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('app_secrets').where('app_id', '=', appId).where('name', '=', name).execute();
      if (value === null) return;
      await trx
        .insertInto('app_secrets')
        .values({ app_id: appId, name, value: this.secrets.encrypt(value), updated_at: this.now() })
        .execute();
    });
  }

  /** The decrypted values of the named settings the app has. */
  async read<N extends string>(appId: string, names: readonly N[]): Promise<Partial<Record<N, string>>> {
    if (names.length === 0) return {};
    const rows = await this.db
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
  async configured(appId: string, names: readonly string[]): Promise<string[]> {
    if (names.length === 0) return [];
    const rows = await this.db
      .selectFrom('app_secrets')
      .select('name')
      .where('app_id', '=', appId)
      .where('name', 'in', [...names])
      .execute();
    return rows.map((row) => row.name).sort();
  }
}
