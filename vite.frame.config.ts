/**
 * Wallet frame build: the hidden frame (wallet.html) and the provider-origin surface
 * (surface.html, which shows the key export too), each an HTML page with hashed ES modules under
 * /frame/assets/, no inline script or style, so the pages run under `script-src 'self'` and load
 * nothing from elsewhere. The server serves the pages at /apps/{appId}/embedded-wallets[/surface]
 * (src/server/routes/wallet-frame.ts).
 */
import { resolve } from 'node:path';
import { defineConfig } from 'vite';

const root = resolve(import.meta.dirname, 'src/frame');

export default defineConfig({
  root,
  base: '/frame/',
  publicDir: false,
  build: {
    outDir: resolve(import.meta.dirname, 'dist/client/frame'),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // No inline modulepreload polyfill; the pages import their own chunks.
    modulePreload: { polyfill: false },
    // Never inline assets as data: URLs.
    assetsInlineLimit: 0,
    // The chunk graph, for the size budgets of the first load and of the lazy Farcaster chunk.
    manifest: true,
    rollupOptions: {
      input: { wallet: resolve(root, 'wallet.html'), surface: resolve(root, 'surface.html') },
    },
  },
});
