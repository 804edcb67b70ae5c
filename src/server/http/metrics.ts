import { createServer, type Server } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Registry } from 'prom-client';
import { API_PATHS } from '../../protocol/api.js';
import { FARCASTER_API_PATHS } from '../../protocol/farcaster.js';
import { METRICS_PATH } from '../../protocol/server-api.js';
import { SIWE_API_PATHS } from '../../protocol/siwe-api.js';
import { WALLET_API_PATHS } from '../../protocol/wallet-api.js';
import { type Db, poolOf } from '../db/database.js';
import type { Services } from '../services/index.js';
import { pendingDeliveries } from '../services/webhooks/outbox.js';

/** Where `/metrics` is served: on the API's port (GATEHOUSE_METRICS=true), on a port of its own, or not at all. */
export interface MetricsOptions {
  /** GATEHOUSE_METRICS=true: `GET /metrics` on the API's port. */
  enabled?: boolean;
  /** GATEHOUSE_METRICS_PORT: `GET /metrics` on this port only (0: any free port), not on the API's. */
  port?: number;
  /** Address of the metrics port (GATEHOUSE_HOST). */
  host?: string;
}

/** The login endpoints, by the method label they count under. */
const LOGIN_ROUTES: Record<string, string> = {
  [API_PATHS.passwordlessAuthenticate]: 'email',
  [API_PATHS.smsAuthenticate]: 'sms',
  [API_PATHS.oauthAuthenticate]: 'oauth',
  [API_PATHS.customJwtAuthenticate]: 'custom_jwt',
  [SIWE_API_PATHS.authenticate]: 'siwe',
  [FARCASTER_API_PATHS.authenticate]: 'farcaster',
};

/** The endpoints that send a login code, by channel. */
const CODE_ROUTES: Record<string, string> = {
  [API_PATHS.passwordlessInit]: 'email',
  [API_PATHS.smsInit]: 'sms',
};

/** The endpoints that release a wallet share to the frame, by share. */
const SHARE_ROUTES: Record<string, string> = {
  [decodeURIComponent(WALLET_API_PATHS.authShare(':address'))]: 'auth',
  [decodeURIComponent(WALLET_API_PATHS.recovery(':address'))]: 'recovery',
};

/** Route patterns (never raw URLs, so the labels stay few); 'unmatched' for unknown paths. */
function routeLabel(request: FastifyRequest): string {
  return request.routeOptions.url ?? 'unmatched';
}

function outcomeOf(status: number): string {
  if (status < 400) return 'success';
  return status < 500 ? 'refused' : 'error';
}

type Metrics = Awaited<ReturnType<typeof createMetrics>>;
type PromClient = typeof import('prom-client');

/** The PostgreSQL pool's connections by state, read at each scrape; absent on SQLite. */
function poolGauge(client: PromClient, registry: Registry, db: Db) {
  return new client.Gauge({
    name: 'gatehouse_db_pool_connections',
    help: 'PostgreSQL pool connections by state (total, idle, waiting for one); absent on SQLite.',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const pool = poolOf(db);
      if (!pool) return;
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });
}

/** One registry per server (tests run several in one process); prom-client is loaded only when metrics are on. */
async function createMetrics(db: Db) {
  const client = await import('prom-client');
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry, prefix: 'gatehouse_' });
  const labels = ['method', 'route', 'status'] as const;
  return {
    registry,
    requests: new client.Counter({
      name: 'gatehouse_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status.',
      labelNames: labels,
      registers: [registry],
    }),
    latency: new client.Histogram({
      name: 'gatehouse_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method, route pattern and status.',
      labelNames: labels,
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    }),
    logins: new client.Counter({
      name: 'gatehouse_logins_total',
      help: 'Login attempts by method and outcome (success, refused: 4xx, error: 5xx).',
      labelNames: ['method', 'outcome'],
      registers: [registry],
    }),
    codes: new client.Counter({
      name: 'gatehouse_codes_sent_total',
      help: 'Login codes issued for delivery (init answered 200), by channel.',
      labelNames: ['channel'],
      registers: [registry],
    }),
    rateLimited: new client.Counter({
      name: 'gatehouse_rate_limit_refusals_total',
      help: 'Requests refused with 429 too_many_requests, by route pattern.',
      labelNames: ['route'],
      registers: [registry],
    }),
    shares: new client.Counter({
      name: 'gatehouse_wallet_shares_released_total',
      help: 'Embedded-wallet shares released to the wallet frame, by share (auth, recovery).',
      labelNames: ['share'],
      registers: [registry],
    }),
    pool: poolGauge(client, registry, db),
    webhooks: new client.Counter({
      name: 'gatehouse_webhook_deliveries_total',
      help: "Webhook delivery attempts of this process's worker, by event and outcome (delivered, retry, failed: given up).",
      labelNames: ['event', 'outcome'],
      registers: [registry],
    }),
    queue: new client.Gauge({
      name: 'gatehouse_webhook_queue_depth',
      help: 'Webhook deliveries waiting to be sent or retried (one queue shared by every process).',
      registers: [registry],
      async collect() {
        this.set(await pendingDeliveries(db));
      },
    }),
  };
}

/** Counts one answered request. */
function record(metrics: Metrics, request: FastifyRequest, reply: FastifyReply): void {
  const route = routeLabel(request);
  const status = reply.statusCode;
  const labels = { method: request.method, route, status: String(status) };
  metrics.requests.inc(labels);
  metrics.latency.observe(labels, reply.elapsedTime / 1000);
  if (status === 429) metrics.rateLimited.inc({ route });
  const login = LOGIN_ROUTES[route];
  if (login) metrics.logins.inc({ method: login, outcome: outcomeOf(status) });
  const channel = CODE_ROUTES[route];
  if (channel && status === 200) metrics.codes.inc({ channel });
  const share = SHARE_ROUTES[route];
  if (share && status === 200) metrics.shares.inc({ share });
}

async function exposition(registry: Registry): Promise<{ type: string; body: string }> {
  return { type: registry.contentType, body: await registry.metrics() };
}

/** A listener serving only GET /metrics, beside the API. */
async function listenApart(registry: Registry, host: string, port: number): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== METRICS_PATH) {
      response.writeHead(404).end();
      return;
    }
    exposition(registry).then(
      ({ type, body }) => response.writeHead(200, { 'content-type': type }).end(body),
      () => response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}

/**
 * Prometheus metrics (prom-client) when enabled: request counts and latency by route and status,
 * logins by method and outcome, codes sent, rate-limit refusals, wallet shares released, the
 * database pool, and the process's own (CPU, memory, event loop). Returns the metrics port's
 * listener, if any (its address is the port actually taken).
 */
export async function registerMetrics(
  app: FastifyInstance,
  services: Pick<Services, 'db' | 'webhooks'>,
  options: MetricsOptions,
): Promise<Server | undefined> {
  if (!options.enabled && options.port === undefined) return undefined;
  const metrics = await createMetrics(services.db);
  services.webhooks.observe((event, outcome) => metrics.webhooks.inc({ event, outcome }));
  app.addHook('onResponse', async (request, reply) => record(metrics, request, reply));
  if (options.port === undefined) {
    app.get(METRICS_PATH, async (_request, reply) => {
      const { type, body } = await exposition(metrics.registry);
      return reply.type(type).header('cache-control', 'no-store').send(body);
    });
    return undefined;
  }
  const server = await listenApart(metrics.registry, options.host ?? '127.0.0.1', options.port);
  app.addHook('onClose', async () => {
    await new Promise((resolve) => server.close(resolve));
  });
  return server;
}
