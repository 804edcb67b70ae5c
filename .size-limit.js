// Size budgets (brotli), checked by `npm test` after the build. The widget's budgets follow its
// chunk graph, read from Vite's manifest: what a page loads on every visit (the loader, the widget
// entry and its static imports), and what the first opening of the login modal adds (the UI chunk
// and its static imports). Chunks behind a later dynamic import (a flow, a screen) count in neither.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const widgetRoot = 'dist/client/widget';
const [version] = existsSync(widgetRoot) ? readdirSync(widgetRoot) : [];
if (!version) throw new Error(`No widget build under ${widgetRoot}: run npm run build first.`);
const widgetDir = join(widgetRoot, version);
const manifest = JSON.parse(readFileSync(join(widgetDir, '.vite/manifest.json'), 'utf8'));

/** The files of the given manifest entries and of everything they import statically. */
function staticClosure(keys, seen = new Set()) {
  for (const key of keys) {
    if (seen.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the widget manifest`);
    seen.add(key);
    staticClosure(chunk.imports ?? [], seen);
  }
  return seen;
}
const files = (keys) => [...keys].map((key) => join(widgetDir, manifest[key].file));

const startup = staticClosure(['src/widget/index.ts']);
const firstOpen = staticClosure(['src/widget/ui.tsx'], new Set(startup));
// The embedded wallet client (core/wallet/controller.ts: proxy, flows, EIP-1193 provider), lazy:
// what its first use adds beyond the every-page files.
const walletChunk = [...staticClosure(['src/core/wallet/controller.ts'], new Set(startup))].filter(
  (key) => !startup.has(key),
);

export default [
  {
    name: 'loader (the pasted script tag)',
    path: 'dist/client/loader.js',
    brotli: true,
    limit: '2 KB',
  },
  {
    name: 'every page: loader + widget entry + its static imports',
    path: ['dist/client/loader.js', ...files(startup)],
    brotli: true,
    limit: '15 KB',
  },
  {
    name: 'first login modal: the above + the UI chunk and its static imports',
    path: ['dist/client/loader.js', ...files(firstOpen)],
    brotli: true,
    // preact + compat ≈ 7.3 KB and emotion ≈ 4.5 KB of it: the stack's floor.
    limit: '35 KB',
  },
  {
    name: 'wallet chunk (embedded wallet client, lazy)',
    path: files(walletChunk),
    brotli: true,
    limit: '85 KB',
  },
  {
    name: 'wallet frame',
    path: 'dist/client/frame/assets/*.js',
    brotli: true,
    limit: '100 KB',
  },
];
