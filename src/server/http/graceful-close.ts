import type { FastifyInstance } from 'fastify';

/**
 * Draining on close (SIGTERM): Fastify stops listening, answers 503 to requests that arrive on open
 * connections, and lets the requests in flight finish. Node closes only the keep-alive connections
 * idle at that moment; the others would stay open for their keep-alive time (65 s) once their
 * request is answered, holding the close. So from the close on, every answer says
 * `Connection: close` and the connection ends with it.
 */
export function closeConnectionsWhenDone(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) reply.header('connection', 'close');
    return payload;
  });
}
