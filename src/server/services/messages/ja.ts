import type { MessageTexts } from './texts.js';

export const JA: MessageTexts = {
  lang: 'ja',
  dir: 'ltr',
  loginSubject: (code, app) => `${app}のログインコード：${code}`,
  loginLine: (code, app) => `${app}のログインコードは${code}です。`,
  loginIntro: (app) => `${app}のログインコード：`,
  loginExpiry: (minutes) =>
    `有効期限は${minutes}分です。ログインしようとしていない場合は、このメールを無視してください。`,
  smsLogin: (code, app, minutes) => `${app}のログインコード：${code}（有効期限${minutes}分）`,
  smsVerification: (code, app, minutes) => `${app}の確認コード：${code}（有効期限${minutes}分）`,
};
