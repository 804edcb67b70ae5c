/**
 * `GET /api/v1/openapi.json` (issue 14): an OpenAPI 3.1 document of the provider's API, made from
 * the routes as they are registered, with the same JSON schemas that validate their requests, so
 * it cannot drift from what the server accepts. The built client's static files are left out.
 */
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { SDK_VERSION } from '../../protocol/version.js';

export const OPENAPI_PATH = '/api/v1/openapi.json';

/** The routes the document describes: the API and the operator's health and metrics endpoints. */
export const documented = (url: string): boolean =>
  url.startsWith('/api/') || ['/healthz', '/readyz', '/metrics'].includes(url);

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

function operation({ schema }: Operation): object {
  const params = [
    ...parameters('path', schema?.params),
    ...parameters('query', schema?.querystring),
    ...parameters('header', schema?.headers),
  ];
  return {
    ...(params.length > 0 ? { parameters: params } : {}),
    ...(schema?.body
      ? { requestBody: { required: true, content: { 'application/json': { schema: schema.body } } } }
      : {}),
    responses: {
      '200': { description: 'Success' },
      default: {
        description: 'An error: `{ "code", "message" }` with a code of the spec\'s catalogue',
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: ['code', 'message'],
              properties: { code: { type: 'string' }, message: { type: 'string' } },
            },
          },
        },
      },
    },
  };
}

function document(operations: Operation[], publicUrl: string): object {
  const paths: Record<string, Record<string, object>> = {};
  for (const entry of operations) {
    const path = openApiPath(entry.url);
    paths[path] = { ...paths[path], [entry.method]: operation(entry) };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Gatehouse provider API', version: SDK_VERSION },
    servers: [{ url: publicUrl }],
    paths,
  };
}

/** Records every route registered after it, and serves the document; call first thing. */
export function openApiRoutes(app: FastifyInstance, publicUrl: string): void {
  const operations: Operation[] = [];
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!documented(route.url)) return;
    for (const method of [route.method].flat()) {
      // Fastify adds a HEAD route beside each GET by itself.
      if (method === 'HEAD') continue;
      operations.push({ method: method.toLowerCase(), url: route.url, schema: route.schema });
    }
  });
  let cached: string | undefined;
  app.get(OPENAPI_PATH, async (_request, reply) => {
    cached ??= JSON.stringify(document(operations, publicUrl));
    return reply
      .type('application/json; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(cached);
  });
}
