/** Widget build: an ES module entry plus hashed chunks, under a version-pinned path the loader imports. */
import { defineConfig, type Plugin } from 'vite';
import { LANGUAGES } from './src/core/locale.js';
import { SDK_VERSION } from './src/protocol/version.js';
import { chunkName } from './vite.chunks.js';
import { preactAliases } from './vite.shared.js';
import { staticCss } from './vite.static-css.js';

/**
 * Vite's preload helper (link-preload code, CSS checks, an error event: ~1.1 KB brotli on every
 * page) reduced to what this build needs: each dynamic import comes with the chunks it imports
 * statically (Vite's dependency list, file names relative to the widget directory, where this
 * helper lives in widget.js), and they are all requested at once instead of one after another when
 * the browser reads each file's imports (the modal chunk and the runtime helpers it imports: one
 * round trip less before LANDING). A failed preload is ignored: the import itself reports it, and
 * lazy() handles failures.
 */
const noPreloadHelper: Plugin = {
  name: 'gatehouse:no-preload-helper',
  enforce: 'pre',
  load(id) {
    if (id !== '\0vite/preload-helper.js') return undefined;
    return `export const __vitePreload = (load, deps) => {
  for (const dep of deps ?? []) import(/* @vite-ignore */ new URL(dep, import.meta.url).href).catch(() => {});
  return load();
};`;
  },
};

export default defineConfig({
  plugins: [noPreloadHelper, staticCss],
  resolve: { alias: preactAliases },
  publicDir: false,
  build: {
    outDir: `dist/client/widget/${SDK_VERSION}`,
    emptyOutDir: true,
    // es2022: class fields as written (es2020 lowered each one to a defineProperty helper call, ~0.5 KB
    // of the every-page budget); Chrome 94+, Firefox 93+, Safari 15+.
    target: 'es2022',
    sourcemap: false,
    // No modulepreload polyfill (every target browser has it); the helper above preloads by import().
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file, deps, { hostId }) => (hostId === 'widget.js' ? deps : []),
    },
    // .vite/manifest.json: the chunk graph .size-limit.js measures the startup and first-open budgets on.
    manifest: true,
    rollupOptions: {
      // Each locale is an entry of its own, lazy/locale-<language>.js: core/locale.ts imports it by
      // that fixed name, so adding a language adds no chunk name or preload list to widget.js.
      input: {
        widget: 'src/widget/index.ts',
        'locale-en': 'src/core/locales/en.ts',
        ...Object.fromEntries(
          LANGUAGES.map((language) => [`locale-${language}`, `src/core/locales/${language}/index.ts`]),
        ),
      },
      // Keep `mount` exported from the entry: the loader calls it.
      preserveEntrySignatures: 'allow-extension',
      output: {
        format: 'es',
        // Hex, not base64: the entry and the modal name their chunks some fifty times, and a hex
        // hash (28 bits in 7 characters) costs brotli less than a base64 one (42 bits), and moves
        // less from one build to the next: measured, the first modal 35,657 -> 35,529 B.
        hashCharacters: 'hex',
        entryFileNames: (chunk) => (chunk.name === 'widget' ? 'widget.js' : 'lazy/[name].js'),
        // Chunks behind a dynamic import go to lazy/; everything beside widget.js may load at startup,
        // and .size-limit.js measures the startup and first-open budgets from the manifest.
        chunkFileNames: (chunk) => (chunk.isDynamicEntry ? 'lazy/[name]-[hash:7].js' : '[name]-[hash:7].js'),
        // One chunk (the entry) for what every page loads, one for what the first modal adds
        // (vite.chunks.ts says why).
        codeSplitting: { groups: [{ name: chunkName }], includeDependenciesRecursively: false },
      },
    },
  },
});
