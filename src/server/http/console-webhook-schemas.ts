/** The JSON schemas of the console's webhooks of an app (console-webhook-routes.ts). */
import { WEBHOOK_EVENT_TYPES } from '../../protocol/backend-api.js';
import { DELIVERY_PAGE_MAX } from '../../protocol/console-webhooks.js';
import { ID_FIELD, idParams as params, STRING_FIELD } from './fields.js';

const seconds = { type: 'integer', description: 'Unix time, seconds.' } as const;
const EVENT = { type: 'string', enum: WEBHOOK_EVENT_TYPES } as const;

const SETTINGS = {
  type: 'object',
  required: ['url_origin', 'events', 'enabled', 'has_secret'],
  properties: {
    url_origin: {
      type: ['string', 'null'],
      description: 'The origin of `webhook.url` (the URL itself is write-only); null when none is set.',
    },
    events: { type: 'array', items: EVENT, description: 'The events queued (`webhook.events`).' },
    enabled: { type: 'boolean', description: '`webhook.enabled`: false queues nothing, the URL kept.' },
    has_secret: { type: 'boolean', description: 'Whether a signing secret exists (never its value).' },
  },
  additionalProperties: false,
} as const;

const DELIVERY = {
  type: 'object',
  required: ['id', 'event', 'created_at', 'status', 'attempts', 'last_status', 'next_attempt_at'],
  properties: {
    id: { type: 'string', description: 'The `webhook-id` (`msg_…`), the same on every attempt.' },
    event: { type: 'string' },
    created_at: seconds,
    status: { type: 'string', enum: ['pending', 'delivered', 'failed', 'retrying'] },
    attempts: { type: 'integer', description: 'Failed attempts so far.' },
    last_status: {
      type: ['integer', 'null'],
      description: "The last answer's status code; null before one, or when none came.",
    },
    next_attempt_at: {
      type: ['integer', 'null'],
      description: 'Unix seconds; null once delivered or failed.',
    },
  },
  additionalProperties: false,
} as const;

export const CONSOLE_WEBHOOK_SCHEMAS = {
  settings: { params, response: { 200: SETTINGS } },
  change: {
    params,
    body: {
      type: 'object',
      description: 'The fields to change, read and checked as `gatehouse apps set` reads `webhook.*`.',
      properties: {
        url: { type: ['string', 'null'], maxLength: 2048, description: '`webhook.url`; null removes it.' },
        events: { type: 'array', maxItems: 20, items: STRING_FIELD, description: '`webhook.events`.' },
        enabled: { type: 'boolean', description: '`webhook.enabled`.' },
      },
      additionalProperties: false,
    },
    response: { 200: SETTINGS },
  },
  secret: {
    params,
    response: {
      200: {
        type: 'object',
        required: ['secret'],
        properties: {
          secret: { type: 'string', description: 'The new `whsec_…` secret: answered this once only.' },
        },
        additionalProperties: false,
      },
    },
  },
  deliveries: {
    params,
    querystring: {
      type: 'object',
      additionalProperties: false,
      properties: {
        cursor: { type: 'string', minLength: 1, maxLength: 200 },
        limit: { type: 'string', pattern: '^[0-9]{1,3}$', description: `1 to ${DELIVERY_PAGE_MAX}.` },
      },
    },
    response: {
      200: {
        type: 'object',
        required: ['data', 'next_cursor'],
        properties: { data: { type: 'array', items: DELIVERY }, next_cursor: { type: ['string', 'null'] } },
        additionalProperties: false,
      },
    },
  },
  replay: {
    params: {
      type: 'object',
      required: ['id', 'delivery'],
      properties: { id: ID_FIELD, delivery: { type: 'string', minLength: 1, maxLength: 64 } },
    },
    response: { 200: DELIVERY },
  },
} as const;
