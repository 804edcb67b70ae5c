import { afterEach, describe, expect, it } from 'vitest';
import { PASSWORD_TEXT, TRANSACTION_TEXT } from '../../../src/core/errors/wallet-messages.js';
import { LANGUAGES } from '../../../src/core/locale.js';
import { MFA_UI_TEXT } from '../../../src/core/text/mfa.js';
import { MFA_ERROR_TEXT } from '../../../src/core/text/mfa-errors.js';
import { texts } from '../../../src/core/text/registry.js';
import { WALLET_TEXT } from '../../../src/core/text/wallet.js';
import { SURFACE_LOCALES, showLocale } from '../../../src/frame/surface/locale.js';
import { PASSKEY_SURFACE_TEXT } from '../../../src/frame/surface/passkey-texts.js';
import { FRAME_ERROR_TEXT, type SurfaceLocale } from '../../../src/frame/surface/surface-locale.js';
import { LOCAL, SURFACE_TEXT } from '../../../src/frame/surface/texts.js';
import { EXPORT_TEXTS } from '../../../src/frame/texts.js';
import {
  GENERIC_WALLET_ERROR_MESSAGE,
  INVALID_RECOVERY_PASSWORD_MESSAGE,
} from '../../../src/protocol/error-messages.js';
import { MFA_TEXT } from '../../../src/protocol/mfa-text.js';
import { type Node, pairs } from '../core/locales/texts-check.js';
import { mountHarness, transaction } from './surface-support.js';

/** The surface's own English texts (the catalogue's objects are the widget's locales', checked there). */
const OWN: Record<string, Node> = { SURFACE_TEXT, EXPORT_TEXTS, PASSKEY_SURFACE_TEXT, FRAME_ERROR_TEXT };
/** The catalogue's objects a surface locale takes whole from the widget's locale. */
const SHARED: Record<string, Node> = {
  WALLET_TEXT,
  MFA_UI_TEXT,
  MFA_ERROR_TEXT,
  TRANSACTION_TEXT,
  PASSWORD_TEXT,
};

const rowLabels = (root: HTMLElement) => [...root.querySelectorAll('dt')].map((dt) => dt.textContent);

afterEach(() => {
  document.body.replaceChildren();
});

