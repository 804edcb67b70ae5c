/** The JSON schemas of the console's Users section (console-user-routes.ts). */
import { USER_SEARCH_MAX } from '../../protocol/console-users.js';
import { MFA_METHODS } from '../../protocol/mfa.js';
import { ID_FIELD, STRING_FIELD } from './fields.js';
import { SUCCESS } from './wire-schemas.js';

const seconds = { type: 'integer', description: 'Unix time, seconds.' } as const;
const nullableSeconds = { type: ['integer', 'null'], description: 'Unix time, seconds.' } as const;
const ACCOUNT = {
  type: 'object',
  required: ['type', 'subject'],
  properties: { type: { type: 'string' }, subject: { type: 'string' } },
  additionalProperties: false,
} as const;

const USER_ROW = {
  type: 'object',
  required: ['id', 'created_at', 'accounts'],
  properties: { id: { type: 'string' }, created_at: seconds, accounts: { type: 'array', items: ACCOUNT } },
  additionalProperties: false,
} as const;

const USER_PAGE = {
  type: 'object',
  required: ['data', 'next_cursor'],
  properties: { data: { type: 'array', items: USER_ROW }, next_cursor: { type: ['string', 'null'] } },
  additionalProperties: false,
} as const;

const DETAIL = {
  type: 'object',
  required: ['id', 'created_at', 'accounts', 'wallet', 'mfa', 'sessions', 'logins'],
  properties: {
    id: { type: 'string' },
    created_at: seconds,
    accounts: {
      type: 'array',
      items: {
        type: 'object',
        required: ['type', 'subject', 'first_verified_at', 'latest_verified_at'],
        properties: {
          ...ACCOUNT.properties,
          first_verified_at: seconds,
          latest_verified_at: seconds,
        },
        additionalProperties: false,
      },
    },
    wallet: {
      type: ['object', 'null'],
      required: ['address', 'recovery_method', 'devices'],
      properties: {
        address: { type: 'string' },
        recovery_method: { type: 'string' },
        devices: {
          type: 'array',
          items: {
            type: 'object',
            required: ['id', 'created_at', 'last_used_at'],
            properties: { id: { type: 'string' }, created_at: seconds, last_used_at: nullableSeconds },
            additionalProperties: false,
          },
        },
      },
      additionalProperties: false,
    },
    mfa: {
      type: 'array',
      items: {
        type: 'object',
        required: ['type', 'verified_at'],
        properties: { type: { type: 'string' }, verified_at: seconds },
        additionalProperties: false,
      },
    },
    sessions: {
      type: 'array',
      description: 'The live sessions, newest first.',
      items: {
        type: 'object',
        required: ['id', 'created_at', 'last_refresh_at', 'expires_at'],
        properties: {
          id: { type: 'string' },
          created_at: seconds,
          last_refresh_at: nullableSeconds,
          expires_at: seconds,
        },
        additionalProperties: false,
      },
    },
    logins: {
      type: 'array',
      description: 'The latest sessions a login opened, newest first.',
      items: {
        type: 'object',
        required: ['at', 'live'],
        properties: { at: seconds, live: { type: 'boolean' } },
        additionalProperties: false,
      },
    },
  },
  additionalProperties: false,
} as const;

const ids = { id: ID_FIELD, user: ID_FIELD } as const;
/** The path's ids: the app's and the user's. */
const userParams = {
  type: 'object',
  required: ['id', 'user'],
  properties: ids,
  additionalProperties: false,
} as const;
const sessionParams = {
  type: 'object',
  required: ['id', 'user', 'session'],
  properties: { ...ids, session: ID_FIELD },
  additionalProperties: false,
} as const;
const deviceParams = {
  type: 'object',
  required: ['id', 'user', 'device'],
  properties: { ...ids, device: ID_FIELD },
  additionalProperties: false,
} as const;
const mfaParams = {
  type: 'object',
  required: ['id', 'user', 'method'],
  properties: { ...ids, method: { type: 'string', enum: MFA_METHODS } },
  additionalProperties: false,
} as const;

export const CONSOLE_USER_SCHEMAS = {
  search: {
    params: { type: 'object', required: ['id'], properties: { id: ID_FIELD }, additionalProperties: false },
    querystring: {
      type: 'object',
      additionalProperties: false,
      properties: {
        q: {
          ...STRING_FIELD,
          description: "A user's id, or the start of an email address, a phone number or a wallet address.",
        },
        cursor: { type: 'string', minLength: 1, maxLength: 800 },
        limit: { type: 'string', pattern: '^[0-9]{1,3}$', description: `1 to ${USER_SEARCH_MAX}.` },
      },
    },
    response: { 200: USER_PAGE },
  },
  user: { params: userParams, response: { 200: DETAIL } },
  remove: {
    params: userParams,
    body: {
      type: 'object',
      required: ['confirm'],
      properties: {
        confirm: {
          ...STRING_FIELD,
          description: "The user's id or one of their email addresses, typed exactly.",
        },
      },
      additionalProperties: false,
    },
    response: { 200: SUCCESS },
  },
  revokeAll: {
    params: userParams,
    response: {
      200: {
        type: 'object',
        required: ['revoked'],
        properties: { revoked: { type: 'integer', description: 'How many live sessions were revoked.' } },
        additionalProperties: false,
      },
    },
  },
  revokeOne: { params: sessionParams, response: { 200: SUCCESS } },
  removeMfa: {
    params: mfaParams,
    response: { 200: SUCCESS },
  },
  revokeDevice: { params: deviceParams, response: { 200: SUCCESS } },
} as const;
