import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HEADERS } from '../../protocol/constants.js';
import { FARCASTER_CHANNEL_TOKEN_HEADER } from '../../protocol/farcaster.js';
import { ApiError } from '../errors.js';
import type { AppService } from '../services/apps/apps.js';

const ALLOWED_HEADERS = [
  'content-type',
  'authorization',
  HEADERS.appId,
  HEADERS.clientAnalyticsId,
  HEADERS.client,
  // GET farcaster/status names its channel in a header (§7).
  FARCASTER_CHANNEL_TOKEN_HEADER,
];
const PREFLIGHT_MAX_AGE_SECONDS = 600;

function allowCredentialedOrigin(reply: FastifyReply, origin: string): void {
  reply.header('Access-Control-Allow-Origin', origin).header('Access-Control-Allow-Credentials', 'true');
}

/**
 * Preflights carry no app id header value, so an origin passes when any app allows it; the
 * actual request is then checked against its own app by `checkOrigin`.
 */
export function registerPreflight(app: FastifyInstance, apps: AppService): void {
  // A CORS preflight of every path, not an operation of the API.
  app.options('/api/v1/*', { schema: { hide: true } }, async (request, reply) => {
    reply.header('Vary', 'Origin');
    const origin = request.headers.origin;
    if (origin && (await apps.isKnownOrigin(origin))) {
      allowCredentialedOrigin(reply, origin);
      reply
        .header('Access-Control-Allow-Headers', ALLOWED_HEADERS.join(', '))
        .header('Access-Control-Allow-Methods', 'GET, POST, OPTIONS')
        .header('Access-Control-Max-Age', String(PREFLIGHT_MAX_AGE_SECONDS));
    }
    return reply.code(204).send();
  });
}

/**
 * For answers that reveal nothing about any app (404 app_not_found, 403 invalid_app_id): the
 * requesting page may read them whatever its origin, so the widget can say the app id is wrong
 * instead of reporting a network error.
 */
export function allowRequestOrigin(request: FastifyRequest, reply: FastifyReply): void {
  reply.header('Vary', 'Origin');
  const origin = request.headers.origin;
  if (origin !== undefined) allowCredentialedOrigin(reply, origin);
}

/**
 * Lets the request through when it carries no Origin (server to server) or one of the app's
 * allowed origins, which then gets the CORS headers. Any other origin is refused with 403
 * before the request has effects: CORS alone would only hide the answer.
 */
export function checkOrigin(
  request: FastifyRequest,
  reply: FastifyReply,
  allowedOrigins: readonly string[],
): void {
  reply.header('Vary', 'Origin');
  const origin = request.headers.origin;
  if (origin === undefined) return;
  if (!allowedOrigins.includes(origin)) throw new ApiError('invalid_origin');
  allowCredentialedOrigin(reply, origin);
}
