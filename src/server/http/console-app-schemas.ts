/** The JSON schemas of the console's changes to apps (routes/console-apps.ts). */
import { APP_CONFIG } from './app-config-schema.js';
import { CONSOLE_APP } from './console-schemas.js';
import { idParams, STRING_FIELD } from './fields.js';
import { SUCCESS } from './wire-schemas.js';

const SETTINGS = {
  type: 'object',
  required: ['config', 'server_only_settings'],
  properties: {
    config: { ...APP_CONFIG, description: 'The public configuration, as `gatehouse apps show` prints it.' },
    server_only_settings: {
      type: 'array',
      items: { type: 'string' },
      description: 'The server-only settings the app has: their names, never their values.',
    },
  },
  additionalProperties: false,
} as const;

const name = { ...STRING_FIELD, description: '1 to 100 characters.' } as const;

export const CONSOLE_APP_SCHEMAS = {
  create: {
    body: {
      type: 'object',
      required: ['name'],
      properties: {
        name,
        allowed_origins: {
          type: 'array',
          maxItems: 100,
          items: STRING_FIELD,
          description: 'The origins whose pages may use the app (none when left out).',
        },
      },
      additionalProperties: false,
    },
    response: { 201: CONSOLE_APP },
  },
  rename: {
    params: idParams,
    body: { type: 'object', required: ['name'], properties: { name }, additionalProperties: false },
    response: { 200: CONSOLE_APP },
  },
  remove: {
    params: idParams,
    body: {
      type: 'object',
      required: ['confirm'],
      properties: { confirm: { ...STRING_FIELD, description: "The app's name, typed exactly." } },
      additionalProperties: false,
    },
    response: { 200: SUCCESS },
  },
  settings: { params: idParams, response: { 200: SETTINGS } },
  change: {
    params: idParams,
    body: {
      type: 'object',
      description:
        '`{"<field>": value, …}`: the fields and server-only settings of `gatehouse apps set`, read and checked as it does (a list is its items; null clears).',
      maxProperties: 100,
      additionalProperties: true,
    },
    response: { 200: SETTINGS },
  },
} as const;
