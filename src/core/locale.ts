/**
 * The widget's language (§3 intl.locale): the host's tag (init's intl.locale or setLocale), else
 * the page's <html lang>, else the browser's languages, matched by language ('ja-JP' → ja); English,
 * the catalogue's own, when it has no catalogue. English rides in the modal's chunks; every other
 * language is the chunk lazy/locale-<language>.js (core/locales, vite.config.ts), fetched with the
 * modal's, in parallel, or at once when the modal's chunk is already there. Its name is fixed (the
 * directory is the version's), so this file names no chunk: a language costs its word below.
 */

import { languageOfTag } from '../protocol/language-tag.js';
import type { Context } from './context.js';
import type { LocaleChunk } from './locales/apply.js';

/** The languages with a catalogue besides English (each a chunk: vite.config.ts reads this list). */
export const LANGUAGES = ['ja', 'es', 'de', 'ar', 'pt', 'zh', 'fr', 'ko', 'tr'];

/**
 * The catalogue's language for a tag: 'ja-JP' → 'ja', 'sv' → 'en' (protocol/language-tag.ts:
 * 'zh-TW' → 'en'). Without one, the page's
 * <html lang>'s; without that either, the first of the browser's languages with a catalogue.
 */
export const localeOf = (tag?: string): string => {
  const page = tag || document.documentElement.lang;
  return [...(page ? [page] : navigator.languages), 'en']
    .map(languageOfTag)
    .find((language) => language === 'en' || LANGUAGES.includes(language)) as string;
};

/** The host's last tag; whether the modal's chunk is loading (no locale is fetched before it); the language shown; calls so far. */
let requested: string | undefined;
let started = false;
let shown = 'en';
let calls = 0;

/** The language shown ('en' until a locale's chunk shows): how amounts are written (wallet/number.ts). */
export const shownLanguage = (): string => shown;

/**
 * Shows the widget in `tag`'s language (the host's last one by default) once the modal's chunk is
 * fetched (`start`, by the modal's loader), at once after. A chunk that arrives after a later call
 * does nothing; one that does not arrive leaves the language as it was.
 */
export const useLocale = (ctx: Context, tag = requested, start = started): Promise<void> | undefined => {
  requested = tag;
  started = start;
  const call = ++calls;
  const language = localeOf(tag);
  // A variable, not a literal: Vite would turn `new URL(literal, import.meta.url)` into a glob.
  const file = `lazy/locale-${language}.js`;
  return start && language !== shown
    ? import(/* @vite-ignore */ new URL(file, import.meta.url).href).then(
        (chunk: LocaleChunk) => {
          if (call !== calls) return;
          shown = language;
          chunk.show(ctx);
        },
        () => {},
      )
    : undefined;
};
