import type { FastifyInstance } from 'fastify';

/**
 * Headers on every answer: `X-Content-Type-Options: nosniff` (a browser takes each body for the
 * type it is sent as, never guesses), and `Cache-Control: no-store` on every API answer that does
 * not choose its own caching, so no token, refresh token, share or user record (auth results,
 * session refreshes, forks, custom auth, links, errors) is kept by a browser or proxy cache. The
 * public JWKS and the static files keep their own `public, max-age`.
 */
export function securityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('Cache-Control', 'no-store');
    }
    return payload;
  });
}
