/**
 * Puts a locale's texts over English text objects, object by object: the widget's locales
 * (./apply.ts) and the provider-origin surface's (frame/surface/locale.ts).
 */

/** A text object, or a tree of them. */
export type TextNode = Record<string, unknown>;

/** Copies `from`'s texts onto `to`, object by object. */
export function put(to: TextNode, from: TextNode): void {
  for (const [key, value] of Object.entries(from)) {
    if (value && typeof value === 'object') put(to[key] as TextNode, value as TextNode);
    else to[key] = value;
  }
}
