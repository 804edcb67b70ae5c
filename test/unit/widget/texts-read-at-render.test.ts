/**
 * setLocale switches a shown modal at once: the screens read the catalogue's texts while they
 * render. A module-level object built from those texts keeps the language of the moment its chunk
 * loaded, so no widget module may hold one (a function returning it is read at each render).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? files(join(dir, entry.name))
      : /\.tsx?$/.test(entry.name)
        ? [join(dir, entry.name)]
        : [],
  );

/** A text of the catalogue: T.x (a text object imported as T) or NAME_TEXT.x, NAME_MESSAGES.x. */
const TEXT_READ = /\b(?:T|[A-Z_]+_(?:TEXT|MESSAGES))\.[a-zA-Z]+\b(?!\()/;

/** The top-level `const` objects and arrays of a module whose members are catalogue texts. */
function keptTexts(source: string): string[] {
  const kept: string[] = [];
  const lines = source.split('\n');
  for (let i = 0; i < lines.length; i += 1) {
    const line = /^(?:export )?const (\w+)[^=]*= ?[{[].*[}\]];$/.exec(lines[i] as string);
    if (line && TEXT_READ.test(lines[i] as string)) kept.push(line[1] as string);
    const head = /^(?:export )?const (\w+)[^=]*= ?[{[]$/.exec(lines[i] as string);
    if (!head) continue;
    let end = i + 1;
    while (end < lines.length && !/^[}\]]/.test(lines[end] as string)) end += 1;
    if (lines.slice(i + 1, end).some((line) => TEXT_READ.test(line))) kept.push(head[1] as string);
  }
  return kept;
}

describe('the widget’s texts', () => {
  it('are read while a screen renders, never kept in a module-level object', () => {
    const kept = files('src/widget').flatMap((file) =>
      keptTexts(readFileSync(file, 'utf8')).map((name) => `${file}: ${name}`),
    );
    expect(kept).toEqual([]);
  });
});
