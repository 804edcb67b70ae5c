/** The console's webhooks of an app in the OpenAPI document (spread into CONSOLE_OPERATIONS). */
import type { Requirement, Row } from './openapi-types.js';

const OPERATOR: Requirement[] = [{ consoleSession: [] }];

export const CONSOLE_WEBHOOK_OPERATIONS: Record<string, Row> = {
  'GET /api/v1/console/apps/:id/webhooks': ['getConsoleWebhooks', "An app's webhook settings", OPERATOR],
  'PATCH /api/v1/console/apps/:id/webhooks': ['setConsoleWebhooks', 'Change webhook settings', OPERATOR],
  'POST /api/v1/console/apps/:id/webhooks/secret': [
    'rotateConsoleWebhookSecret',
    'A new webhook signing secret, shown once',
    OPERATOR,
  ],
  'GET /api/v1/console/apps/:id/webhooks/deliveries': [
    'listConsoleWebhookDeliveries',
    'Webhook deliveries, newest first',
    OPERATOR,
  ],
  'POST /api/v1/console/apps/:id/webhooks/deliveries/:delivery/replay': [
    'replayConsoleWebhookDelivery',
    'Queue a webhook delivery again',
    OPERATOR,
  ],
};
