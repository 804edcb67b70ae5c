/**
 * An app's webhooks as the console shows them: settings and the signing secret (each call settles
 * to the API's answer), and the delivery log, read a page at a time. After a replay the log is
 * read again every REPLAY_POLL_MS until the delivery's new attempt is recorded.
 */
import { atom } from 'nanostores';
import type { WebhookDeliveryWire } from '../protocol/console-webhooks.js';
import type { Answer, Failure } from './api.js';
import { type WebhookChanges, webhooksApi } from './api-webhooks.js';
import { csrf } from './apps-store.js';

/** How often the log is read again after a replay, and how many times at the most. */
const REPLAY_POLL_MS = 1_000;
const REPLAY_POLLS = 30;

export interface DeliveryListing {
  appId: string | null;
  rows: WebhookDeliveryWire[];
  cursor: string | null;
  error: Failure | null;
  loading: boolean;
}

export const $deliveries = atom<DeliveryListing>({
  appId: null,
  rows: [],
  cursor: null,
  error: null,
  loading: true,
});

export const readWebhooks = (id: string) => webhooksApi.settings(id);
export const saveWebhooks = (id: string, changes: WebhookChanges) => webhooksApi.change(csrf(), id, changes);
/** A new signing secret, answered this once; the previous one stops signing. */
export const rotateSecret = (id: string) => webhooksApi.rotate(csrf(), id);

/** The log's next page (the first when `from` is null), appended to what is shown. */
export async function loadDeliveries(appId: string, from: string | null = null): Promise<void> {
  const now = $deliveries.get();
  const shown = from === null || now.appId !== appId ? [] : now.rows;
  $deliveries.set({ appId, rows: shown, cursor: from, error: null, loading: true });
  const answer = await webhooksApi.deliveries(appId, from);
  if ($deliveries.get().appId !== appId) return;
  if (!answer.ok)
    return $deliveries.set({ appId, rows: shown, cursor: from, error: answer.error, loading: false });
  const { data, next_cursor } = answer.data;
  $deliveries.set({ appId, rows: [...shown, ...data], cursor: next_cursor, error: null, loading: false });
}

/** The first page read again: rows shown take their new state, new deliveries go on top. */
export async function refreshDeliveries(appId: string): Promise<void> {
  const answer = await webhooksApi.deliveries(appId, null);
  const now = $deliveries.get();
  if (now.appId !== appId) return;
  if (!answer.ok) return $deliveries.set({ ...now, error: answer.error });
  const fresh = new Map(answer.data.data.map((row) => [row.id, row]));
  const known = new Set(now.rows.map((row) => row.id));
  const added = answer.data.data.filter((row) => !known.has(row.id));
  const rows = [...added, ...now.rows.map((row) => fresh.get(row.id) ?? row)];
  const cursor = now.rows.length === 0 ? answer.data.next_cursor : now.cursor;
  $deliveries.set({ ...now, rows, cursor, error: null });
}

/** Reads the log again until `delivery` has had its new attempt (or REPLAY_POLLS have passed). */
function watch(appId: string, delivery: WebhookDeliveryWire, polls = REPLAY_POLLS): void {
  if (polls === 0) return;
  setTimeout(async () => {
    await refreshDeliveries(appId);
    const row = $deliveries.get().rows.find((item) => item.id === delivery.id);
    const attempted = !row || row.status !== delivery.status || row.attempts !== delivery.attempts;
    if (!attempted && $deliveries.get().appId === appId) watch(appId, delivery, polls - 1);
  }, REPLAY_POLL_MS);
}

/** Queues a delivery again; the log shows it queued, then its new attempt's outcome. */
export async function replayDelivery(appId: string, id: string): Promise<Answer<WebhookDeliveryWire>> {
  const answer = await webhooksApi.replay(csrf(), appId, id);
  if (!answer.ok) return answer;
  const now = $deliveries.get();
  const rows = now.rows.map((row) => (row.id === id ? answer.data : row));
  $deliveries.set({ ...now, rows });
  watch(appId, answer.data);
  return answer;
}
