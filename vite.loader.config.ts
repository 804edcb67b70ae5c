/** Loader build: one classic script (IIFE), dist/client/loader.js, beside the widget's versioned folder. */
import { existsSync, readFileSync } from 'node:fs';
import { defineConfig } from 'vite';
import { SDK_VERSION } from './src/protocol/version.js';

type Manifest = Record<string, { file: string; name?: string; imports?: string[] }>;

/** The manifest entries `keys` reach through static imports (themselves included). */
function closure(manifest: Manifest, keys: readonly string[], seen = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    closure(manifest, manifest[key].imports ?? [], seen);
  }
  return seen;
}

/**
 * What the first opening of the modal adds to the entry (the `modal` chunk and its static imports),
 * as read from the widget build's manifest (built before the loader): the loader preloads these
 * beside the entry when a page calls login() before the entry has arrived. None without a build.
 */
function modalFiles(): string[] {
  const path = `dist/client/widget/${SDK_VERSION}/.vite/manifest.json`;
  if (!existsSync(path)) return [];
  const manifest = JSON.parse(readFileSync(path, 'utf8')) as Manifest;
  const startup = closure(manifest, ['src/widget/index.ts']);
  const ui = Object.keys(manifest).filter((key) => manifest[key]?.name === 'modal');
  return [...closure(manifest, ui, new Set(startup))]
    .filter((key) => !startup.has(key))
    .map((key) => manifest[key]?.file as string);
}

export default defineConfig({
  // Library builds keep process.env lookups; the loader runs in browsers, so fix them here.
  define: {
    'process.env.NODE_ENV': JSON.stringify('production'),
    __GATEHOUSE_MODAL_FILES__: JSON.stringify(modalFiles()),
  },
  publicDir: false,
  build: {
    outDir: 'dist/client',
    // The widget build has already written dist/client/widget/: keep it.
    emptyOutDir: false,
    target: 'es2020',
    minify: true,
    sourcemap: false,
    lib: {
      entry: 'loader/index.ts',
      formats: ['iife'],
      name: 'GatehouseLoader',
      fileName: () => 'loader.js',
    },
  },
});
