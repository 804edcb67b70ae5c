/**
 * The languages of the mails and SMS: English and the widget's languages (core/locale.ts
 * LANGUAGES; a unit test keeps the two lists equal), each with its texts.
 */
import { languageOfTag } from '../../../protocol/language-tag.js';
import { AR } from './ar.js';
import { DE } from './de.js';
import { EN } from './en.js';
import { ES } from './es.js';
import { FR } from './fr.js';
import { JA } from './ja.js';
import { KO } from './ko.js';
import { PT } from './pt.js';
import type { MessageTexts } from './texts.js';
import { TR } from './tr.js';
import { ZH } from './zh.js';

export const MESSAGES = {
  en: EN,
  ja: JA,
  es: ES,
  de: DE,
  ar: AR,
  pt: PT,
  zh: ZH,
  fr: FR,
  ko: KO,
  tr: TR,
} as const satisfies Record<string, MessageTexts>;

export type MessageLanguage = keyof typeof MESSAGES;

/** The texts of a language, English's for none. */
export const textsOf = (language: MessageLanguage | undefined): MessageTexts => MESSAGES[language ?? 'en'];

/** The language of a BCP 47 tag when it has texts, by its language subtag ('ja-JP' → 'ja'). */
export function languageOf(tag: unknown): MessageLanguage | undefined {
  if (typeof tag !== 'string') return undefined;
  const language = languageOfTag(tag.trim());
  return Object.hasOwn(MESSAGES, language) ? (language as MessageLanguage) : undefined;
}

/**
 * The first language of an Accept-Language header (`ar-EG,ar;q=0.9,en;q=0.8`) that has texts, in
 * the order of its q values (the header's order among equal ones); none for `*` or q=0.
 */
export function acceptedLanguage(header: string | undefined): MessageLanguage | undefined {
  if (!header) return undefined;
  const ranges = header.split(',').map((part, index) => {
    const [tag = '', ...params] = part.split(';').map((piece) => piece.trim());
    const q = params.find((param) => /^q=/i.test(param));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    return { tag, weight: Number.isFinite(weight) ? weight : 0, index };
  });
  const ordered = ranges
    .filter((range) => range.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const range of ordered) {
    const language = languageOf(range.tag);
    if (language) return language;
  }
  return undefined;
}

/** A date and time in a message: in its language, in UTC ('29 de noviembre de 2026, 22:45 UTC'). */
export const dateTimeIn = (texts: MessageTexts, date: Date): string =>
  `${new Intl.DateTimeFormat(texts.lang, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(date)} UTC`;
