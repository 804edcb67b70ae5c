/**
 * A TypeDoc plugin for the package reference (docs/reference/api/, made by `npm run docs:api`):
 * each entry point is named by the import that reaches it (`src/package/react.ts` is
 * `@gatehousejs/widget/react`), its file's opening comment is the page's introduction, and each
 * page gets the front matter the sidebar reads (title, order).
 */
import { readFileSync } from 'node:fs';
import { Comment, Converter, ReflectionKind } from 'typedoc';
import { MarkdownPageEvent } from 'typedoc-plugin-markdown';

const PACKAGE = '@gatehousejs/widget';
/** Entry points in reading order: the sidebar lists them so. */
const ENTRIES = ['index', 'react', 'vue', 'svelte', 'server'];

/** The text of a file's opening `/** … *\/` comment, without its stars. */
function openingComment(file) {
  const block = /^\s*\/\*\*([\s\S]*?)\*\//.exec(readFileSync(file, 'utf8'))?.[1] ?? '';
  return block
    .split('\n')
    .map((line) => line.replace(/^\s*\* ?/, ''))
    .join('\n')
    .trim();
}

/** @param {import('typedoc').Application} app */
export function load(app) {
  const order = new Map();
  app.converter.on(Converter.EVENT_RESOLVE_BEGIN, (context) => {
    for (const module of context.project.getChildrenByKind(ReflectionKind.Module)) {
      const entry = module.name;
      const file = new URL(`../../src/package/${entry}.ts`, import.meta.url);
      module.name = entry === 'index' ? PACKAGE : `${PACKAGE}/${entry}`;
      order.set(module.name, ENTRIES.indexOf(entry) + 1 || ENTRIES.length + 1);
      if (!module.comment) module.comment = new Comment([{ kind: 'text', text: openingComment(file) }]);
    }
  });
  app.renderer.on(MarkdownPageEvent.END, (page) => {
    // The index's order puts "Package API" right after "The host API" (order 1) under Reference.
    const title = page.model.kind === ReflectionKind.Project ? 'Package API' : page.model.name;
    const front = `---\ntitle: '${title}'\norder: ${order.get(page.model.name) ?? 1.5}\n---\n\n`;
    page.contents = front + (page.contents ?? '');
  });
}
