/**
 * The provider's HTTP API reference for the documentation site: starts the server from its
 * sources (through Vite's module runner, so no build is needed) on a throwaway SQLite database,
 * reads the OpenAPI document it serves at `GET /api/v1/openapi.json`, and renders it with Redoc
 * (`redocly build-docs`) into docs/public/server-api.html, served at /server-api.html.
 * Run by `npm run docs:api`.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer, createServerModuleRunner } from 'vite';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const OUTPUT = join(ROOT, 'docs/public/server-api.html');

/** The OpenAPI document the server built from `src/server/app.ts` serves. */
async function openApiDocument(dir) {
  const vite = await createServer({
    root: ROOT,
    configFile: false,
    logLevel: 'warn',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  const runner = createServerModuleRunner(vite.environments.ssr, { hmr: false });
  try {
    const { buildServer } = await runner.import('/src/server/app.ts');
    const { OPENAPI_PATH } = await runner.import('/src/server/http/openapi.ts');
    const server = await buildServer({
      databaseUrl: join(dir, 'docs.db'),
      publicUrl: 'http://localhost:8787',
      clientDir: join(dir, 'no-client'),
    });
    try {
      const response = await server.inject({ method: 'GET', url: OPENAPI_PATH });
      if (response.statusCode !== 200) throw new Error(`${OPENAPI_PATH} answered ${response.statusCode}`);
      return response.body;
    } finally {
      await server.close();
    }
  } finally {
    await runner.close();
    await vite.close();
  }
}

const dir = mkdtempSync(join(tmpdir(), 'gatehouse-docs-'));
try {
  const document = join(dir, 'openapi.json');
  writeFileSync(document, await openApiDocument(dir));
  // --inlineBundle: the page needs no script from Redocly's CDN; telemetry off: readers' browsers send none.
  // Its banners (Node.js support, Redoc 3) go to stderr: shown only when it fails.
  try {
    execFileSync(
      join(ROOT, 'node_modules/.bin/redocly'),
      [
        'build-docs',
        document,
        '--output',
        OUTPUT,
        '--inlineBundle',
        '--title',
        'Gatehouse provider HTTP API',
      ],
      {
        stdio: ['ignore', 'ignore', 'pipe'],
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      },
    );
  } catch (error) {
    process.stderr.write(error.stderr ?? '');
    throw error;
  }
  console.log(`docs: the provider's HTTP API reference is ${OUTPUT}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
