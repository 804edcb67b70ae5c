import { randomBytes } from 'node:crypto';
import type { UserWire } from '../../../protocol/api.js';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../../../protocol/backend-api.js';
import type { Db } from '../../db/database.js';
import { insertLater } from '../../db/write-behind.js';
import { UserError } from '../../errors.js';
import type { AppSecrets } from '../apps/app-secrets.js';
import { httpUrlSetting, serverOnlyAssignment } from '../apps/app-secrets.js';
import type { Clock } from '../clock.js';
import { checkWebhookUrl } from './destination.js';

/** The `apps set` field of the app's webhook endpoint, kept with the app's server-only settings. */
export const WEBHOOK_URL_FIELD = 'webhook.url';
/** `webhook.events=<event>,…`: the events queued (every one when not set). */
export const WEBHOOK_EVENTS_FIELD = 'webhook.events';
/** `webhook.enabled=false` stops queuing events, the URL kept (enabled when not set). */
export const WEBHOOK_ENABLED_FIELD = 'webhook.enabled';
export const WEBHOOK_FIELDS = [WEBHOOK_URL_FIELD, WEBHOOK_EVENTS_FIELD, WEBHOOK_ENABLED_FIELD] as const;
/** The signing secret's name in app_secrets (encrypted: it must be read back to sign). */
export const WEBHOOK_SECRET_NAME = 'webhook.secret';
/** GATEHOUSE_WEBHOOK_RETENTION's default: delivered and failed deliveries are kept 30 days. */
export const WEBHOOK_RETENTION_SECONDS = 30 * 86_400;

/** How a delivery attempt ended: sent, to be tried again, or given up. */
export type DeliveryOutcome = 'delivered' | 'retry' | 'failed';
/** Reads the user an event names, as the server-to-server API answers it, in the event's transaction. */
export type UserReader = (userId: string, executor: Db) => Promise<UserWire | undefined>;

/** What `apps set` prints for a `webhook.events` that is not a list of events. */
export const webhookEventsRefused = () =>
  new UserError(
    `Invalid value for ${WEBHOOK_EVENTS_FIELD}: expected a comma-separated list of ${WEBHOOK_EVENT_TYPES.join(', ')}, or null.`,
    2,
  );

/** The events of a `webhook.events` value (every one when null), or the UserError `apps set` prints. */
export function webhookEvents(text: string | null | undefined): WebhookEventType[] {
  if (text === null || text === undefined) return [...WEBHOOK_EVENT_TYPES];
  const items = [...new Set(text.split(',').map((item) => item.trim()))];
  const known = (item: string): item is WebhookEventType =>
    (WEBHOOK_EVENT_TYPES as readonly string[]).includes(item);
  if (items.length === 0 || !items.every(known)) throw webhookEventsRefused();
  return WEBHOOK_EVENT_TYPES.filter((type) => items.includes(type));
}

/**
 * `webhook.url=<http(s) URL>` (or null, which stops queuing new events); an address that is not
 * public is refused unless `allowPrivate` (GATEHOUSE_WEBHOOKS_ALLOW_PRIVATE). `webhook.events` and
 * `webhook.enabled` choose the events queued and pause them.
 */
export function parseWebhookAssignment(
  argument: string,
  allowPrivate = false,
): { field: string; value: string | null } | undefined {
  const assignment = serverOnlyAssignment(argument, WEBHOOK_FIELDS);
  if (!assignment) return undefined;
  const { field, value } = assignment;
  if (field === WEBHOOK_ENABLED_FIELD) {
    if (value === 'true' || value === 'false') return { field, value };
    throw new UserError(`Invalid value for ${WEBHOOK_ENABLED_FIELD}: expected true or false.`, 2);
  }
  if (value === null) return { field, value };
  if (field === WEBHOOK_EVENTS_FIELD) return { field, value: webhookEvents(value).join(',') };
  const url = httpUrlSetting(WEBHOOK_URL_FIELD, value);
  checkWebhookUrl(WEBHOOK_URL_FIELD, url, allowPrivate);
  return { field, value: url };
}

/**
 * The app's webhook settings and the queue events enter. `enqueue` takes the transaction that
 * makes the change, so the event is stored if and only if the change commits; the worker
 * (worker.ts) sends it afterwards, never within the user's request.
 */
export class WebhookOutbox {
  /** GATEHOUSE_WEBHOOKS_ALLOW_PRIVATE: loopback and private endpoints allowed (development). */
  readonly allowPrivate: boolean;
  /** GATEHOUSE_WEBHOOK_RETENTION, ms. */
  private readonly retentionMs: number;

  constructor(
    private readonly settings: AppSecrets,
    private readonly now: Clock,
    options: { webhooksAllowPrivate?: boolean; webhookRetentionSeconds?: number },
    private readonly readUser?: UserReader,
  ) {
    this.allowPrivate = options.webhooksAllowPrivate ?? false;
    this.retentionMs = (options.webhookRetentionSeconds ?? WEBHOOK_RETENTION_SECONDS) * 1000;
  }

