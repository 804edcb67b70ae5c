import type { AppConfigWire } from '../../protocol/api.js';
import { DEFAULT_APP_CONFIG } from '../../protocol/app-config.js';
import { APP_ID_LENGTH } from '../../protocol/constants.js';
import type { Db } from '../db/database.js';
import { toNumber } from '../db/database.js';
import { UserError } from '../errors.js';
import {
  applyToStoredConfig,
  checkAppName,
  type FieldAssignment,
  normalizeOrigin,
  readStoredConfig,
  type StoredAppConfig,
} from './app-config.js';
import { type Clock, unixSeconds } from './clock.js';
import { randomId } from './crypto.js';

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

/** Apps and their allowed origins. */
export class AppService {
  constructor(
    private readonly db: Db,
    private readonly now: Clock,
  ) {}

  async create(name: string, origins: readonly string[]): Promise<App> {
    const id = randomId(APP_ID_LENGTH);
    const now = this.now();
    const allowedOrigins = [...new Set(origins.map(normalizeOrigin))];
    await this.db.transaction().execute(async (trx) => {
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
      await insertOrigins(trx, id, allowedOrigins);
    });
    return (await this.find(id)) as App;
  }

  async find(id: string): Promise<App | undefined> {
    const row = await this.db.selectFrom('apps').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) return undefined;
    const origins = await this.db
      .selectFrom('app_origins')
      .select('origin')
      .where('app_id', '=', id)
      .orderBy('origin')
      .execute();
    return {
      id: row.id,
      name: row.name,
      config: readStoredConfig(row.config),
      allowedOrigins: origins.map((origin) => origin.origin),
      createdAt: toNumber(row.created_at),
      updatedAt: toNumber(row.updated_at),
    };
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
    await this.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('apps')
        .select(['name', 'config'])
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
        .set({ name, config: JSON.stringify(config), updated_at: this.now() })
        .where('id', '=', id)
        .execute();
    });
    return (await this.find(id)) as App;
  }
}
