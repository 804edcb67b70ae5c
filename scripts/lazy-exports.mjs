#!/usr/bin/env node
/**
 * knip counts a module reached through `import('…')` as used, but not which of its exports are:
 * `(await load()).name` is invisible to it. Part of `npm run lint`: for each module of src/ and
 * loader/ loaded by a dynamic import, prints the value exports that no file names (a `.name`, a
 * destructured `{ name }`, a static `import { name }`), and exits 1.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';

const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', 'src', 'loader', 'test'], {
  encoding: 'utf8',
})
  .split('\n')
  .filter((file) => /\.(ts|tsx)$/.test(file) && existsSync(file));
const text = new Map(files.map((file) => [file, readFileSync(file, 'utf8')]));

/** The file a relative specifier names (`./x.js` is x.ts or x.tsx). */
function resolveFrom(from, specifier) {
  const base = normalize(join(dirname(from), specifier)).replace(/\.js$/, '');
  return [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((file) => text.has(file));
}

/** The modules loaded with `import('./…')`, each with the files that load it. */
const loaded = new Map();
for (const [file, source] of text) {
  if (file.startsWith('test/')) continue;
  for (const [, specifier] of source.matchAll(/import\(\s*['`](\.{1,2}\/[^'`]+)['`]\s*\)/g)) {
    const target = resolveFrom(file, specifier);
    if (target) loaded.set(target, [...(loaded.get(target) ?? []), file]);
  }
}

/** The value exports a module declares itself (types cannot be reached through import()). */
function valueExports(source) {
  const names = [
    ...source.matchAll(/^export\s+(?:async\s+)?(?:function\*?|const|let|class)\s+([\w$]+)/gm),
  ].map((match) => match[1]);
  for (const [, list] of source.matchAll(/^export\s*\{([^}]*)\}/gm)) {
    for (const item of list.split(',')) {
      const name = item
        .trim()
        .split(/\s+as\s+/)
        .pop();
      if (name && !item.trim().startsWith('type ')) names.push(name);
    }
  }
  return names;
}

/** Whether another file uses `name`: `x.name`, or in braces (`{ name }`: destructured, imported, re-exported). */
const named = (name, own) => {
  const id = name.replace(/\$/g, '\\$');
  const word = new RegExp(`\\.\\s*${id}(?![\\w$])|[{,]\\s*${id}\\s*(?:[,}:=]|\\sas\\s)`);
  for (const [file, source] of text) if (file !== own && word.test(source)) return true;
  return false;
};

const unused = [];
for (const [module] of loaded) {
  for (const name of valueExports(text.get(module)))
    if (!named(name, module)) unused.push(`${module}: ${name}`);
}
for (const line of unused) console.error(line);
if (unused.length > 0) {
  console.error(
    `${unused.length} export(s) of lazily-loaded modules that no file uses: remove them or the export.`,
  );
}
process.exit(unused.length > 0 ? 1 : 0);