// In order: the checks against English first, then the locales shown (they put their texts over it).
describe('the surface locales', () => {
  const loaded: Record<string, SurfaceLocale> = {};

  for (const lang of Object.keys(SURFACE_LOCALES)) {
    it(`${lang}: every text of the surface's English, with the same placeholders, and the widget's own translations`, async () => {
      const { locale } = await (SURFACE_LOCALES[lang] as () => Promise<{ locale: SurfaceLocale }>)();
      loaded[lang] = locale;
      const translated = locale.texts as unknown as Record<string, Node>;
      for (const name of [...Object.keys(OWN), ...Object.keys(SHARED)])
        expect(translated).toHaveProperty(name);
      const problems = Object.entries(OWN).flatMap(([name, english]) =>
        pairs(english, translated[name] as Node, name),
      );
      expect(problems).toEqual([]);
      // The catalogue's objects are the widget's locale's (catalogue.test.ts checks them), not
      // copies, and no other of its objects comes along.
      const widget = (await import(`../../../src/core/locales/${lang}/wallet.ts`)).WALLET;
      for (const name of Object.keys(SHARED)) expect(translated[name]).toBe(widget[name]);
      expect(Object.keys(translated).sort()).toEqual([...Object.keys(OWN), ...Object.keys(SHARED)].sort());
    });
  }

  it('has every language of the widget, and no other', () => {
    expect(Object.keys(SURFACE_LOCALES).sort()).toEqual([...LANGUAGES].sort());
  });

  it('leaves English for a language it has no texts for, whatever the query says', async () => {
    for (const lang of ['en', 'sv', 'constructor', '__proto__', 'toString', '../ja', 'jap', ''])
      await showLocale(document, lang);
    expect(document.documentElement.getAttribute('dir')).toBeNull();
    expect(SURFACE_TEXT.send).toBe('Send');
    const h = mountHarness();
    h.show(transaction());
    expect(h.root.querySelector('h1')?.textContent).toBe('Send ETH');
  });

  const SHOWN = [
    {
      lang: 'ja',
      dir: 'ltr',
      title: 'ETHを送金',
      labels: ['ネットワーク', '送信元', '送信先', '金額', '最大手数料'],
    },
    {
      lang: 'ar',
      dir: 'rtl',
      title: 'إرسال ETH',
      labels: ['الشبكة', 'من', 'إلى', 'المبلغ', 'أقصى رسوم الشبكة'],
    },
  ];
  it('takes a tag by its language, and gives the page the locale’s own tag', async () => {
    await showLocale(document, 'PT-pt');
    expect(document.documentElement.lang).toBe('pt-BR');
    expect(SURFACE_TEXT.send).toBe(loaded.pt?.texts.SURFACE_TEXT.send);
  });

  for (const { lang, dir, title, labels } of SHOWN)
    it(`shows the send review in ${lang}: the page's lang and dir, every label`, async () => {
      await showLocale(document, lang);
      expect(document.documentElement.lang).toBe(lang);
      expect(document.documentElement.dir).toBe(dir);
      // Japanese breaks lines between phrases; Arabic as English does.
      expect(document.documentElement.style.wordBreak).toBe(lang === 'ja' ? 'auto-phrase' : '');
      const h = mountHarness();
      h.show(transaction());
      expect(h.root.querySelector('h1')?.textContent).toBe(title);
      expect(rowLabels(h.root)).toEqual(labels);
      expect([...h.root.querySelectorAll('button')].map((b) => b.textContent)).toEqual([
        loaded[lang]?.texts.WALLET_TEXT.cancel,
        loaded[lang]?.texts.SURFACE_TEXT.send,
      ]);
    });

  it('shows what the wallet frame writes in English in the language, by its code (Arabic)', () => {
    const alertFor = (error: string, code?: string) => {
      const h = mountHarness();
      h.show(transaction(), { busy: false, error, code });
      return h.root.querySelector('[role="alert"]')?.textContent;
    };
    const ar = loaded.ar?.texts;
    expect(alertFor(MFA_TEXT.invalidCode, 'invalid_mfa_code')).toBe(ar?.MFA_ERROR_TEXT.invalidCode);
    expect(alertFor(GENERIC_WALLET_ERROR_MESSAGE, 'error')).toBe(ar?.EXPORT_TEXTS.failed);
    expect(alertFor(INVALID_RECOVERY_PASSWORD_MESSAGE, 'invalid_recovery_pin')).toBe(
      'كلمة مرور الاسترداد غير صحيحة. يُرجى المحاولة مرة أخرى.',
    );
    for (const [code, english] of Object.entries(FRAME_ERROR_TEXT)) {
      expect(alertFor(english, code)).toBe(ar?.FRAME_ERROR_TEXT[code as keyof typeof FRAME_ERROR_TEXT]);
      expect(alertFor(english, code)).not.toBe(english);
    }
    // A text no locale says (no code, or one it does not know), as the frame wrote it.
    expect(alertFor('password must be at least 6 characters.')).toBe(
      'password must be at least 6 characters.',
    );
    expect(alertFor('Something new', 'something_new')).toBe('Something new');
    expect(alertFor('Inherited', 'constructor')).toBe('Inherited');
  });

  it('writes the review’s amounts and the factors’ dates as the language does (German, then Arabic)', async () => {
    const h = mountHarness();
    h.show(transaction({ value: '1234.5', maxFee: '<0.000001' }));
    const english = [...h.root.querySelectorAll('dd')].map((dd) => dd.textContent);
    expect(english).toContain('1234.5 ETH');
    expect(english).toContain('<0.000001 ETH');
    await showLocale(document, 'de');
    const german = mountHarness();
    german.show(transaction({ value: '1234.5', maxFee: '<0.000001' }));
    const shown = [...german.root.querySelectorAll('dd')].map((dd) => dd.textContent);
    expect(shown).toContain('1234,5 ETH');
    expect(shown).toContain('<0,000001 ETH');
    expect(LOCAL.date(new Date(Date.UTC(2026, 5, 12, 14, 5)))).toMatch(/^12\.06\.2026, \d\d:05$/);
    await showLocale(document, 'ar');
    expect(LOCAL.amount('0.5')).toBe('0.5');
    expect(LOCAL.amount('1234.5')).not.toMatch(/[٠-٩]/);
  });

  it('translates a text object that loads after the locale (Arabic, shown last)', () => {
    // The passkey view's texts come with its lazy chunk, after the locale: they name themselves.
    const later = texts('PASSKEY_SURFACE_TEXT', {
      ...PASSKEY_SURFACE_TEXT,
      continue: 'Continue with passkey',
    });
    expect(later.continue).toBe(loaded.ar?.texts.PASSKEY_SURFACE_TEXT.continue);
    expect(later.continue).toBe('المتابعة باستخدام مفتاح المرور');
  });
});
