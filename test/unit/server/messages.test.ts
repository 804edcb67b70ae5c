import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../src/core/locale.js';
import {
  acceptedLanguage,
  dateTimeIn,
  languageOf,
  MESSAGES,
} from '../../../src/server/services/messages/catalogue.js';
import type { MessageTexts } from '../../../src/server/services/messages/texts.js';

type Text = (...args: unknown[]) => string;
const KEYS = Object.keys(MESSAGES.en) as (keyof MessageTexts)[];
/** Markers a text must show, by parameter name: the code and the app's name as they are, the minutes. */
const ARGS: Record<string, unknown> = {
  code: '824613',
  app: 'Demo App',
  minutes: 10,
  label: 'ann@example.com',
  purpose: '<purpose>',
  until: '<until>',
  address: '0x52908400098527886E0F7030069857D2E4169EE7',
  when: '<when>',
};
const parameters = (text: Text): string[] =>
  /^\(?([^)=]*)\)?\s*=>/
    .exec(text.toString())?.[1]
    ?.split(',')
    .map((name) => name.trim())
    .filter(Boolean) ?? [];

describe('mail and SMS texts', () => {
  it('exist in English and in every language the widget shows', () => {
    expect(Object.keys(MESSAGES).sort()).toEqual(['en', ...LANGUAGES].sort());
  });

  for (const [language, texts] of Object.entries(MESSAGES)) {
    it(`${language}: every key, every text with its placeholders, none English but English's`, () => {
      expect(Object.keys(texts).sort()).toEqual([...KEYS].sort());
      expect(languageOf(texts.lang)).toBe(language);
      expect(texts.dir).toBe(language === 'ar' ? 'rtl' : 'ltr');
      for (const key of KEYS) {
        const text = texts[key] as unknown;
        if (typeof text === 'string' && !['lang', 'dir'].includes(key)) {
          expect(text.trim(), `${language}.${key}`).not.toBe('');
          if (language !== 'en') expect(text, `${language}.${key}`).not.toBe(MESSAGES.en[key]);
        }
        if (typeof text !== 'function') continue;
        const english = MESSAGES.en[key] as unknown as Text;
        const names = parameters(english);
        expect(parameters(text as Text), key).toEqual(names);
        const shown = (text as Text)(...names.map((name) => ARGS[name]));
        for (const name of names)
          expect(shown, `${language}.${key} shows ${name}`).toContain(String(ARGS[name]));
        if (language !== 'en')
          expect(shown, `${language}.${key}`).not.toBe(english(...names.map((n) => ARGS[n])));
      }
    });
  }
});

describe('dates in a message', () => {
  it('are written in its language, in UTC', () => {
    const at = new Date(Date.UTC(2026, 10, 29, 22, 45));
    expect(dateTimeIn(MESSAGES.de, at)).toBe('29. November 2026 um 22:45 UTC');
    expect(dateTimeIn(MESSAGES.ja, at)).toBe('2026年11月29日 22:45 UTC');
    expect(dateTimeIn(MESSAGES.ar, at)).toContain('UTC');
  });
});

describe('the language of a message', () => {
  it('is a language with texts, by its subtag', () => {
    expect(languageOf('ja-JP')).toBe('ja');
    expect(languageOf('pt_BR')).toBe('pt');
    expect(languageOf('zh-CN')).toBe('zh');
    // Traditional Chinese has no texts: the Simplified ones are not its (CLDR).
    expect(languageOf('zh-Hant-TW')).toBeUndefined();
    expect(languageOf('zh-HK')).toBeUndefined();
    expect(languageOf('sv-SE')).toBeUndefined();
    expect(languageOf('')).toBeUndefined();
    expect(languageOf(42)).toBeUndefined();
  });

  it("is Accept-Language's first with texts, by q order", () => {
    expect(acceptedLanguage('ar-EG,ar;q=0.9')).toBe('ar');
    expect(acceptedLanguage('sv,de;q=0.5,fr;q=0.8')).toBe('fr');
    expect(acceptedLanguage('ko;q=0.4, tr;q=0.4')).toBe('ko');
    expect(acceptedLanguage('es;q=0,*;q=0.5')).toBeUndefined();
    expect(acceptedLanguage('sv, nb')).toBeUndefined();
    expect(acceptedLanguage(undefined)).toBeUndefined();
  });
});
