/** The JSON schemas of the console's keys, API secrets and operators (console-security-routes.ts). */
import { ID_FIELD, idParams as params, STRING_FIELD } from './fields.js';

const seconds = { type: 'integer', description: 'Unix time, seconds.' } as const;

const KEYS = {
  type: 'object',
  required: ['data'],
  properties: {
    data: {
      type: 'array',
      description: 'Every signing key, oldest first: all are published in the JWKS and verify.',
      items: {
        type: 'object',
        required: ['kid', 'created_at', 'signs_from', 'state', 'retirable_from'],
        properties: {
          kid: { type: 'string' },
          created_at: seconds,
          signs_from: seconds,
          state: { type: 'string', enum: ['signs', 'published', 'verifies only'] },
          retirable_from: {
            type: ['integer', 'null'],
            description: 'Unix seconds after which `retire` needs no `force`; null unless it only verifies.',
          },
        },
        additionalProperties: false,
      },
    },
  },
  additionalProperties: false,
} as const;

const OPERATOR = {
  type: 'object',
  required: ['id', 'email', 'created_at', 'removed_at'],
  properties: {
    id: { type: 'string' },
    email: { type: 'string' },
    created_at: seconds,
    removed_at: { type: ['integer', 'null'], description: 'Unix seconds; null while active.' },
  },
  additionalProperties: false,
} as const;

const object = (properties: Record<string, unknown>, required: string[] = []) =>
  ({ type: 'object', required, properties, additionalProperties: false }) as const;

export const CONSOLE_SECURITY_SCHEMAS = {
  keys: { response: { 200: KEYS } },
  rotate: { response: { 201: KEYS } },
  retire: {
    params: { type: 'object', required: ['kid'], properties: { kid: ID_FIELD } },
    body: {
      type: 'object',
      properties: {
        force: { type: 'boolean', description: '`--force`: before its tokens expired (a leaked key).' },
      },
      additionalProperties: false,
    },
    response: { 200: KEYS },
  },
  apiSecrets: {
    response: {
      200: object(
        { data: { type: 'array', items: object({ app_id: { type: 'string' }, created_at: seconds }) } },
        ['data'],
      ),
    },
  },
  apiSecret: {
    params,
    response: {
      200: object(
        {
          secret: { type: 'string', description: 'The new `gh_sk_…` secret: answered this once only.' },
          created_at: seconds,
        },
        ['secret', 'created_at'],
      ),
    },
  },
  operators: {
    response: { 200: object({ data: { type: 'array', items: OPERATOR } }, ['data']) },
  },
  addOperator: {
    body: { type: 'object', required: ['email'], properties: { email: STRING_FIELD } },
    response: { 201: OPERATOR },
  },
  removeOperator: { params, response: { 200: OPERATOR } },
} as const;
