/** Loader build: one classic script (IIFE), dist/client/loader.js, beside the widget's versioned folder. */
import { defineConfig } from 'vite';

export default defineConfig({
  // Library builds keep process.env lookups; the loader runs in browsers, so fix them here.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
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
