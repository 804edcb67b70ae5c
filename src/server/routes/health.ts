import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import {
  HEALTH_PATH,
  type HealthResponse,
  READY_PATH,
  type ReadinessResponse,
} from '../../protocol/server-api.js';
import { pendingMigrations } from '../db/migrate.js';
import type { Services } from '../services/index.js';

const HEALTH = {
  type: 'object',
  required: ['ok'],
  properties: { ok: { type: 'boolean', const: true } },
  additionalProperties: false,
} as const;
const READINESS = {
  type: 'object',
  required: ['ok'],
  properties: {
    ok: { type: 'boolean' },
    reason: { type: 'string', description: 'Why not ready (503).' },
  },
  additionalProperties: false,
} as const;

/** How long the readiness check waits for the database before answering 503. */
const READINESS_TIMEOUT_MS = 2_000;

/** The readiness check's answer: the database reached within READINESS_TIMEOUT_MS, nothing pending. */
async function readiness(services: Services, log: FastifyBaseLogger): Promise<ReadinessResponse> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), READINESS_TIMEOUT_MS);
  });
  try {
    const pending = await Promise.race([pendingMigrations(services.db), timeout]);
    if (pending.length > 0) return { ok: false, reason: `migrations pending: ${pending.join(', ')}` };
    return { ok: true };
  } catch (error) {
    // The error may name the database's address: the log has it, the answer does not.
    log.error({ err: error }, 'readiness: the database cannot be reached');
    return { ok: false, reason: 'the database cannot be reached' };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `GET /healthz`: the process is up (a liveness probe; it does not touch the database, so a
 * database outage does not get every process restarted). `GET /readyz`: the database answers and
 * its migrations are all applied (a readiness probe: take the process out of rotation otherwise).
 */
export function healthRoutes(app: FastifyInstance, services: Services): void {
  app.get(
    HEALTH_PATH,
    { schema: { response: { 200: HEALTH } } },
    async (): Promise<HealthResponse> => ({ ok: true }),
  );
  app.get(
    READY_PATH,
    { schema: { response: { 200: READINESS, 503: READINESS } } },
    async (request, reply): Promise<ReadinessResponse> => {
      const answer = await readiness(services, request.log);
      if (!answer.ok) reply.code(503);
      reply.header('cache-control', 'no-store');
      return answer;
    },
  );
}
