import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import { SDK_VERSION } from '../../protocol/version.js';
import type { Db } from '../db/database.js';
import { immutableAssets, YEAR_MS } from '../http/immutable-assets.js';
import type { SchemaRoutes } from '../http/schema-types.js';
import { archivedWidgetModule, archiveWidgetBuild } from '../http/widget-archive.js';

const LOADER_MAX_AGE_MS = 5 * 60_000;

/** `/v<major>/`: the loader pinned to this major version, with the widget beside it. */
const MAJOR_PREFIX = `/v${SDK_VERSION.split('.')[0]}/`;

const crossOrigin = (reply: FastifyReply) =>
  reply
    .header('Access-Control-Allow-Origin', '*')
    .header('Cross-Origin-Resource-Policy', 'cross-origin')
    .header('Vary', 'Accept-Encoding');

/**
 * The built client: `/loader.js` (short cache: the stable URL hosts paste), the same loader pinned
 * to the major version at `/v<major>/loader.js` (short cache) and to this exact version at
 * `/loader@<version>.js` (immutable: the URL a Subresource Integrity hash can pin), and
 * `/widget/<version>/…` (versioned, so cached for a year and immutable; also under `/v<major>/`,
 * where the pinned loader looks for it). The host page imports the widget's ES modules
 * cross-origin, so all answer `Access-Control-Allow-Origin: *`. Widget modules of earlier builds
 * (a tab opened before an upgrade) come from the archive in the database. Without a built client
 * these paths answer 404; the API works regardless.
 */
/** The path under a widget prefix. */
const WILDCARD = {
  params: { type: 'object', properties: { '*': { type: 'string' } }, required: ['*'] },
} as const;

export async function assetRoutes(
  app: SchemaRoutes,
  clientDir: string,
  archive: { db: Db; now: number },
): Promise<void> {
  const widgetDir = join(clientDir, 'widget');
  await archiveWidgetBuild(archive.db, widgetDir, archive.now);
  await app.register(fastifyStatic, {
    root: clientDir,
    serve: false,
    index: false,
    dotfiles: 'ignore',
    preCompressed: true,
  });
  const headers = { 'Access-Control-Allow-Origin': '*', 'Cross-Origin-Resource-Policy': 'cross-origin' };
  for (const prefix of ['/widget/', `${MAJOR_PREFIX}widget/`]) {
    // One route per file of this build (wildcard: false); any other path under the prefix is looked up in the archive.
    await app.register(fastifyStatic, { ...immutableAssets(widgetDir, prefix, headers), wildcard: false });
    app.get(`${prefix}*`, { schema: WILDCARD }, async (request, reply) => {
      const path = request.params['*'];
      const body = path.endsWith('.js') ? await archivedWidgetModule(archive.db, path) : undefined;
      if (body === undefined) return reply.callNotFound();
      return crossOrigin(reply)
        .type('text/javascript; charset=utf-8')
        .header('Cache-Control', `public, max-age=${YEAR_MS / 1000}, immutable`)
        .send(body);
    });
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
