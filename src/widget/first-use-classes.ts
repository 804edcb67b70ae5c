import type { CSSObject, Emotion } from '@emotion/css/create-instance';

/** A rule's style, or a function building it (one that needs another rule, a keyframes name). */
export type RuleDefinition = CSSObject | (() => CSSObject);

/**
 * Class names made when first read, not when the theme is built: emotion serialises, hashes and
 * inserts each rule, and LANDING's first render reads about half of them (a trace of the first
 * opening: building every rule up front was the larger part of that render). Each name is made once
 * and then kept as a plain property. Rules are inserted in the order they are first read, so
 * classes combined on one element must not set the same property.
 */
export function firstUseClasses<K extends string>(
  css: Emotion['css'],
  definitions: Record<K, RuleDefinition>,
): Readonly<Record<K, string>> {
  const classes = {} as Record<K, string>;
  for (const key of Object.keys(definitions) as K[]) {
    Object.defineProperty(classes, key, {
      configurable: true,
      enumerable: true,
      get() {
        const definition = definitions[key];
        const name = css(typeof definition === 'function' ? definition() : definition);
        Object.defineProperty(classes, key, { value: name, enumerable: true });
        return name;
      },
    });
  }
  return classes;
}
