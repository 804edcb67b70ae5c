/**
 * How the widget's code is cut into files (a `codeSplitting` group name function). Everything a
 * page loads at start (the static imports of the entry) is one chunk, `startup`, and what the first
 * opening of the modal adds (the static imports of the UI chunk) is one more, `modal`, instead of a
 * dozen small shared chunks fetched one after another: fewer requests, and brotli compresses one
 * file better than many. Preact is its own chunk (Coinbase's SDK renders with it too). Lazy parts
 * (flows, screens, wallets) keep rolldown's own splitting.
 */
import { resolve } from 'node:path';

interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

const ENTRY = resolve('src/widget/index.ts');
const UI = resolve('src/widget/ui.tsx');

/** The modules `root` reaches through static imports, itself excluded. */
function staticClosure(graph: ModuleGraph, root: string, skip: ReadonlySet<string> = new Set()): Set<string> {
  const seen = new Set<string>();
  const queue = [root];
  while (queue.length > 0) {
    const id = queue.pop() as string;
    for (const next of graph.getModuleInfo(id)?.importedIds ?? []) {
      if (seen.has(next) || skip.has(next) || next === root) continue;
      seen.add(next);
      queue.push(next);
    }
  }
  return seen;
}

let startup: Set<string> | null = null;
let modal: Set<string> | null = null;

export function chunkName(id: string, graph: ModuleGraph): string | null {
  if (/[\\/]node_modules[\\/]preact[\\/]/.test(id)) return 'preact';
  startup ??= staticClosure(graph, ENTRY);
  modal ??= staticClosure(graph, UI, startup);
  if (startup.has(id)) return 'startup';
  if (modal.has(id)) return 'modal';
  return null;
}
