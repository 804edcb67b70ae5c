/**
 * The surface's language: the widget's, from its `lang` query parameter (SURFACE_LANG_QUERY), which
 * the page never trusts: a language without a chunk here leaves the page in English. A known one's
 * chunk (./locales/<language>.ts, lazy, one a language) puts its texts over the English objects the
 * views read while rendering, before the first render, and the page takes its `lang` and `dir`.
 * This file is itself a lazy chunk: an English surface loads none of it.
 */
import { PASSWORD_TEXT, TRANSACTION_TEXT } from '../../core/errors/wallet-messages.js';
import { put, type TextNode } from '../../core/locales/put.js';
import { MFA_UI_TEXT } from '../../core/text/mfa.js';
import { arrivals, TEXTS } from '../../core/text/registry.js';
import { WALLET_TEXT } from '../../core/text/wallet.js';
import type { WalletErrorType } from '../../protocol/wallet-frame.js';
import { EXPORT_TEXTS } from '../texts.js';
import type { SurfaceLocale } from './surface-locale.js';
import { FRAME_ERRORS, LOCAL, SURFACE_TEXT } from './texts.js';

/**
 * The English objects a surface locale translates, by name; the passkey view's texts
 * (PASSKEY_SURFACE_TEXT) name themselves in the text registry as their lazy chunk loads.
 */
const SURFACE_OBJECTS = {
  SURFACE_TEXT,
  EXPORT_TEXTS,
  WALLET_TEXT,
  MFA_UI_TEXT,
  TRANSACTION_TEXT,
  PASSWORD_TEXT,
};

/** The languages the surface has texts for: the widget's (core/locale.ts LANGUAGES). */
export const SURFACE_LOCALES: Record<string, () => Promise<{ locale: SurfaceLocale }>> = {
  ja: () => import('./locales/ja.js'),
  es: () => import('./locales/es.js'),
  de: () => import('./locales/de.js'),
  ar: () => import('./locales/ar.js'),
  pt: () => import('./locales/pt.js'),
  zh: () => import('./locales/zh.js'),
  fr: () => import('./locales/fr.js'),
  ko: () => import('./locales/ko.js'),
  tr: () => import('./locales/tr.js'),
};

/** §8's generic failure, which the export says too. */
const FAILED: WalletErrorType = 'error';

/** The wallet frame's alerts in the locale, by their codes (FRAME_ERRORS). */
function showFrameErrors(texts: SurfaceLocale['texts']): void {
  for (const [code, text] of Object.entries(texts.FRAME_ERROR_TEXT)) FRAME_ERRORS.set(code, text);
  FRAME_ERRORS.set(FAILED, texts.EXPORT_TEXTS.failed);
}

/**
 * Amounts and dates as `lang` writes them ('0,05' in German), §9's decimals (6 at most) and '<'
 * for dust as the frame wrote them. Western digits in every language, as the code boxes and
 * addresses: Arabic's ('ar', no region) are Western in CLDR.
 */
function showNumbers(lang: string): void {
  const number = new Intl.NumberFormat(lang, { maximumFractionDigits: 6, useGrouping: false });
  LOCAL.amount = (decimal) =>
    decimal.replace(/[\d.]+/, (digits) => number.format(digits as unknown as number));
  LOCAL.date = (date) => date.toLocaleString(lang, { dateStyle: 'medium', timeStyle: 'short' });
}

/** Shows the surface in `tag`'s language ('pt-BR' → pt) when it has its texts; English (as it is) otherwise. */
export async function showLocale(doc: Document, tag: string): Promise<void> {
  const language = tag.toLowerCase().split('-')[0] as string;
  if (!Object.hasOwn(SURFACE_LOCALES, language)) return;
  const { locale } = await (SURFACE_LOCALES[language] as () => Promise<{ locale: SurfaceLocale }>)();
  const texts = locale.texts as unknown as Record<string, TextNode | undefined>;
  const translate = (name: string): void => {
    const english = (SURFACE_OBJECTS as Record<string, object>)[name] ?? TEXTS[name];
    const translated = texts[name];
    if (english && translated) put(english as TextNode, translated);
  };
  for (const name of Object.keys(texts)) translate(name);
  showFrameErrors(locale.texts);
  showNumbers(locale.lang);
  arrivals.next = translate;
  doc.documentElement.lang = locale.lang;
  doc.documentElement.dir = locale.dir;
  doc.documentElement.style.wordBreak = locale.wordBreak ?? '';
}
