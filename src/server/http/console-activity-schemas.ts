/** The JSON schemas of the console's Activity section (console-activity-routes.ts). */
import { ACTIVITY_RANGES } from '../../protocol/console-activity.js';
import { idParams, STRING_FIELD } from './fields.js';

const COUNT = { type: 'integer', minimum: 0 } as const;
const COUNTS = { type: 'array', items: COUNT } as const;

const object = (properties: Record<string, unknown>, description?: string) =>
  ({
    type: 'object',
    required: Object.keys(properties),
    properties,
    additionalProperties: false,
    ...(description ? { description } : {}),
  }) as const;

const ACTIVITY = object({
  range: { type: 'string', enum: [...ACTIVITY_RANGES] },
  bucket: { type: 'string', enum: ['hour', 'day'] },
  buckets: {
    type: 'array',
    items: COUNT,
    description: "Each bucket's start, unix seconds (UTC), oldest first.",
  },
  logins: {
    type: 'array',
    description:
      'Logins by method (the account type: email, phone, wallet, google_oauth, passkey, …), most first.',
    items: object({ method: { type: 'string' }, counts: COUNTS }),
  },
  new_users: { ...COUNTS, description: 'Users created, in each bucket.' },
  funnel: object(
    { modal_opened: COUNT, code_sent: COUNT, logged_in: COUNT, wallet_created: COUNT },
    "The widget's modal opened (its analytics events), codes sent by email or SMS, logins, embedded wallets created.",
  ),
  errors: {
    type: 'array',
    description: 'Refused login requests by error code (not counting 429), most first.',
    items: object({ code: { type: 'string' }, count: COUNT }),
  },
  webhooks: object(
    { delivered: COUNT, failed: COUNT, pending: COUNT },
    'Webhook deliveries queued in the range, by where they are now.',
  ),
});

export const CONSOLE_ACTIVITY_SCHEMAS = {
  activity: {
    params: idParams,
    querystring: {
      type: 'object',
      properties: {
        range: { ...STRING_FIELD, description: '24h (by hour), 7d or 30d (by UTC day); 7d when left out.' },
      },
    },
    response: { 200: ACTIVITY },
  },
} as const;
