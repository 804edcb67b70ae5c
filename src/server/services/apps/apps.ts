import type { AppConfigWire } from '../../../protocol/api.js';
import { DEFAULT_APP_CONFIG } from '../../../protocol/app-config.js';
import { APP_ID_LENGTH } from '../../../protocol/constants.js';
import type { Db } from '../../db/database.js';
import { lockedTransaction, toNumber } from '../../db/database.js';
import { lockKeys } from '../../db/lock-keys.js';
import { prepared } from '../../db/prepared.js';
import { UserError } from '../../errors.js';
import { type Clock, unixSeconds } from '../clock.js';
import { randomId } from '../crypto.js';
import {
  applyToStoredConfig,
  checkAppName,
  type FieldAssignment,
  normalizeOrigin,
  readStoredConfig,
  type StoredAppConfig,
} from './app-config.js';

export interface App {
  id: string;
  name: string;
  config: StoredAppConfig;
  allowedOrigins: string[];
  createdAt: number;
  updatedAt: number;
}

/** The app configuration as answered by `GET /api/v1/apps/:appId`. */
export function appToWire(app: App, verificationKey: string): AppConfigWire {
  return {
    id: app.id,
    name: app.name,
    verification_key: verificationKey,
    ...app.config,
    allowed_origins: app.allowedOrigins,
    created_at: unixSeconds(app.createdAt),
    updated_at: unixSeconds(app.updatedAt),
  };
}

async function insertOrigins(db: Db, appId: string, origins: readonly string[]): Promise<void> {
  if (origins.length === 0) return;
  await db
    .insertInto('app_origins')
    .values(origins.map((origin) => ({ app_id: appId, origin })))
    .execute();
}

/** An app's id, or the app as a request found it: its `updated_at` as of the request's start. */
export type AppFound = string | Pick<App, 'id' | 'updatedAt'>;

/** Apps kept in memory per process (they are few, and read by every request). */
const APP_CACHE_SIZE = 1000;

/** Apps and their allowed origins. */
export class AppService {
  private readonly cache = new Map<string, App>();
  private readonly stampOf;

  constructor(
    private readonly db: Db,
    private readonly now: Clock,
  ) {
    this.stampOf = prepared(db, (db, param) =>
      db.selectFrom('apps').select('updated_at').where('id', '=', param('id')).limit(1),
    );
  }

  async create(name: string, origins: readonly string[]): Promise<App> {
    // No lock: a new app's rows.
    const id = await this.db.transaction().execute((trx) => this.insert(trx, name, origins));
    return (await this.find(id)) as App;
  }

  /** Inserts a new app with its origins in `trx` (a transaction of the caller's); its id. */
  async insert(trx: Db, name: string, origins: readonly string[]): Promise<string> {
    const id = randomId(APP_ID_LENGTH);
    const now = this.now();
    await trx
      .insertInto('apps')
      .values({
        id,
        name: checkAppName(name),
        config: JSON.stringify(DEFAULT_APP_CONFIG),
        created_at: now,
        updated_at: now,
      })
      .execute();
    await insertOrigins(trx, id, [...new Set(origins.map(normalizeOrigin))]);
    return id;
  }

  /** Every app, oldest first, with its origins. */
  async list(): Promise<App[]> {
    const rows = await this.db.selectFrom('apps').select('id').orderBy('created_at').orderBy('id').execute();
    const apps = await Promise.all(rows.map((row) => this.find(row.id)));
    return apps.filter((app): app is App => app !== undefined);
  }

  /**
   * Deletes the app and, by the schema's cascades, everything of it: origins, settings, users and
   * their accounts, sessions and refresh tokens, wallets, codes, MFA, analytics. False if unknown.
   */
  async delete(id: string, executor: Db = this.db): Promise<boolean> {
    const result = await executor.deleteFrom('apps').where('id', '=', id).executeTakeFirst();
    this.cache.delete(id);
    return Number(result.numDeletedRows) > 0;
  }

  /**
   * The app, read once and kept while its `updated_at` stays the same: one indexed read of that
   * column per call instead of the row, its origins and their parsing. Every change bumps
   * `updated_at` (see update), so a change by another process (`gatehouse apps set`) counts at once.
   */
  async find(id: string): Promise<App | undefined> {
    const [stamp] = (await this.stampOf({ id })).rows;
    if (!stamp) {
      this.cache.delete(id);
      return undefined;
    }
    const cached = this.cache.get(id);
    if (cached && cached.updatedAt === toNumber(stamp.updated_at)) return cached;
    const app = await this.read(id);
    if (app) {
      if (this.cache.size >= APP_CACHE_SIZE) this.cache.delete(this.cache.keys().next().value as string);
      this.cache.set(id, app);
    }
    return app;
  }

  /** The app as stored now, read in `executor` (a caller's transaction), not cached. */
  async read(id: string, executor: Db = this.db): Promise<App | undefined> {
    const row = await executor.selectFrom('apps').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) return undefined;
    const origins = await executor
      .selectFrom('app_origins')
      .select('origin')
      .where('app_id', '=', id)
      .orderBy('origin')
      .execute();
    return Object.freeze({
      id: row.id,
      name: row.name,
      config: readStoredConfig(row.config),
      allowedOrigins: origins.map((origin) => origin.origin),
      createdAt: toNumber(row.created_at),
      updatedAt: toNumber(row.updated_at),
    });
  }

  /** Whether any app allows this origin (CORS preflights carry no app id). */
  async isKnownOrigin(origin: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('app_origins')
      .select('app_id')
      .where('origin', '=', origin)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Applies the assignments (from app-config's parseAssignment) together. */
  async update(id: string, assignments: readonly FieldAssignment[]): Promise<App> {
    // Keyed by the app: the row is written back from what was read.
    await lockedTransaction(this.db, [lockKeys.app(id)], (trx) => this.updateIn(trx, id, assignments));
    return (await this.find(id)) as App;
  }

  /** `update` within the caller's transaction `trx`, which holds lockKeys.app(id). */
  async updateIn(trx: Db, id: string, assignments: readonly FieldAssignment[]): Promise<void> {
    const row = await trx
      .selectFrom('apps')
      .select(['name', 'config', 'updated_at'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw new UserError(`App not found: ${id}`);
    let name = row.name;
    let config = readStoredConfig(row.config);
    for (const assignment of assignments) {
      if (assignment.field === 'name') name = assignment.value as string;
      else if (assignment.field === 'allowed_origins') {
        await trx.deleteFrom('app_origins').where('app_id', '=', id).execute();
        await insertOrigins(trx, id, assignment.value as string[]);
      } else config = applyToStoredConfig(config, assignment);
    }
    await trx
      .updateTable('apps')
      // Always later than before, even within one millisecond: processes' caches key on it.
      .set({
        name,
        config: JSON.stringify(config),
        updated_at: Math.max(this.now(), toNumber(row.updated_at) + 1),
      })
      .where('id', '=', id)
      .execute();
  }
}
