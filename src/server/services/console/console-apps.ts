import type { AppConfigWire } from '../../../protocol/api.js';
import { SETTING_CHANGED, SETTING_SET } from '../../../protocol/console-apps.js';
import { type Db, lockedTransaction } from '../../db/database.js';
import { lockKeys } from '../../db/lock-keys.js';
import { ApiError, UserError } from '../../errors.js';
import { checkAppName, type FieldAssignment } from '../apps/app-config.js';
import { AppSecrets } from '../apps/app-secrets.js';
import {
  configuredSettings,
  publicConfig,
  type ServerOnlyChange,
  splitAssignments,
} from '../apps/app-settings.js';
import { type App, appToWire } from '../apps/apps.js';
import { unixSeconds } from '../clock.js';
import type { Services } from '../index.js';
import { type AuditChange, auditLog } from './audit.js';

/** An app as the console's list of apps shows it. */
export interface ConsoleApp {
  id: string;
  name: string;
  allowed_origins: string[];
  created_at: number;
}

export const consoleAppOf = (app: App): ConsoleApp => ({
  id: app.id,
  name: app.name,
  allowed_origins: app.allowedOrigins,
  created_at: unixSeconds(app.createdAt),
});

/** Every setting of an app as `gatehouse apps show` shows it: server-only ones by name only. */
export interface ConsoleAppSettings {
  config: AppConfigWire;
  server_only_settings: string[];
}

/** One of an app's own secrets (`gatehouse apps secret`, `apps webhook-secret`), made anew. */
export interface OwnSecret {
  /** Its name in the audit log and its lock (`api_secret`, `webhook.secret`). */
  field: string;
  /** Whether the app has one already, read in the change's transaction. */
  has(trx: Db): Promise<boolean>;
  /** Makes a new one in the change's transaction (the previous stops working); the secret, shown once. */
  make(trx: Db): Promise<string>;
}

type Snapshot = Record<string, unknown>;
type Change = Pick<AuditChange, 'action' | 'before' | 'after'>;

/** The CLI's own mistakes (a UserError, with the text `apps set` prints) answered as 400 invalid_data. */
export async function asInvalidData<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof UserError) throw new ApiError('invalid_data', error.message);
    throw error;
  }
}

/**
 * One `"<field>": value` of the console's PATCH as `apps set` takes it, `<field>=<value>`: lists
 * comma-separated, null as `null`; a value of any other shape is refused naming the field.
 */
function assignmentOf(field: string, value: unknown): string {
  if (field.trim() === '' || field.includes('=')) throw new UserError(`Unknown field '${field}'.`, 2);
  if (Array.isArray(value) && value.every((item) => typeof item === 'string'))
    return `${field}=${value.join(',')}`;
  if (value === null || ['string', 'number', 'boolean'].includes(typeof value))
    return `${field}=${String(value)}`;
  throw new UserError(
    `Invalid value for ${field}: expected a string, a number, true or false, a list of strings, or null.`,
    2,
  );
}

/** The value at a dotted path of the public configuration (`allowlist_config.cta_text`). */
function valueAt(wire: AppConfigWire, field: string): unknown {
  return field.split('.').reduce<unknown>((node, key) => (node as Snapshot | undefined)?.[key], wire);
}

/** The public fields the assignments changed, before and after (with verificationKey: not recorded). */
function publicDiff(before: App, after: App, assignments: readonly FieldAssignment[]) {
  const [old, now] = [appToWire(before, ''), appToWire(after, '')];
  const diff = { before: {} as Snapshot, after: {} as Snapshot };
  for (const { field } of assignments) {
    const [was, is] = [valueAt(old, field), valueAt(now, field)];
    if (JSON.stringify(was) === JSON.stringify(is)) continue;
    diff.before[field] = was;
    diff.after[field] = is;
  }
  return diff;
}

/** Server-only settings are write-only: the audit log says whether each was set, never its value. */
function serverOnlyDiff(changes: readonly ServerOnlyChange[], wasSet: ReadonlySet<string>) {
  const diff = { before: {} as Snapshot, after: {} as Snapshot };
  for (const { setting } of changes) {
    const had = wasSet.has(setting.field);
    if (!had && setting.value === null) continue;
    diff.before[setting.field] = had ? SETTING_SET : null;
    diff.after[setting.field] = setting.value === null ? null : had ? SETTING_CHANGED : SETTING_SET;
  }
  return diff;
}

/**
 * The console's changes to apps: create, rename, delete, and their settings as `gatehouse apps
 * set` reads them. Each change writes exactly one audit row, in the transaction that makes it.
 */
export class ConsoleApps {
  /** Where every store of server-only settings keeps them (see changeSettings). */
  private readonly appSecrets: AppSecrets;

  /**
   * `asErrors` says how the CLI's own mistakes are answered: as 400 invalid_data for the console's
   * API, or left as they are for `gatehouse apps`, which prints them (`(run) => run()`).
   */
  constructor(
    private readonly services: Services,
    private readonly asErrors: <T>(run: () => Promise<T>) => Promise<T> = asInvalidData,
  ) {
    this.appSecrets = new AppSecrets(services.db, services.secrets, services.now);
  }

