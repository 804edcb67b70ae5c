/**
 * `GET /api/v1/openapi.json`: an OpenAPI 3.1 document of the provider's API, made from the routes
 * as they are registered, with the same JSON schemas that validate their requests and serialize
 * their answers, so it cannot drift from what the server does. Operation ids, summaries, tags and
 * credentials come from openapi-operations.ts. The built client's static files are left out, and
 * so is a route whose schema says `hide: true` (the CORS preflight).
 */
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { METRICS_PATH } from '../../protocol/server-api.js';
import { SDK_VERSION } from '../../protocol/version.js';
import {
  ERROR_SCHEMA,
  FIXED_RESPONSES,
  type OperationInfo,
  operationInfo,
  SECURITY_SCHEMES,
  TAGS,
} from './openapi-operations.js';

declare module 'fastify' {
  interface FastifySchema {
    /** Left out of the OpenAPI document. */
    hide?: boolean;
  }
}

export const OPENAPI_PATH = '/api/v1/openapi.json';

/** The routes the document describes: the API, key discovery and the operator's health and metrics endpoints. */
export const documented = (url: string): boolean =>
  url.startsWith('/api/') ||
  [
    '/healthz',
    '/readyz',
    METRICS_PATH,
    '/.well-known/jwks.json',
    '/.well-known/openid-configuration',
  ].includes(url);

interface Operation {
  method: string;
  url: string;
  schema: FastifySchema | undefined;
}

type JsonObject = { properties?: Record<string, unknown>; required?: readonly string[] };

/** `/users/:id` → `/users/{id}`. */
const openApiPath = (url: string): string => url.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');

function parameters(where: 'path' | 'query' | 'header', schema: unknown): object[] {
  const { properties = {}, required = [] } = (schema ?? {}) as JsonObject;
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || required.includes(name),
    schema: property,
  }));
}

const ERROR_REF = { $ref: '#/components/responses/Error' };
const SUCCESS = { 200: 'Success', 201: 'Created', 204: 'No content' } as Record<string, string>;

/** The success answers of the route's response schemas, then the error ones. */
function responses(url: string, method: string, schema: FastifySchema | undefined): Record<string, object> {
  const fixed = FIXED_RESPONSES[`${method.toUpperCase()} ${url}`];
  const answers: Record<string, object> = { ...fixed };
  if (!fixed) {
    const declared = Object.entries((schema?.response ?? {}) as Record<string, Record<string, unknown>>);
    for (const [status, body] of declared) {
      const { description, ...json } = body;
      answers[status] = {
        description: (description as string | undefined) ?? SUCCESS[status] ?? 'Answer',
        ...(status === '204' ? {} : { content: { 'application/json': { schema: json } } }),
      };
    }
    if (declared.length === 0) answers['200'] = { description: 'Success' };
  }
  if (url.startsWith('/api/')) answers['4XX'] = ERROR_REF;
  answers['5XX'] = ERROR_REF;
  return answers;
}

function operation({ method, url, schema }: Operation, info: OperationInfo): object {
  const params = [
    ...parameters('path', schema?.params),
    ...parameters('query', schema?.querystring),
    ...parameters('header', schema?.headers),
  ];
  return {
    operationId: info.operationId,
    summary: info.summary,
    tags: [info.tag],
    security: info.security,
    ...(params.length > 0 ? { parameters: params } : {}),
    ...(schema?.body
      ? { requestBody: { required: true, content: { 'application/json': { schema: schema.body } } } }
      : {}),
    responses: responses(url, method, schema),
  };
}

/** The document; throws for a documented route that openapi-operations.ts does not know. */
function openApiDocument(operations: Operation[], publicUrl: string): object {
  const paths: Record<string, Record<string, object>> = {};
  const all = operations.some((entry) => entry.url === METRICS_PATH)
    ? operations
    : [...operations, { method: 'get', url: METRICS_PATH, schema: undefined }];
  for (const entry of all) {
    const info = operationInfo(entry.method, entry.url);
    if (!info)
      throw new Error(`${entry.method.toUpperCase()} ${entry.url} is missing from openapi-operations.ts`);
    const path = openApiPath(entry.url);
    paths[path] = { ...paths[path], [entry.method]: operation(entry, info) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Gatehouse provider API',
      version: SDK_VERSION,
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: publicUrl }],
    tags: TAGS,
    paths,
    components: {
      securitySchemes: SECURITY_SCHEMES,
      schemas: { Error: ERROR_SCHEMA },
      responses: {
        Error: {
          description: 'An error: `{ "code", "message" }`, with a code of the catalogue',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
      },
    },
  };
}

/** Records every route registered after it, and serves the document; call first thing. */
export function openApiRoutes(app: FastifyInstance, publicUrl: string): void {
  const operations: Operation[] = [];
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!documented(route.url) || route.schema?.hide) return;
    for (const method of [route.method].flat()) {
      // Fastify adds a HEAD route beside each GET by itself.
      if (method === 'HEAD') continue;
      operations.push({ method: method.toLowerCase(), url: route.url, schema: route.schema });
    }
  });
  let cached: string | undefined;
  app.get(OPENAPI_PATH, async (_request, reply) => {
    cached ??= JSON.stringify(openApiDocument(operations, publicUrl));
    return reply
      .type('application/json; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(cached);
  });
}
