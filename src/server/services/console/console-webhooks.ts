import type { Selectable } from 'kysely';
import type {
  DeliveryStatus,
  WebhookDeliveryPage,
  WebhookDeliveryWire,
  WebhookSettingsWire,
} from '../../../protocol/console-webhooks.js';
import { lockedTransaction, toNumber } from '../../db/database.js';
import { lockKeys } from '../../db/lock-keys.js';
import type { WebhookDeliveriesTable } from '../../db/schema/developer.js';
import { ApiError } from '../../errors.js';
import { AppSecrets } from '../apps/app-secrets.js';
import type { Services } from '../index.js';
import {
  WEBHOOK_ENABLED_FIELD,
  WEBHOOK_EVENTS_FIELD,
  WEBHOOK_SECRET_NAME,
  WEBHOOK_URL_FIELD,
  webhookEvents,
  webhookEventsRefused,
} from '../webhooks/outbox.js';
import { auditLog } from './audit.js';
import { ConsoleApps } from './console-apps.js';

/** The console's change of an app's webhooks: each field as `apps set` takes it. */
export interface WebhookChange {
  url?: string | null;
  events?: string[];
  enabled?: boolean;
}

type Row = Pick<
  Selectable<WebhookDeliveriesTable>,
  | 'id'
  | 'event_type'
  | 'created_at'
  | 'attempts'
  | 'next_attempt_at'
  | 'delivered_at'
  | 'failed_at'
  | 'last_status'
>;

const seconds = (ms: number | string | bigint) => Math.floor(toNumber(ms) / 1000);

function statusOf(row: Row): DeliveryStatus {
  if (row.delivered_at !== null) return 'delivered';
  if (row.failed_at !== null) return 'failed';
  return toNumber(row.attempts) > 0 ? 'retrying' : 'pending';
}

function wireOf(row: Row): WebhookDeliveryWire {
  const status = statusOf(row);
  const due = status === 'pending' || status === 'retrying';
  return {
    id: row.id,
    event: row.event_type,
    created_at: seconds(row.created_at),
    status,
    attempts: toNumber(row.attempts),
    last_status: row.last_status === null ? null : toNumber(row.last_status),
    next_attempt_at: due ? seconds(row.next_attempt_at) : null,
  };
}

/** The position after a delivery, newest first: base64url of `created_at:id` (opaque to callers). */
const encodeCursor = (row: Row) =>
  Buffer.from(`${toNumber(row.created_at)}:${row.id}`, 'utf8').toString('base64url');

function decodeCursor(cursor: string): { at: number; id: string } {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const colon = text.indexOf(':');
  const at = Number(text.slice(0, colon));
  const id = text.slice(colon + 1);
  if (colon < 1 || !Number.isSafeInteger(at) || !/^msg_[\w-]+$/.test(id))
    throw new ApiError('invalid_data', "Invalid field 'cursor': not a cursor of this list.");
  return { at, id };
}

const COLUMNS = [
  'id',
  'event_type',
  'created_at',
  'attempts',
  'next_attempt_at',
  'delivered_at',
  'failed_at',
  'last_status',
] as const;

/**
 * The console's view of an app's webhooks: the settings `apps set` takes (written by ConsoleApps,
 * so read, checked and audited as it does), the signing secret made anew (answered once, audited
 * without it), the deliveries newest first, and a delivery queued again (audited).
 */
export class ConsoleWebhooks {
  private readonly apps: ConsoleApps;
  private readonly appSecrets: AppSecrets;

  constructor(private readonly services: Services) {
    this.apps = new ConsoleApps(services);
    this.appSecrets = new AppSecrets(services.db, services.secrets, services.now);
  }

