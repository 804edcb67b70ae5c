/**
 * The console's webhooks of an app (`/api/v1/console/apps/:id/webhooks…`): their settings, the
 * signing secret made anew, and the log of deliveries with their replay.
 */
import type { WebhookEventType } from './backend-api.js';

export const CONSOLE_WEBHOOK_PATHS = {
  /** GET the settings; PATCH `{url?, events?, enabled?}`, read and checked as `apps set` does. */
  webhooks: '/api/v1/console/apps/:id/webhooks',
  /** POST: a new signing secret, answered once; the previous one stops signing. */
  secret: '/api/v1/console/apps/:id/webhooks/secret',
  /** GET `?limit=&cursor=`: the deliveries, newest first. */
  deliveries: '/api/v1/console/apps/:id/webhooks/deliveries',
  /** POST: the delivery queued again, for one new attempt now. */
  replay: '/api/v1/console/apps/:id/webhooks/deliveries/:delivery/replay',
} as const;

export const DELIVERY_PAGE_MAX = 100;
export const DELIVERY_PAGE_DEFAULT = 20;

/** An app's webhook settings; the URL is write-only: only its origin is answered. */
export interface WebhookSettingsWire {
  /** The origin (scheme, host, port) of the URL events go to; null when none is set. */
  url_origin: string | null;
  /** The events sent: every one when `webhook.events` is not set. */
  events: WebhookEventType[];
  /** `webhook.enabled`: false stops queuing events, the URL kept. */
  enabled: boolean;
  /** Whether the app has a signing secret (never its value). */
  has_secret: boolean;
}

export type DeliveryStatus = 'pending' | 'delivered' | 'failed' | 'retrying';

/** One delivery of the log (times in Unix seconds). */
export interface WebhookDeliveryWire {
  id: string;
  event: string;
  created_at: number;
  status: DeliveryStatus;
  attempts: number;
  /** The status code of the last attempt's answer; null before one, or when none came. */
  last_status: number | null;
  /** When the next attempt is due; null once delivered or failed. */
  next_attempt_at: number | null;
}

export interface WebhookDeliveryPage {
  data: WebhookDeliveryWire[];
  next_cursor: string | null;
}
