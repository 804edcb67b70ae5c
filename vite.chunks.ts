/**
 * How the widget's code is cut into files (a `codeSplitting` group name function). Everything a
 * page loads at start (the entry and its static imports) is one chunk, `startup`, which becomes the
 * entry file widget.js, and what the first opening of the modal adds (ui.tsx, its static imports
 * and preact) is one more, `modal`, instead of a dozen small shared chunks fetched one after
 * another: fewer requests in the chain before LANDING, and brotli compresses one file better than
 * many. Lazy parts (flows, screens, wallets) keep rolldown's own splitting; Coinbase's SDK, which
 * renders with preact too, imports it from `modal` (always loaded before a wallet can be chosen).
 */
import { resolve } from 'node:path';

interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

const ENTRY = resolve('src/widget/index.ts');
const UI = resolve('src/widget/ui.tsx');
/**
 * Small modules only flows share (each loaded after the modal): in the modal chunk, which is
 * always there before any flow, instead of a file of their own in each flow's chain.
 */
const SHARED_BY_FLOWS = new Set([resolve('src/core/login/refused.ts')]);
/**
 * In the entry: the code screen's texts, which a locale chunk (core/locales) imports without
 * splitting them out of their screen's chunk into a file of their own (the code screen's budget
 * has no room for one more file), and the registry the other lazy chunks' texts name themselves in.
 */
const LOCALIZED_TEXTS = new Set([resolve('src/core/text/code.ts'), resolve('src/core/text/registry.ts')]);

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
  startup ??= staticClosure(graph, ENTRY);
  modal ??= staticClosure(graph, UI, startup);
  if (id === ENTRY || startup.has(id) || LOCALIZED_TEXTS.has(id)) return 'startup';
  if (id === UI || modal.has(id) || SHARED_BY_FLOWS.has(id)) return 'modal';
  if (/[\\/]node_modules[\\/]preact[\\/]/.test(id)) return 'modal';
  return null;
}
