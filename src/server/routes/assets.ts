import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { SDK_VERSION } from '../../protocol/version.js';
import { immutableAssets, YEAR_MS } from '../http/immutable-assets.js';

const LOADER_MAX_AGE_MS = 5 * 60_000;

/** `/v<major>/`: the loader pinned to this major version, with the widget beside it. */
const MAJOR_PREFIX = `/v${SDK_VERSION.split('.')[0]}/`;

const crossOrigin = (reply: FastifyReply) =>
  reply.header('Access-Control-Allow-Origin', '*').header('Cross-Origin-Resource-Policy', 'cross-origin');

/**
 * The built client: `/loader.js` (short cache: the stable URL hosts paste), the same loader pinned
 * to the major version at `/v<major>/loader.js` (short cache) and to this exact version at
 * `/loader@<version>.js` (immutable: the URL a Subresource Integrity hash can pin), and
 * `/widget/<version>/…` (versioned, so cached for a year and immutable; also under `/v<major>/`,
 * where the pinned loader looks for it). The host page imports the widget's ES modules
 * cross-origin, so all answer `Access-Control-Allow-Origin: *`. Without a built client these paths
 * answer 404; the API works regardless.
 */
export async function assetRoutes(app: FastifyInstance, clientDir: string): Promise<void> {
  await app.register(fastifyStatic, { root: clientDir, serve: false, index: false, dotfiles: 'ignore' });
  for (const prefix of ['/widget/', `${MAJOR_PREFIX}widget/`]) {
    await app.register(
      fastifyStatic,
      immutableAssets(join(clientDir, 'widget'), prefix, {
        'Access-Control-Allow-Origin': '*',
        'Cross-Origin-Resource-Policy': 'cross-origin',
      }),
    );
  }
  for (const path of ['/loader.js', `${MAJOR_PREFIX}loader.js`]) {
    app.get(path, (_request, reply) =>
      crossOrigin(reply).sendFile('loader.js', { maxAge: LOADER_MAX_AGE_MS, immutable: false }),
    );
  }
  app.get(`/loader@${SDK_VERSION}.js`, (_request, reply) =>
    crossOrigin(reply).sendFile('loader.js', { maxAge: YEAR_MS, immutable: true }),
  );
}