  async create(actor: string, name: string, origins: readonly string[]): Promise<ConsoleApp> {
    const { db, apps, now } = this.services;
    const id = await this.asErrors(() =>
      db.transaction().execute(async (trx) => {
        const id = await apps.insert(trx, name, origins);
        const app = (await apps.read(id, trx)) as App;
        const after = { name: app.name, allowed_origins: app.allowedOrigins };
        await auditLog.write(trx, { actor, action: 'app.create', target: id, before: null, after }, now());
        return id;
      }),
    );
    return consoleAppOf(await this.found(id));
  }

  async rename(actor: string, id: string, name: string): Promise<ConsoleApp> {
    await this.change(actor, id, [], async (trx, app) => {
      const renamed = checkAppName(name);
      await this.services.apps.updateIn(trx, id, [{ field: 'name', value: renamed }]);
      return { action: 'app.rename', before: { name: app.name }, after: { name: renamed } };
    });
    return consoleAppOf(await this.found(id));
  }

  /** Deletes the app with everything of it, when `confirm` is its name exactly. */
  async remove(actor: string, id: string, confirm: string): Promise<void> {
    await this.change(actor, id, [], async (trx, app) => {
      if (confirm !== app.name) throw new ApiError('console_confirm_mismatch');
      await this.services.apps.delete(id, trx);
      return {
        action: 'app.delete',
        before: { name: app.name, allowed_origins: app.allowedOrigins },
        after: null,
      };
    });
  }

  async settings(id: string): Promise<ConsoleAppSettings> {
    const app = await this.found(id);
    return {
      config: await publicConfig(this.services, app),
      server_only_settings: await configuredSettings(this.services, id),
    };
  }

  /**
   * Changes settings as `gatehouse apps set <id> <field>=<value>…` does, read by the same code
   * with the same errors.
   */
  async changeSettings(actor: string, id: string, body: Readonly<Record<string, unknown>>) {
    const split = await asInvalidData(async () =>
      splitAssignments(
        Object.entries(body).map(([field, value]) => assignmentOf(field, value)),
        { webhooksAllowPrivate: this.services.webhooks.allowPrivate },
      ),
    );
    if (split.parsed.length + split.serverOnly.length === 0)
      throw new ApiError('invalid_data', 'Nothing to change: send at least one "<field>": <value>.');
    await this.assign(actor, id, split);
    return this.settings(id);
  }

  /**
   * Writes assignments read by splitAssignments (the console's PATCH, `gatehouse apps set`): one
   * audit row, `app.rename` when the name is all that is assigned, else `app.settings`. Every
   * server-only setting is kept in app_secrets (its store's `set` only writes it there), here in
   * the change's transaction.
   */
  async assign(actor: string, id: string, { parsed, serverOnly }: ReturnType<typeof splitAssignments>) {
    const { apps } = this.services;
    const appSecrets = this.appSecrets;
    const fields = serverOnly.map(({ setting }) => setting.field);
    const rename = serverOnly.length === 0 && parsed.length === 1 && parsed[0]?.field === 'name';
    await this.change(actor, id, fields, async (trx, app) => {
      const wasSet = new Set<string>(await appSecrets.configured(id, fields, trx));
      if (parsed.length > 0) await apps.updateIn(trx, id, parsed);
      for (const { setting } of serverOnly) await appSecrets.setIn(trx, id, setting.field, setting.value);
      const open = publicDiff(app, (await apps.read(id, trx)) as App, parsed);
      const hidden = serverOnlyDiff(serverOnly, wasSet);
      const before = { ...open.before, ...hidden.before };
      const action = rename ? 'app.rename' : 'app.settings';
      return { action, before, after: { ...open.after, ...hidden.after } };
    });
  }

  /** Replaces one of the app's own secrets: audited as app.settings, `set` or `changed`, never its value. */
  async replaceSecret(actor: string, id: string, secret: OwnSecret): Promise<string> {
    let made = '';
    await this.change(actor, id, [secret.field], async (trx) => {
      const had = await secret.has(trx);
      made = await secret.make(trx);
      const after = { [secret.field]: had ? SETTING_CHANGED : SETTING_SET };
      return { action: 'app.settings', before: { [secret.field]: had ? SETTING_SET : null }, after };
    });
    return made;
  }

  /**
   * A change of an existing app: in one transaction keyed by the app (and the server-only
   * `settings` it writes), `run` makes it and says what to audit; the audit row goes in with it.
   */
  private async change(
    actor: string,
    id: string,
    settings: readonly string[],
    run: (trx: Db, app: App) => Promise<Change>,
  ): Promise<void> {
    const { db, apps, now } = this.services;
    const keys = [lockKeys.app(id), ...settings.map((name) => lockKeys.appSecret(id, name))];
    await this.asErrors(() =>
      lockedTransaction(db, keys, async (trx) => {
        const app = await apps.read(id, trx);
        if (!app) throw new ApiError('app_not_found');
        const change = await run(trx, app);
        await auditLog.write(trx, { actor, target: id, ...change }, now());
      }),
    );
  }

  private async found(id: string): Promise<App> {
    const app = await this.services.apps.find(id);
    if (!app) throw new ApiError('app_not_found');
    return app;
  }
}
