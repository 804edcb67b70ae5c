/**
 * Japanese: what the first modal and the code entry show (terms: docs/i18n/glossary-ja.md), put
 * over the English objects the locale chunk imports (core/locales/catalogue.ts ENGLISH).
 */
import type { Catalogue } from '../catalogue.js';

export const FIRST_MODAL: Pick<
  Catalogue,
  'UI_TEXT' | 'ERROR_SCREEN_TEXT' | 'OUTAGE_TEXT' | 'CODE_TEXT' | 'FLOW_MESSAGES'
> = {
  UI_TEXT: {
    loginTitle: 'ログインまたは新規登録',
    loadingTitle: '読み込み中',
    emailLabel: 'メールアドレス',
    emailPlaceholder: 'your@email.com',
    submit: '送信',
    termsFooter: 'ログインすると利用規約に同意したものとみなされます',
    termsFooterStart: 'ログインすると次に同意したものとみなされます：',
    terms: '利用規約',
    and: 'と',
    privacyPolicy: 'プライバシーポリシー',
    moreOptions: 'その他の方法',
    otherSocials: 'その他のSNS',
    otherWallets: 'その他のウォレット',
    continueWithWallet: 'ウォレットで続ける',
    continueWithEmail: 'メールで続ける',
    continueWithSms: 'SMSで続ける',
    continueWithFarcaster: 'Farcasterで続ける',
    loginWithPasskey: 'パスキーでログイン',
    continueWith: (provider) => `${provider}で続ける`,
    linkSuccess: 'アカウントを連携しました',
    loginSuccess: 'ログインしました',
    loadingPhoneField: '電話番号の入力欄を読み込み中…',
    digit: (n) => `${n}桁目`,
    resendCode: 'コードを再送信',
    verifying: '確認中…',
    close: '閉じる',
    back: '戻る',
    appLogo: (name) => `${name}のロゴ`,
  },
  ERROR_SCREEN_TEXT: {
    timedOutTitle: 'タイムアウトしました',
    tryAgain: 'もう一度試す',
    retry: '再試行',
    somethingWentWrong: '問題が発生しました',
    tryAgainLater: 'しばらくしてからもう一度お試しください',
    unreachable: 'ログインサービスに接続できませんでした',
    checkConnection: '接続を確認してから再試行してください。',
    notAllowed: '利用できません',
    tryAnotherMethod: '別の方法を試す',
    back: '戻る',
    invalidCredentials: '問題が発生しました。もう一度お試しください。',
    authenticationFailed: '認証に失敗しました',
    captchaTimeout: '問題が発生しました。しばらくしてからもう一度お試しください。',
    invalidCaptcha: 'もう一度お試しください。',
  },
  OUTAGE_TEXT: {
    checkConnection: '接続を確認してから再試行してください。',
    retry: '再試行',
    close: '閉じる',
  },
  CODE_TEXT: {
    codeTitle: '確認コードを入力',
    codeSentTo: 'メールに届いたコードを入力してください。送信先：',
    codeSentToPhone: 'SMSに届いたコードを入力してください。送信先：',
    updateSuccess: 'メールアドレスを更新しました',
    codeResent: '新しいコードを送信しました。',
    didNotGetCode: 'コードが届きませんか？',
  },
  FLOW_MESSAGES: {
    noAuthFlow: '進行中のログインはありません。',
    tooManyRequests: 'リクエストが多すぎます。しばらく待ってからもう一度お試しください。',
    mailDeliveryFailed: 'ログインコードを送信できませんでした。しばらくしてからもう一度お試しください。',
    linkedToAnotherUser: 'このアカウントはすでに別のユーザーに連携されています。',
  },
};
