/** The console's API for an app's webhooks (protocol/console-webhooks.ts), as the pages call it. */
import {
  CONSOLE_WEBHOOK_PATHS as PATHS,
  type WebhookDeliveryPage,
  type WebhookDeliveryWire,
  type WebhookSettingsWire,
} from '../protocol/console-webhooks.js';
import { appPath, call, send } from './api.js';

/** What the settings form sends: only the fields changed. */
export interface WebhookChanges {
  url?: string | null;
  events?: string[];
  enabled?: boolean;
}

export const webhooksApi = {
  settings: (id: string) => call<WebhookSettingsWire>(appPath(PATHS.webhooks, id)),
  change: (csrf: string, id: string, changes: WebhookChanges) =>
    send<WebhookSettingsWire>('PATCH', appPath(PATHS.webhooks, id), changes, csrf),
  rotate: (csrf: string, id: string) => send<{ secret: string }>('POST', appPath(PATHS.secret, id), {}, csrf),
  deliveries: (id: string, cursor: string | null) => {
    const path = appPath(PATHS.deliveries, id);
    return call<WebhookDeliveryPage>(cursor ? `${path}?cursor=${encodeURIComponent(cursor)}` : path);
  },
  replay: (csrf: string, id: string, delivery: string) =>
    send<WebhookDeliveryWire>(
      'POST',
      appPath(PATHS.replay, id).replace(':delivery', encodeURIComponent(delivery)),
      {},
      csrf,
    ),
};
