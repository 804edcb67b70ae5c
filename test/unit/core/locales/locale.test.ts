/**
 * Choosing the widget's language (core/locale.ts) and showing it (core/locales; loading the chunk
 * by its URL is the browser test's, test/e2e/locale.test.ts): the tag, else the
 * page's <html lang>, else the browser's language, matched by language; a shown locale's texts
 * over English, `lang` and `dir` on the widget's root, the modal rendered again, English back.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Context } from '../../../../src/core/context.js';
import { connectTimeoutError } from '../../../../src/core/farcaster/errors.js';
import { fundingResult } from '../../../../src/core/funding/result.js';
import { localeOf, useLocale } from '../../../../src/core/locale.js';
import * as en from '../../../../src/core/locales/en.js';
import * as ja from '../../../../src/core/locales/ja/index.js';
import { mfaErrorText } from '../../../../src/core/mfa/frame.js';
import { ModalController } from '../../../../src/core/modal/modal.js';
import { CONSENT_TEXT } from '../../../../src/core/text/consent.js';
import { OUTAGE_TEXT } from '../../../../src/core/text/outage.js';
import { texts } from '../../../../src/core/text/registry.js';
import { ERROR_SCREEN_TEXT, UI_TEXT } from '../../../../src/core/text/ui.js';
import { WalletProxyError } from '../../../../src/core/wallet/embedded/proxy-error.js';
import { sendErrorText } from '../../../../src/core/wallet/embedded/send-review.js';
import { HOST_ELEMENT_ID } from '../../../../src/protocol/loader.js';

afterEach(() => {
  document.documentElement.removeAttribute('lang');
  vi.restoreAllMocks();
});

describe('the widget’s language', () => {
  it('is the tag’s language when it has a catalogue, else English', () => {
    expect(localeOf('ja')).toBe('ja');
    expect(localeOf('ja-JP')).toBe('ja');
    expect(localeOf('JA-jp')).toBe('ja');
    expect(localeOf('de-AT')).toBe('de');
    // By the language subtag; Traditional Chinese is not the Simplified catalogue's (CLDR).
    expect(localeOf('zh-CN')).toBe('zh');
    expect(localeOf('zh-Hans')).toBe('zh');
    expect(localeOf('zh-SG')).toBe('zh');
    expect(localeOf('zh-Hans-HK')).toBe('zh');
    for (const traditional of ['zh-TW', 'zh-HK', 'zh-MO', 'zh-Hant', 'zh-Hant-CN', 'ZH_tw'])
      expect(localeOf(traditional)).toBe('en');
    expect(localeOf('ko-KR')).toBe('ko');
    expect(localeOf('tr-TR')).toBe('tr');
    expect(localeOf('es-419')).toBe('es');
    expect(localeOf('pt-BR')).toBe('pt');
    expect(localeOf('pt-PT')).toBe('pt');
    expect(localeOf('fr-CA')).toBe('fr');
    expect(localeOf('en-GB')).toBe('en');
    expect(localeOf('it')).toBe('en');
  });

  it('is the page’s <html lang> without a tag, before the browser’s languages', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['ja-JP']);
    document.documentElement.lang = 'ja';
    expect(localeOf()).toBe('ja');
    document.documentElement.lang = 'sv';
    expect(localeOf()).toBe('en');
  });

  it('is the first of the browser’s languages with a catalogue, without a tag or a page language', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['it-IT', 'ja-JP', 'en']);
    expect(localeOf()).toBe('ja');
    expect(localeOf('')).toBe('ja');
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['pl-PL', 'en-US', 'ja']);
    expect(localeOf()).toBe('en');
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue([]);
    expect(localeOf()).toBe('en');
    // A reader of Traditional Chinese who also reads Simplified says so: 'zh' comes next.
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['zh-TW', 'zh', 'en']);
    expect(localeOf()).toBe('zh');
  });
});

describe('setting the language before the modal’s chunk is fetched', () => {
  it('only records it: nothing is fetched and the texts stay English', () => {
    const ctx = { modal: new ModalController() } as unknown as Context;
    expect(useLocale(ctx, 'ja')).toBeUndefined();
    expect(UI_TEXT.loginTitle).toBe('Log in or sign up');
  });
});

describe('showing a locale', () => {
  it('puts its texts over English, marks the root and renders the modal again; English comes back', () => {
    const root = document.createElement('div');
    root.id = HOST_ELEMENT_ID;
    document.body.append(root);
    const ctx = { modal: new ModalController() } as unknown as Context;
    const renders = vi.fn();
    ctx.modal.$modal.listen(renders);

    ja.show(ctx);
    expect(UI_TEXT.loginTitle).toBe('ログインまたは新規登録');
    expect(UI_TEXT.continueWith('Google')).toBe('Googleで続ける');
    expect(ERROR_SCREEN_TEXT.somethingWentWrong).toBe('問題が発生しました');
    // A lazy chunk's texts, loaded before the locale and after it.
    expect(CONSENT_TEXT.accept).toBe('同意する');
    const late = texts('LINK_TEXT', {
      linkEmailTitle: 'Link your email',
      linkPhoneTitle: 'Link your phone number',
    });
    expect(late.linkEmailTitle).toBe('メールアドレスを連携');
    expect(root.getAttribute('lang')).toBe('ja');
    expect(root.getAttribute('dir')).toBe('ltr');
    expect(renders).toHaveBeenCalledTimes(1);

    en.show(ctx);
    expect(UI_TEXT.loginTitle).toBe('Log in or sign up');
    expect(UI_TEXT.continueWith('Google')).toBe('Continue with Google');
    expect(CONSENT_TEXT.accept).toBe('Accept');
    expect(late.linkEmailTitle).toBe('Link your email');
    expect(root.getAttribute('lang')).toBe('en');
    expect(renders).toHaveBeenCalledTimes(2);

    // Again, after English came back: the saved English stays English.
    ja.show(ctx);
    en.show(ctx);
    expect(UI_TEXT.loginTitle).toBe('Log in or sign up');
    root.remove();
  });
});

describe('the texts the flows build, in the shown language', () => {
  it('the funding results, the Farcaster, MFA and send refusals, the outage and the footer', () => {
    const ctx = { modal: new ModalController() } as unknown as Context;
    ja.show(ctx);
    const funded = fundingResult({ status: 'completed', paymentMethod: 'credit_debit_card' });
    expect(funded.title).toBe('入金が完了しました');
    expect(fundingResult({ status: 'serviceFailure' }).detail).toBe(
      'MoonPayで取引の処理中にエラーが発生しました。もう一度お試しになりますか？',
    );
    expect(connectTimeoutError().detail).toBe('リクエストがタイムアウトしました。もう一度お試しください。');
    const wrongCode = new WalletProxyError(
      'error',
      'The code you entered is not valid',
      'missing_or_invalid_mfa',
    );
    expect(mfaErrorText(wrongCode)).toBe('入力したコードが正しくありません');
    const short = new WalletProxyError('error', 'insufficient funds', 'insufficient_funds');
    expect(sendErrorText(short)).toBe('ウォレットの残高がこのトランザクションには足りません。');
    expect(OUTAGE_TEXT.unreachable).toBe('ログインサービスに接続できませんでした');
    expect(UI_TEXT.protectedBy).toBe('Gatehouse で保護されています');
    en.show(ctx);
    expect(fundingResult({ status: 'serviceFailure' }).detail).toBe(
      'MoonPay ran into an error when processing your transaction. Try again?',
    );
    expect(mfaErrorText(wrongCode)).toBe('The code you entered is not valid');
  });
});
