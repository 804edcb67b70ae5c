/**
 * The widget's language (§3 intl.locale): the host's tag, else the page's <html lang>, else the
 * browser's language, matched by language ('ja-JP' → ja); English, the catalogue's own, when it has
 * no catalogue. English rides in the modal's chunks; every other language is one lazy chunk
 * (core/locales). Not yet called by the widget's start, init() or a setLocale method: that wiring
 * measured +207 B on every page and +174 B on the first modal, whose budget has 48 B to spare.
 */
import type { Context } from './context.js';
import type { LocaleChunk } from './locales/apply.js';

/** The chunk of each language: English (which only puts English back) and those with a catalogue. */
const LOCALES: Record<string, () => Promise<LocaleChunk>> = {
  en: () => import('./locales/en.js'),
  ja: () => import('./locales/ja/index.js'),
};

/** The catalogue's language for a tag (the page's, else the browser's, without one): 'ja-JP' → 'ja', 'fr' → 'en'. */
export const localeOf = (tag = document.documentElement.lang || navigator.language): string => {
  const language = tag.toLowerCase().split('-')[0] as string;
  return LOCALES[language] ? language : 'en';
};

/** Shows the widget in `tag`'s language, now if the modal is open. */
export const useLocale = (ctx: Context, tag?: string): Promise<void> =>
  (LOCALES[localeOf(tag)] as () => Promise<LocaleChunk>)().then((chunk) => chunk.show(ctx));
