/**
 * Shows a locale: its texts go over the English objects' properties (the screens read them while
 * rendering), English is kept aside once to come back to, the widget's root takes the locale's
 * `lang` and `dir`, and the modal renders again.
 */
import { HOST_ELEMENT_ID } from '../../protocol/loader.js';
import type { Context } from '../context.js';
import { arrivals, TEXTS } from '../text/registry.js';
import { type Catalogue, ENGLISH } from './catalogue.js';
import { put, type TextNode } from './put.js';

/** A locale chunk: it puts its texts over the catalogue's (English back, for `en`) and re-renders. */
export interface LocaleChunk {
  show(ctx: Context): void;
}

type Node = TextNode;

/** A copy of the texts (functions included), to put back. */
const copy = (from: Node): Node =>
  Object.fromEntries(
    Object.entries(from).map(([key, value]) => [
      key,
      value && typeof value === 'object' ? copy(value as Node) : value,
    ]),
  );

/** Each text object's English, kept the first time a locale goes over it. */
const english: Record<string, Node> = {};

/** Puts `texts`' version of the text object `name` over it, or its English back without `texts`. */
function translate(name: string, object: Node, texts?: Node): void {
  english[name] ??= copy(object);
  put(object, (texts?.[name] as Node | undefined) ?? (english[name] as Node));
}

/**
 * What a language needs beyond the texts, carried by the locale chunks so that English pages pay
 * nothing for it, in one sheet rewritten as a locale shows:
 * - every element's content language (the root's `all: initial` resets Chromium's -webkit-locale,
 *   which `lang` sets: without it, line breaking and the glyphs of CJK text ignore the language);
 * - right to left, an icon that points (class "flip", Back's arrow) turns around;
 * - Japanese lines break between phrases, not inside words (word-break: auto-phrase).
 */
const localeRules = (lang: string) =>
  `*{-webkit-locale:"${lang}"}:host([dir=rtl]) .flip{scale:-1 1}:host([lang=ja]) *{word-break:auto-phrase}`;

/** The sheet, one for the page (a remounted widget's new shadow root adopts it too). */
let sheet: CSSStyleSheet | undefined;

function adoptLocaleRules(shadow: ShadowRoot | null | undefined, lang: string): void {
  sheet ??= new CSSStyleSheet();
  sheet.replaceSync(localeRules(lang));
  if (shadow && !shadow.adoptedStyleSheets.includes(sheet))
    shadow.adoptedStyleSheets = [...shadow.adoptedStyleSheets, sheet];
}

/**
 * The chunk of a locale: its language tag, its texts (none for English, which puts the kept
 * English back) and its writing direction. `show` is called once its chunk has arrived; the text
 * objects of chunks that load later are translated as they arrive (core/text/registry.ts).
 */
export function localeChunk(lang: string, texts?: Catalogue, dir: 'ltr' | 'rtl' = 'ltr'): LocaleChunk {
  const from = texts as unknown as Node | undefined;
  return {
    show(ctx) {
      for (const [name, object] of Object.entries({ ...ENGLISH, ...TEXTS }))
        translate(name, object as Node, from);
      arrivals.next = (name) => translate(name, TEXTS[name] as Node, from);
      const root = document.getElementById(HOST_ELEMENT_ID);
      root?.setAttribute('lang', lang);
      root?.setAttribute('dir', dir);
      adoptLocaleRules(root?.shadowRoot, lang);
      // The modal's screens read the texts while rendering: the same state, a new object, renders them.
      ctx.modal.$modal.set({ ...ctx.modal.$modal.get() });
    },
  };
}
