import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const LOADER_MAX_AGE_MS = 5 * 60_000;
const YEAR_MS = 365 * 24 * 60 * 60_000;

/**
 * The built client: `/loader.js` (short cache: the stable URL hosts paste) and
 * `/widget/<version>/…` (versioned, so cached for a year and immutable). The host page imports
 * the widget's ES modules cross-origin, so both answer `Access-Control-Allow-Origin: *`.
 * Without a built client these paths answer 404; the API works regardless.
 */
export async function assetRoutes(app: FastifyInstance, clientDir: string): Promise<void> {
  await app.register(fastifyStatic, { root: clientDir, serve: false, index: false, dotfiles: 'ignore' });
  await app.register(fastifyStatic, {
    root: join(clientDir, 'widget'),
    prefix: '/widget/',
    decorateReply: false,
    index: false,
    list: false,
    redirect: false,
    dotfiles: 'ignore',
    maxAge: YEAR_MS,
    immutable: true,
    setHeaders: (response) => {
      response.setHeader('Access-Control-Allow-Origin', '*');
      response.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    },
  });

  app.get('/loader.js', (_request, reply) =>
    reply
      .header('Access-Control-Allow-Origin', '*')
      .header('Cross-Origin-Resource-Policy', 'cross-origin')
      .sendFile('loader.js', { maxAge: LOADER_MAX_AGE_MS, immutable: false }),
  );
}
