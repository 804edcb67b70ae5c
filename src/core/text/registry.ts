/**
 * The text objects of the lazy chunks, by name, as their chunks load: a locale chunk
 * (core/locales/apply.ts) cannot import them (that would split each out of its chunk), so each
 * names itself here, and a locale shown before it arrived translates it as it does. In the entry
 * (vite.chunks.ts), so no lazy chunk has a file more to fetch for it.
 */
export const TEXTS: Record<string, object> = {};

/** Set by a shown locale: called with the name of each text object that loads after it. */
export const arrivals: { next?: (name: string) => void } = {};

/** Registers a lazy chunk's text object under its catalogue name; returns it unchanged. */
export function texts<T extends object>(name: string, english: T): T {
  TEXTS[name] = english;
  arrivals.next?.(name);
  return english;
}
