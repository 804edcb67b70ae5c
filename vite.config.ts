/** Widget build: an ES module entry plus hashed chunks, under a version-pinned path the loader imports. */
import { defineConfig, type Plugin } from 'vite';
import { SDK_VERSION } from './src/protocol/version.js';
import { chunkName } from './vite.chunks.js';
import { preactAliases } from './vite.shared.js';

/**
 * With modulePreload off, every dependency list Vite passes its preload helper is empty, yet the
 * helper (link-preload code, CSS checks, an error event: ~1.1 KB brotli on every page) ships in the
 * startup chunk. Here it is the one thing it still does: call the import. lazy() handles failures.
 */
const noPreloadHelper: Plugin = {
  name: 'gatehouse:no-preload-helper',
  enforce: 'pre',
  load(id) {
    return id === '\0vite/preload-helper.js' ? 'export const __vitePreload = (load) => load();' : undefined;
  },
};

export default defineConfig({
  plugins: [noPreloadHelper],
  resolve: { alias: preactAliases },
  publicDir: false,
  build: {
    outDir: `dist/client/widget/${SDK_VERSION}`,
    emptyOutDir: true,
    // es2022: class fields as written (es2020 lowered each one to a defineProperty helper call, ~0.5 KB
    // of the every-page budget); Chrome 94+, Firefox 93+, Safari 15+.
    target: 'es2022',
    sourcemap: false,
    // No modulepreload helper: the loader imports the entry, and the entry imports its own chunks.
    modulePreload: false,
    // .vite/manifest.json: the chunk graph .size-limit.js measures the startup and first-open budgets on.
    manifest: true,
    rollupOptions: {
      input: 'src/widget/index.ts',
      // Keep `mount` exported from the entry: the loader calls it.
      preserveEntrySignatures: 'allow-extension',
      output: {
        format: 'es',
        entryFileNames: 'widget.js',
        // Chunks behind a dynamic import go to lazy/; everything beside widget.js may load at startup,
        // and .size-limit.js measures the startup and first-open budgets from the manifest.
        chunkFileNames: (chunk) => (chunk.isDynamicEntry ? 'lazy/[name]-[hash].js' : '[name]-[hash].js'),
        // One chunk for what every page loads, one for what the first modal adds, one for preact
        // (vite.chunks.ts says why).
        codeSplitting: { groups: [{ name: chunkName }], includeDependenciesRecursively: false },
      },
    },
  },
});
