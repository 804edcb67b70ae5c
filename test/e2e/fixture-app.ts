/**
 * A fixture app of test/fixtures built with Vite's API as its own app would be (no config of
 * ours), into a folder under test-results/, and served under /<name>/ on the world's host site.
 */
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { extname, join, relative, resolve } from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll } from 'vitest';
import { startWorld, type World } from './world.js';

const ROOT = resolve(import.meta.dirname, '../..');
const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript' };

/** Builds test/fixtures/<name> (its `pages`, index.html by default); resolves with a function removing the build. */
export async function buildFixtureApp(
  name: string,
  pages: string[] = ['index.html'],
): Promise<{ serve(world: World): Promise<void>; remove(): Promise<void> }> {
  const fixture = join(ROOT, 'test/fixtures', name);
  await mkdir(join(ROOT, 'test-results'), { recursive: true });
  const outDir = await mkdtemp(join(ROOT, 'test-results', `${name}-`));
  await build({
    configFile: false,
    root: fixture,
    base: `/${name}/`,
    logLevel: 'warn',
    build: {
      outDir,
      emptyOutDir: true,
      rollupOptions: { input: pages.map((page) => join(fixture, page)) },
    },
  });
  return {
    async serve(world) {
      const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
      for (const entry of entries.filter((found) => found.isFile())) {
        const file = join(entry.parentPath, entry.name);
        world.site.set(`/${name}/${relative(outDir, file)}`, {
          html: await readFile(file, 'utf8'),
          headers: { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' },
        });
      }
    },
    remove: () => rm(outDir, { recursive: true, force: true }),
  };
}

/**
 * For a test file: a world with the dev chain and test/fixtures/<name> built and served on it,
 * started before its tests and stopped after them. The world is read once started.
 */
export function useFixtureWorld(name: string, pages?: string[]): () => World {
  let world: World | undefined;
  let app: Awaited<ReturnType<typeof buildFixtureApp>> | undefined;
  beforeAll(async () => {
    const [started, built] = await Promise.all([startWorld({ chain: true }), buildFixtureApp(name, pages)]);
    world = started;
    app = built;
    await app.serve(world);
  }, 120_000);
  afterAll(async () => {
    await world?.stop();
    await app?.remove();
  });
  return () => {
    if (!world) throw new Error('the world has not started');
    return world;
  };
}

/** A new browser context's page for a fixture, with the page errors it throws and the dev chain. */
export async function fixturePage(world: World) {
  const chain = world.chain;
  if (!chain) throw new Error('this world was started without a chain');
  const context = await world.browser.newContext();
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  return { chain, context, page, pageErrors };
}