  async settings(id: string): Promise<WebhookSettingsWire> {
    if (!(await this.services.apps.find(id))) throw new ApiError('app_not_found');
    const names = [WEBHOOK_URL_FIELD, WEBHOOK_EVENTS_FIELD, WEBHOOK_ENABLED_FIELD, WEBHOOK_SECRET_NAME];
    const read = await this.appSecrets.read(id, names);
    const url = read[WEBHOOK_URL_FIELD];
    return {
      url_origin: url ? new URL(url).origin : null,
      events: webhookEvents(read[WEBHOOK_EVENTS_FIELD]),
      enabled: read[WEBHOOK_ENABLED_FIELD] !== 'false',
      has_secret: read[WEBHOOK_SECRET_NAME] !== undefined,
    };
  }

  /** `apps set <id> webhook.url=… webhook.events=… webhook.enabled=…`, with its errors; one audit row. */
  async change(actor: string, id: string, change: WebhookChange): Promise<WebhookSettingsWire> {
    // An empty list would read as `webhook.events=` (every event): refused as `apps set` refuses ','.
    if (change.events?.length === 0) throw new ApiError('invalid_data', webhookEventsRefused().message);
    const fields: Record<string, unknown> = {};
    if (change.url !== undefined) fields[WEBHOOK_URL_FIELD] = change.url;
    if (change.events !== undefined) fields[WEBHOOK_EVENTS_FIELD] = change.events;
    if (change.enabled !== undefined) fields[WEBHOOK_ENABLED_FIELD] = change.enabled;
    await this.apps.changeSettings(actor, id, fields);
    return this.settings(id);
  }

  /** A new signing secret, as `gatehouse apps webhook-secret` makes it: the previous one stops signing. */
  rotateSecret(actor: string, id: string): Promise<string> {
    const { webhooks } = this.services;
    return this.apps.replaceSecret(actor, id, {
      field: WEBHOOK_SECRET_NAME,
      has: (trx) => webhooks.hasSecret(id, trx),
      make: (trx) => webhooks.rotateSecret(trx, id),
    });
  }

  /** The app's deliveries newest first, `limit` at a time after `cursor` (keyset). */
  async deliveries(id: string, limit: number, cursor?: string): Promise<WebhookDeliveryPage> {
    if (!(await this.services.apps.find(id))) throw new ApiError('app_not_found');
    let query = this.services.db
      .selectFrom('webhook_deliveries')
      .select(COLUMNS)
      .where('app_id', '=', id)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit + 1);
    if (cursor !== undefined) {
      const after = decodeCursor(cursor);
      query = query.where((eb) =>
        eb.or([
          eb('created_at', '<', after.at),
          eb.and([eb('created_at', '=', after.at), eb('id', '<', after.id)]),
        ]),
      );
    }
    const rows: Row[] = await query.execute();
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    const more = rows.length > limit && last !== undefined;
    return { data: page.map(wireOf), next_cursor: more ? encodeCursor(last) : null };
  }

  /** Queues the delivery again for one new attempt now (same webhook-id); one audit row. */
  async replay(actor: string, id: string, delivery: string): Promise<WebhookDeliveryWire> {
    const { db, now } = this.services;
    return lockedTransaction(db, [lockKeys.app(id)], async (trx) => {
      if (!(await this.services.apps.read(id, trx))) throw new ApiError('app_not_found');
      const find = () =>
        trx
          .selectFrom('webhook_deliveries')
          .select(COLUMNS)
          .where('id', '=', delivery)
          .where('app_id', '=', id)
          .executeTakeFirst();
      const before = await find();
      if (!before) throw new ApiError('not_found');
      await trx
        .updateTable('webhook_deliveries')
        .set({ delivered_at: null, failed_at: null, next_attempt_at: now(), locked_until: null })
        .where('id', '=', delivery)
        .execute();
      const after = wireOf((await find()) as Row);
      await auditLog.write(
        trx,
        {
          actor,
          action: 'webhook.replay',
          target: id,
          before: { delivery, event: before.event_type, status: statusOf(before) },
          after: { delivery, event: before.event_type, status: after.status },
        },
        now(),
      );
      return after;
    });
  }
}
