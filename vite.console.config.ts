/**
 * The operator console's pages (src/console): one HTML page with hashed ES modules under
 * /console/assets/, no inline script, so it runs under `script-src 'self'`; its styles go into one
 * <style> carrying the CSP nonce the server hands the page (src/server/http/console-pages.ts).
 * Preact through the React API, as the widget.
 */
import { resolve } from 'node:path';
import { defineConfig } from 'vite';
import { preactAliases } from './vite.shared.js';

const root = resolve(import.meta.dirname, 'src/console');

export default defineConfig({
  root,
  base: '/console/',
  publicDir: false,
  resolve: { alias: preactAliases },
  build: {
    outDir: resolve(import.meta.dirname, 'dist/client/console'),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    rollupOptions: {
      input: { console: resolve(root, 'index.html'), preview: resolve(root, 'preview.html') },
    },
  },
});
