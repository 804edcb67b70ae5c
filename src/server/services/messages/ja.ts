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
  purposeNewDevice: '新しいデバイスでウォレットを読み込む',
  purposeLink: (label) => `${label}をアカウントに連携する`,
  purposeUnlink: (label) => `${label}のアカウント連携を解除する`,
  purposeUpdate: (label) => `メールアドレスを${label}に変更する`,
  purposeMfaEnroll: '2段階認証の方法を追加する',
  purposeMfaUnenroll: '2段階認証の方法を削除する',
  stepUpSubject: (code, app) => `${app}の本人確認コード：${code}`,
  stepUpAsked: (purpose, app, code) =>
    `${app}で「${purpose}」操作のリクエストがありました。ご本人の場合は、求められた画面にこのコードを入力してください：${code}`,
  codeExpiry: (minutes) => `有効期限は${minutes}分です。`,
  stepUpNotYou: (purpose, app) =>
    `心当たりがない場合は、このコードを誰にも教えないでください。コードを知った人は「${purpose}」操作ができてしまいます。知らないデバイスでは${app}からログアウトしてください。`,
  changeUpdatedSubject: (app) => `${app}のメールアドレスが変更されました`,
  changeLinkedSubject: (app) => `${app}に新しいログイン方法が追加されました`,
  changeUpdated: (app, label) => `${app}のメールアドレスが${label}に変更されました。`,
  changeLinked: (app, label) =>
    `${app}のアカウントに${label}が連携されました。これを使ってあなたとしてログインできます。`,
  changeAdvice: (app, until) =>
    `ご自身による操作であれば、対応は不要です。心当たりがない場合は、${until}までに${app}にログインして連携を解除してください。それまでは、新しいデバイスや変更の本人確認には使えません。`,
  newDeviceSubject: (app) => `${app}のウォレットが新しいデバイスで復元されました`,
  newDeviceRecovered: (app, address, when) =>
    `${app}のウォレット${address}が新しいデバイスで復元されました（${when}）。`,
  newDeviceYou: 'ご自身による操作であれば、対応は不要です。',
  newDeviceAdvice: (app) =>
    `心当たりがない場合は、${app}にログインし、知らないデバイスをウォレットから削除して、ログイン方法（メールアドレスまたは2段階認証）を保護してください。`,
};
