import { createHmac } from 'node:crypto';
import type { Db } from '../../db/database.js';
import { toNumber } from '../../db/database.js';
import type { AppSecrets } from '../apps/app-secrets.js';
import type { Clock } from '../clock.js';
import { checkedAddresses, type ResolveHost, resolveHost, WebhookRefused } from './destination.js';
import {
  type DeliveryOutcome,
  WEBHOOK_SECRET_NAME,
  WEBHOOK_URL_FIELD,
  type WebhookOutbox,
} from './outbox.js';
import { postPinned } from './pinned-post.js';

export interface WebhookWorkerOptions {
  /** How often the queue is polled (1 s). */
  pollMs: number;
  /** The first retry's delay; each further one doubles it (10 s: 10 s, 20 s, 40 s … about 21 h in all). */
  retryBaseMs: number;
  /** Attempts before a delivery is given up (14). */
  maxAttempts: number;
  /** How long one attempt may take, the name's resolution included (10 s). */
  timeoutMs: number;
  /** How the endpoint's host name is resolved: node:dns's lookup unless given (a test's name server). */
  lookup?: ResolveHost;
}

export const DEFAULT_WEBHOOK_WORKER: WebhookWorkerOptions = {
  pollMs: 1_000,
  retryBaseMs: 10_000,
  maxAttempts: 14,
  timeoutMs: 10_000,
};

/** Rows taken per poll. */
const BATCH = 10;

/** The Standard Webhooks signature of one message: `v1,<base64 HMAC-SHA256 of id.timestamp.body>`. */
function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

/** How an attempt ended, and the status code answered (null when none came). */
interface Outcome {
  outcome: 'delivered' | 'retry';
  status: number | null;
}

/**
 * Sends queued webhook events (outbox.ts), one worker per server process. A row is claimed by a
 * compare-and-set of `locked_until` (one UPDATE, atomic on PostgreSQL and SQLite alike), so two
 * processes never send the same row at once; a claim outlives the attempt's timeout, and a
 * process that dies mid-attempt leaves a claim that lapses and is retried. Each attempt resolves
 * the endpoint's host, refuses it when any address is not public (unless `allowPrivate`), and
 * connects to an address it checked.
 */
/** Starts the process's worker on the outbox's queue; it reports each attempt to the outbox. */
export function startWebhookWorker(
  parts: { db: Db; appSecrets: AppSecrets; now: Clock; webhooks: WebhookOutbox },
  options: WebhookWorkerOptions,
  onError: (error: unknown) => void,
): WebhookWorker {
  const { db, appSecrets, now, webhooks } = parts;
  const report = (event: string, outcome: DeliveryOutcome) => webhooks.attempted(event, outcome);
  const worker = new WebhookWorker(db, appSecrets, now, options, onError, webhooks.allowPrivate, report);
  worker.start();
  return worker;
}

export class WebhookWorker {
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> = Promise.resolve();
  #stopped = false;
  readonly #lease: number;

  constructor(
    private readonly db: Db,
    private readonly settings: AppSecrets,
    private readonly now: Clock,
    private readonly options: WebhookWorkerOptions,
    private readonly onError: (error: unknown) => void,
    /** GATEHOUSE_WEBHOOKS_ALLOW_PRIVATE: loopback and private endpoints allowed (development). */
    private readonly allowPrivate = false,
    /** Told how each attempt ended (outbox.ts `attempted`, counted by the metrics). */
    private readonly report: (event: string, outcome: DeliveryOutcome) => void = () => {},
  ) {
    this.#lease = options.timeoutMs * 3;
  }

  start(): void {
    this.#schedule();
  }

  /** Stops polling and waits for the attempts in flight (each ends within timeoutMs). */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    await this.#running;
  }

  #schedule(): void {
    if (this.#stopped) return;
    this.#timer = setTimeout(() => {
      this.#running = this.poll()
        .catch(this.onError)
        .finally(() => this.#schedule());
    }, this.options.pollMs);
    this.#timer.unref();
  }

  /** Claims the due rows and attempts each once. */
  async poll(): Promise<void> {
    const now = this.now();
    const due = await this.db
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('delivered_at', 'is', null)
      .where('failed_at', 'is', null)
      .where('next_attempt_at', '<=', now)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
      .orderBy('next_attempt_at')
      .limit(BATCH)
      .execute();
    for (const { id } of due) {
      if (this.#stopped) return;
      if (await this.#claim(id, now)) await this.#attempt(id);
    }
  }

  async #claim(id: string, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('webhook_deliveries')
      .set({ locked_until: now + this.#lease })
      .where('id', '=', id)
      .where('delivered_at', 'is', null)
      .where('failed_at', 'is', null)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async #attempt(id: string): Promise<void> {
    const row = await this.db
      .selectFrom('webhook_deliveries')
      .select(['app_id', 'event_type', 'payload', 'attempts'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const { outcome, status } = await this.#send(id, row.app_id, row.payload);
    const now = this.now();
    const last = { locked_until: null, last_status: status };
    if (outcome === 'delivered') {
      await this.#update(id, { delivered_at: now, ...last });
      this.report(row.event_type, 'delivered');
      return;
    }
    const attempts = toNumber(row.attempts) + 1;
    if (attempts >= this.options.maxAttempts) {
      await this.#update(id, { attempts, failed_at: now, ...last });
      this.report(row.event_type, 'failed');
      return;
    }
    const delay = this.options.retryBaseMs * 2 ** (attempts - 1);
    await this.#update(id, { attempts, next_attempt_at: now + delay, ...last });
    this.report(row.event_type, 'retry');
  }

  async #update(
    id: string,
    fields: {
      attempts?: number;
      next_attempt_at?: number;
      delivered_at?: number;
      failed_at?: number;
      locked_until: null;
      last_status: number | null;
    },
  ): Promise<void> {
    await this.db.updateTable('webhook_deliveries').set(fields).where('id', '=', id).execute();
  }

  /**
   * One POST to the app's endpoint, signed; a 2xx delivers, anything else (or no answer) is
   * retried. A refused endpoint is retried like any failure, and logged with the reason.
   */
  async #send(id: string, appId: string, body: string): Promise<Outcome> {
    const settings = await this.settings.read(appId, [WEBHOOK_URL_FIELD, WEBHOOK_SECRET_NAME]);
    const url = settings[WEBHOOK_URL_FIELD];
    const secret = settings[WEBHOOK_SECRET_NAME];
    const retry: Outcome = { outcome: 'retry', status: null };
    if (!url || !secret) return retry;
    const timestamp = Math.floor(this.now() / 1000);
    const headers = {
      'content-type': 'application/json',
      'webhook-id': id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signWebhook(secret, id, timestamp, body),
    };
    const signal = AbortSignal.timeout(this.options.timeoutMs);
    try {
      const target = new URL(url);
      const addresses = await untilAborted(
        checkedAddresses(target.hostname, this.allowPrivate, this.options.lookup ?? resolveHost),
        signal,
      );
      const status = await postPinned(target, addresses, headers, body, signal);
      return { outcome: status >= 200 && status < 300 ? 'delivered' : 'retry', status };
    } catch (error) {
      if (error instanceof WebhookRefused)
        this.onError(Object.assign(error, { webhook_id: id, app_id: appId }));
      return retry;
    }
  }
}

/** `promise`, or its rejection once `signal` aborts (a name lookup cannot be cancelled, only left). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    const abort = () => reject(signal.reason);
    if (signal.aborted) abort();
    signal.addEventListener('abort', abort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}
