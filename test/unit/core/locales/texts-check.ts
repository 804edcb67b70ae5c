/**
 * What is wrong with a locale's version of an English text object: the widget's catalogues
 * (catalogue.test.ts) and the provider-origin surface's (test/unit/frame/surface-locales.test.ts).
 */

export type Node = Record<string, unknown>;

/** Sentinel arguments (numbers too are written out by a template): which a text writes out are its placeholders. */
const SENTINELS = ['⟦a⟧', '⟦b⟧', '⟦c⟧'];
const placeholders = (text: (...args: string[]) => string): string[] => {
  const out = text(...SENTINELS);
  return SENTINELS.filter((sentinel) => out.includes(sentinel));
};

/** What is wrong with a translated object: keys missing or extra, a function or its placeholders, nested objects too. */
export function pairs(english: Node, translated: Node, path: string, skip: readonly string[] = []): string[] {
  const problems: string[] = [];
  const keys = Object.keys(english).filter((key) => !skip.includes(key));
  for (const key of Object.keys(translated))
    if (!keys.includes(key)) problems.push(`${path}.${key}: not in English`);
  for (const key of keys) {
    const en = english[key];
    const tr = translated[key];
    if (tr === undefined) problems.push(`${path}.${key}: missing`);
    else if (typeof en === 'function') {
      if (typeof tr !== 'function') problems.push(`${path}.${key}: not a function`);
      else if (placeholders(tr as never).join() !== placeholders(en as never).join())
        problems.push(`${path}.${key}: placeholders differ`);
    } else if (typeof en === 'object' && en)
      problems.push(...pairs(en as Node, tr as Node, `${path}.${key}`));
    else if (typeof tr !== 'string' || tr.length === 0) problems.push(`${path}.${key}: not a text`);
  }
  return problems;
}
