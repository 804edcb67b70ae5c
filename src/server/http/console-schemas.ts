/** The JSON schemas of the console's API (routes/console.ts): they check requests and shape answers. */
import { AUDIT_PAGE_MAX } from '../../protocol/console.js';
import { NAME_FIELD, STRING_FIELD } from './fields.js';
import { SUCCESS } from './wire-schemas.js';

const seconds = { type: 'integer', description: 'Unix time, seconds.' } as const;

const OPERATOR = {
  type: 'object',
  required: ['id', 'email', 'created_at', 'removed_at'],
  properties: {
    id: { type: 'string', description: "The operator id; `cli` for the shell's own operator." },
    email: { type: 'string' },
    created_at: seconds,
    removed_at: { type: ['integer', 'null'] },
  },
  additionalProperties: false,
} as const;

const SESSION = {
  type: 'object',
  required: ['operator', 'csrf_token', 'expires_at'],
  properties: {
    operator: OPERATOR,
    csrf_token: { type: 'string', description: 'Send it in x-gatehouse-csrf with every request but a GET.' },
    expires_at: seconds,
  },
  additionalProperties: false,
} as const;

const SNAPSHOT = { type: ['object', 'null'], additionalProperties: true } as const;

const AUDIT_PAGE = {
  type: 'object',
  required: ['data', 'next_cursor'],
  properties: {
    data: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'actor', 'actor_email', 'action', 'target', 'before', 'after', 'at'],
        properties: {
          id: { type: 'string' },
          actor: { type: 'string', description: "The operator's id, or `cli` for the gatehouse command." },
          actor_email: {
            type: ['string', 'null'],
            description: "The acting operator's email; null when the actor is no operator.",
          },
          action: { type: 'string', description: 'operator.add, operator.remove, operator.sign_in, …' },
          target: { type: 'string' },
          before: SNAPSHOT,
          after: SNAPSHOT,
          at: seconds,
        },
        additionalProperties: false,
      },
    },
    next_cursor: { type: ['string', 'null'], description: 'Null on the last page.' },
  },
  additionalProperties: false,
} as const;

/** An app as the console lists it (GET apps), and as its changes answer it. */
export const CONSOLE_APP = {
  type: 'object',
  required: ['id', 'name', 'allowed_origins', 'created_at'],
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    allowed_origins: { type: 'array', items: { type: 'string' } },
    created_at: seconds,
  },
  additionalProperties: false,
} as const;

const APPS = {
  type: 'object',
  required: ['data'],
  properties: { data: { type: 'array', items: CONSOLE_APP } },
  additionalProperties: false,
} as const;

const email = { type: 'object', required: ['email'], properties: { email: STRING_FIELD } } as const;

export const CONSOLE_SCHEMAS = {
  signIn: {
    querystring: { type: 'object', required: ['token'], properties: { token: NAME_FIELD } },
  },
  start: { body: email, response: { 200: SUCCESS } },
  verify: {
    body: { ...email, required: ['email', 'code'], properties: { ...email.properties, code: STRING_FIELD } },
    response: { 200: SESSION },
  },
  session: { response: { 200: SESSION } },
  signOut: { response: { 200: SUCCESS } },
  audit: {
    querystring: {
      type: 'object',
      additionalProperties: false,
      properties: {
        cursor: { type: 'string', minLength: 1, maxLength: 200 },
        limit: { type: 'string', pattern: '^[0-9]{1,3}$', description: `1 to ${AUDIT_PAGE_MAX}.` },
      },
    },
    response: { 200: AUDIT_PAGE },
  },
  apps: { response: { 200: APPS } },
} as const;