  /**
   * Drops the deliveries delivered or given up longer than the retention ago (the housekeeping
   * sweep); pending ones are kept, however old.
   */
  async prune(db: Db): Promise<void> {
    const before = this.now() - this.retentionMs;
    await db
      .deleteFrom('webhook_deliveries')
      .where((eb) => eb.or([eb('delivered_at', '<', before), eb('failed_at', '<', before)]))
      .execute();
  }

  private readonly observers = new Set<(event: string, outcome: DeliveryOutcome) => void>();

  /** Calls `observer` after each delivery attempt of this process's worker (the metrics count them). */
  observe(observer: (event: string, outcome: DeliveryOutcome) => void): void {
    this.observers.add(observer);
  }

  /** The worker's report of one attempt. */
  attempted(event: string, outcome: DeliveryOutcome): void {
    for (const observer of this.observers) observer(event, outcome);
  }

  /** `apps set <id> webhook.url=…`: a URL to an address that is not public is refused here too. */
  async set(appId: string, field: string, value: string | null): Promise<void> {
    if (field === WEBHOOK_URL_FIELD && value !== null) checkWebhookUrl(field, value, this.allowPrivate);
    await this.settings.set(appId, field, value);
  }

  async configured(appId: string): Promise<string[]> {
    return this.settings.configured(appId, WEBHOOK_FIELDS);
  }

  /**
   * Creates or replaces the app's signing secret (`whsec_` + 24 random bytes, base64) in `trx`, a
   * transaction of the caller's holding lockKeys.appSecret(appId, WEBHOOK_SECRET_NAME); shown once.
   */
  async rotateSecret(trx: Db, appId: string): Promise<string> {
    const secret = `whsec_${randomBytes(24).toString('base64')}`;
    await this.settings.setIn(trx, appId, WEBHOOK_SECRET_NAME, secret);
    return secret;
  }

  /** Whether the app has a signing secret (read in `executor`). */
  async hasSecret(appId: string, executor: Db): Promise<boolean> {
    return (await this.settings.configured(appId, [WEBHOOK_SECRET_NAME], executor)).length > 0;
  }

  /** Queues the event for the app's endpoint, in `db` (a transaction); nothing when the app has none. */
  enqueue(db: Db, appId: string, type: WebhookEventType, data: Record<string, unknown>): Promise<void> {
    return this.enqueueAll(db, appId, [[type, data]]);
  }

  /**
   * Queues several events of one change, in order, reading the app's webhook settings once (or
   * taking them from `read`: a login reads its app's allowlist and webhook settings at once).
   */
  async enqueueAll(
    db: Db,
    appId: string,
    events: ReadonlyArray<readonly [WebhookEventType, Record<string, unknown>]>,
    read?: Partial<Record<string, string>>,
  ): Promise<void> {
    const settings = read ?? (await this.settings.read(appId, WEBHOOK_FIELDS, db));
    if (!settings[WEBHOOK_URL_FIELD] || settings[WEBHOOK_ENABLED_FIELD] === 'false') return;
    const chosen = webhookEvents(settings[WEBHOOK_EVENTS_FIELD]);
    for (const [type, data] of events) if (chosen.includes(type)) await this.insert(db, appId, type, data);
  }

  private async insert(db: Db, appId: string, type: WebhookEventType, data: Record<string, unknown>) {
    const now = this.now();
    // The user as the server-to-server API answers it, after the change (given for a deletion).
    const userId = typeof data.user_id === 'string' ? data.user_id : undefined;
    const user = data.user ?? (userId && (await this.readUser?.(userId, db)));
    const body = user ? { ...data, user } : data;
    const payload = JSON.stringify({ type, timestamp: new Date(now).toISOString(), data: body });
    await insertLater(
      db,
      db.insertInto('webhook_deliveries').values({
        id: `msg_${randomBytes(18).toString('base64url')}`,
        app_id: appId,
        event_type: type,
        payload,
        attempts: 0,
        next_attempt_at: now,
        locked_until: null,
        delivered_at: null,
        failed_at: null,
        created_at: now,
      }),
    );
  }
}

/** Deliveries waiting to be sent or tried again, in every process's shared queue. */
export async function pendingDeliveries(db: Db): Promise<number> {
  const { count } = await db
    .selectFrom('webhook_deliveries')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('count'))
    .where('delivered_at', 'is', null)
    .where('failed_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** The part of services/users/users.ts's AccountIdentity an event names. */
interface LinkedAccountIdentity {
  type: string;
  data: Record<string, unknown>;
}

/** `data` of user.linked_account: the user and the account's wire fields. */
export function accountEvent(userId: string, account: LinkedAccountIdentity): Record<string, unknown> {
  return { user_id: userId, account: { type: account.type, ...account.data } };
}

/** `data` of user.authenticated: which account logged in, and whether the login created the user. */
export function loginEvent(
  userId: string,
  account: LinkedAccountIdentity,
  isNew: boolean,
): Record<string, unknown> {
  return { ...accountEvent(userId, account), is_new_user: isNew };
}
