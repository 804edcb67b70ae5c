/**
 * Japanese: the login screens that load lazily (consent, allowlist, links, phone, captcha, OAuth,
 * passkeys, Farcaster; terms: docs/i18n/glossary-ja.md), put over their English objects as those
 * load (core/text/registry.ts).
 */
import type { ScreenTexts } from '../catalogue.js';

export const SCREENS: ScreenTexts = {
  CONSENT_TEXT: {
    title: 'あと1ステップです',
    detail: '続ける前に、このアプリの利用規約をご確認のうえ同意してください。',
    viewTerms: '利用規約を見る',
    viewPrivacyPolicy: 'プライバシーポリシーを見る',
    decline: '同意しない',
    accept: '同意する',
    acceptFailed: '回答を保存できませんでした。もう一度お試しください。',
  },
  ALLOWLIST_TEXT: {
    title: 'このアプリを利用する権限がありません',
    detail: '招待を受けていますか？',
    cta: '別のアカウントを試す',
  },
  LINK_TEXT: {
    linkEmailTitle: 'メールアドレスを連携',
    linkPhoneTitle: '電話番号を連携',
    updateEmailTitle: 'メールアドレスを変更',
    updateEmailCurrent: '現在のメールアドレス：',
  },
  PHONE_TEXT: {
    phoneLabel: '電話番号',
    countryLabel: '国・地域',
    phonePlaceholder: '電話番号',
  },
  CAPTCHA_MESSAGES: {
    title: 'ロボットでないことを確認',
    ready: 'セキュリティチェックを準備中…',
    loading: 'ロボットでないことを確認中…',
    success: '確認できました。続行します…',
    successNeedsIntent: '確認できました',
    continue: '続ける',
    didNotPass: 'CAPTCHAを通過できませんでした。もう一度お試しください。',
    adblockerHint: '広告ブロッカーやVPNをお使いの場合は、無効にしてからもう一度お試しください。',
    captchaFailed: '確認に失敗しました',
  },
  OAUTH_UI_TEXT: {
    oauthVerifying: (provider) => `${provider}との接続を確認中`,
    oauthVerifyingDetail: 'もう少しお待ちください',
    oauthConnected: (provider) => `${provider}と接続しました`,
    oauthRedirecting: (provider) => `${provider}に移動しています`,
    inAppBrowserTitle: 'このサービスでログインできませんでした',
  },
  OAUTH_MESSAGES: {
    userDenied: 'ログインの許可が得られませんでした',
    invalidCode: 'ログイン中に無効なコードを受け取りました。',
    unexpectedFlow: '想定外のログイン手順です。フィッシングの可能性があります',
    missingVerifier: '認証エラーが発生しました。',
    retry: (provider) => `もう一度お試しのうえ、${provider}でアカウントの接続を完了してください。`,
    accountSuspended: (provider) =>
      `${provider}のアカウントが停止されています。別の方法でログインしてください。`,
    inAppBrowser: 'アプリ内ブラウザではログインできません。外部のブラウザでもう一度お試しください。',
  },
  PASSWORDLESS_MESSAGES: {
    invalidEmail: '有効なメールアドレスを入力してください。',
    emailRequired: 'コードを送るにはメールアドレスが必要です。',
    phoneRequired: 'コードを送るには電話番号が必要です。',
    invalidPhone: '有効な電話番号を入力してください。',
    codeShouldBeNumeric: 'コードは数字で入力してください',
    passcodeOnlyNumbers: 'コードに使えるのは数字だけです',
    passcodeExactLength: 'コードは6桁の数字です',
    invalidOrExpiredCode: 'コードが無効か、有効期限が切れています',
    issueVerifyingCode: 'コードを確認できませんでした',
  },
  PASSKEY_TEXT: {
    linkTitle: 'パスキーを追加',
    recoveryTitle: 'パスキーでウォレットを保護',
    loginOff: 'このアプリではパスキーでのログインが有効になっていません',
    recoverySet: 'ウォレットはパスキーで保護されました',
    mustHaveWallet: 'パスキーで保護するにはウォレットが必要です',
    alreadySet: 'このウォレットはすでにパスキーで保護されています',
    noPrf:
      'このパスキーはお使いの端末またはブラウザが対応していないため、ウォレットの保護に使えません。復元用パスワードを設定するか、別の端末のパスキーをお使いください。',
    exitedRecoveryFlow: 'パスキーの設定が中断されました',
    recoveryFailed: 'ウォレットにパスキーを設定できませんでした',
    failed: 'パスキーを使用できませんでした。もう一度お試しください。',
  },
  FARCASTER_UI_TEXT: {
    connectTitle: 'Farcasterでサインイン',
    scan: 'スマートフォンのカメラでスキャンして、Farcasterでサインインしてください。',
    qrLabel: 'Farcasterでサインインするための QRコード',
    copyLink: 'リンクをコピー',
    openApp: 'Farcasterを開く',
    onPhone: 'FarcasterアプリでFarcasterアカウントにサインインしてから、この画面に戻ってください。',
    waiting: 'サインインを待っています…',
    connected: 'Farcasterと接続しました',
    signerTitle: 'Farcasterで承認',
    signerScan:
      'スマートフォンのカメラでスキャンして、このアプリがFarcasterに投稿することを許可してください。',
    signerQrLabel: 'Farcasterでこのアプリを承認するための QRコード',
    signerOnPhone: 'Farcasterでこのアプリを承認してから、この画面に戻ってください。',
    signerWaiting: '承認を待っています…',
    signerApproved: '承認されました',
    tryAgain: 'もう一度試す',
    connectTimeout: 'リクエストがタイムアウトしました。もう一度お試しください。',
    signerFailedTitle: '接続できませんでした',
    signerFailedDetail: '問題が発生しました。もう一度お試しください。',
    signerRejectedTitle: 'リクエストが拒否されました',
    signerRejectedDetail: 'リクエストが拒否されました。もう一度お試しください。',
  },
};
