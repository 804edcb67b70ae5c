/**
 * The OpenAPI 3.1 document against the routes the server really registered: every
 * method and path of the API is in it, with the schemas that validate its requests.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documented, OPENAPI_PATH } from '../../src/server/http/openapi.js';
import { type Harness, startHarness } from './harness.js';

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(() => harness?.close());

interface Doc {
  openapi: string;
  info: { version: string };
  paths: Record<
    string,
    Record<string, { parameters?: Array<{ name: string; in: string }>; requestBody?: unknown }>
  >;
}

/** Every (method, path) Fastify registered, read from its own route table. */
function registeredRoutes(): Array<[string, string]> {
  const table = harness.server.printRoutes({ commonPrefix: false, includeMeta: false });
  const routes: Array<[string, string]> = [];
  for (const line of table.split('\n')) {
    const match = line.match(/(\/\S*) \(([A-Z, ]+)\)/);
    if (!match?.[1] || !match[2]) continue;
    for (const method of match[2].split(', ')) routes.push([method, match[1]]);
  }
  return routes;
}

describe('GET /api/v1/openapi.json', () => {
  it('describes every registered API route, in OpenAPI 3.1', async () => {
    const response = await harness.inject({ method: 'GET', url: OPENAPI_PATH });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const doc = response.json<Doc>();
    expect(doc.openapi).toBe('3.1.0');
    const routes = registeredRoutes().filter(([method, url]) => method !== 'HEAD' && documented(url));
    expect(routes.length).toBeGreaterThan(40);
    const missing = routes.filter(([method, url]) => {
      const path = url.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');
      return !doc.paths[path]?.[method.toLowerCase()];
    });
    expect(missing).toEqual([]);
  });

  it('carries the request schemas: a body, path parameters, a query', async () => {
    const doc = (await harness.inject({ method: 'GET', url: OPENAPI_PATH })).json<Doc>();
    const init = doc.paths['/api/v1/passwordless/init']?.post;
    expect(JSON.stringify(init?.requestBody)).toContain('"email"');
    const app = doc.paths['/api/v1/apps/{appId}']?.get;
    expect(app?.parameters).toContainEqual(expect.objectContaining({ name: 'appId', in: 'path' }));
    const list = doc.paths['/api/v1/users']?.get;
    expect(list?.parameters?.map((p) => `${p.in}:${p.name}`)).toEqual(['query:cursor', 'query:limit']);
  });
});

describe('the operations', () => {
  interface Op {
    operationId?: string;
    summary?: string;
    tags?: string[];
    security?: Array<Record<string, string[]>>;
  }

  it('each have a unique operationId, a summary, a tag and their credentials', async () => {
    const doc = (await harness.inject({ method: 'GET', url: OPENAPI_PATH })).json<{
      paths: Record<string, Record<string, Op>>;
      components: { securitySchemes: Record<string, { type: string; scheme?: string; name?: string }> };
    }>();
    const ops = Object.values(doc.paths).flatMap((methods) => Object.values(methods));
    const ids = ops.map((op) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const op of ops) {
      expect(op.operationId).toMatch(/^[a-z][A-Za-z0-9]+$/);
      expect(op.summary).toBeTruthy();
      expect(op.tags).toHaveLength(1);
      expect(op.security).toBeDefined();
    }
    expect(doc.components.securitySchemes).toMatchObject({
      appSecret: { type: 'http', scheme: 'basic' },
      accessToken: { type: 'http', scheme: 'bearer' },
      appId: { type: 'apiKey', name: 'gatehouse-app-id' },
    });
    expect(doc.paths['/api/v1/users/{id}']?.get?.security).toEqual([{ appSecret: [] }]);
    expect(doc.paths['/api/v1/passwordless/link']?.post?.security).toEqual([{ appId: [], accessToken: [] }]);
    expect(doc.paths['/api/v1/*']).toBeUndefined();
    expect(doc.paths['/metrics']?.get?.operationId).toBe('getMetrics');
  });
});

describe('answers under response schemas', () => {
  it('errors still answer {code, message}, as the Error component says', async () => {
    const doc = (await harness.inject({ method: 'GET', url: OPENAPI_PATH })).json<{
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    }>();
    const login = doc.paths['/api/v1/passwordless/authenticate']?.post;
    expect(login?.responses['4XX']).toEqual({ $ref: '#/components/responses/Error' });
    const bad = await harness.post('/api/v1/passwordless/authenticate', { email: 'a@example.com' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ code: 'invalid_data', message: "Missing field 'code'." });
    const wrong = await harness.post('/api/v1/passwordless/authenticate', {
      email: 'a@example.com',
      code: '1',
    });
    expect(wrong.statusCode).toBeGreaterThanOrEqual(400);
    expect(Object.keys(wrong.json()).sort()).toEqual(['code', 'message']);
  });
});
