/**
 * Japanese on the provider-origin surface (terms: docs/i18n/glossary-ja.md): the widget's own
 * translations of the catalogue's objects, and the surface's texts.
 */
import { FIRST_MODAL } from '../../../core/locales/ja/login.js';
import { REVIEW } from '../../../core/locales/ja/review.js';
import type { SurfaceLocale } from '../surface-locale.js';

const AGAIN = 'もう一度お試しください。';
const NO_PASSKEY = 'パスキーが使われませんでした。';
const ONLY_PASSKEY = 'はパスキーでのみ読み込めます。';

export const locale: SurfaceLocale = {
  lang: 'ja',
  dir: 'ltr',
  // Between phrases, not inside words ('くだ / さい'), as the widget's Japanese does.
  wordBreak: 'auto-phrase',
  texts: {
    // The widget's WALLET_TEXT, MFA_UI_TEXT, MFA_ERROR_TEXT, TRANSACTION_TEXT and PASSWORD_TEXT.
    ...REVIEW,
    SURFACE_TEXT: {
      digit: FIRST_MODAL.UI_TEXT.digit,
      loading: '読み込み中…',
      gone: 'このリクエストはすでに終了しています。',
      goneDetail: 'このウィンドウは閉じてかまいません。',
      done: '完了',
      missingParameters: 'このページは表示するリクエストなしで開かれました。',
      sign: '署名',
      send: '送金',
      sending: '送金中…',
      working: '処理中…',
      unknownChain: (id) => `チェーン ${id}`,
      maxFee: '最大手数料',
      data: 'データ',
      dataBytes: (bytes) => `${bytes}バイト（コントラクトを呼び出します）`,
      verifyTitle: '本人確認',
      newDevice: 'この端末でウォレットを初めて読み込みます。',
      mfa: '続けるにはコードを入力してください。',
      chooseFactor: '本人確認の方法を選んでください。',
      emailFactor: (label) => `${label}にコードをメールで送信`,
      textFactor: (label) => `${label}にコードをSMSで送信`,
      totpFactor: '認証アプリを使う',
      walletFactor: 'この端末のウォレットで承認',
      usableFrom: (when) => `${when}から使用できます`,
      notThisLogin: '今回のログインでは使用できません',
      noFactorTitle: 'この端末では本人確認ができません',
      noFactorDetail:
        'ウォレットを作成した端末でウォレットを開き、アカウントにメールアドレス、電話番号、または2段階認証を追加してください。',
      codeSentTo: (to) => `${to}に送信されたコードを入力してください`,
      codeSent: '送信されたコードを入力してください',
      codeFromApp: '認証アプリに表示されたコードを入力してください',
      anotherWay: '別の方法を使う',
      passkeyFactor: 'パスキーを使う',
      link: (account) => `${account}をアカウントに連携`,
      unlink: (account) => `${account}とアカウントの連携を解除`,
      changeEmail: (email) => `メールアドレスを${email}に変更`,
      mfaEnroll: (method) => `2段階認証を追加（${method}）`,
      mfaUnenroll: (method) => `2段階認証を削除（${method}）`,
      accounts: { email: 'メールアドレス', phone: '電話番号', wallet: 'ウォレット' },
      anyPasskey: 'パスキー',
      namedPasskey: (name) => `パスキー「${name}」`,
      smsTo: (phone) => `${phone}へのSMS`,
    },
    EXPORT_TEXTS: {
      heading: REVIEW.WALLET_TEXT.exportTitle,
      warning: '秘密鍵を知っている人は、このウォレットを完全に操作できます。絶対に誰にも教えないでください。',
      reveal: '秘密鍵を表示',
      loading: 'ウォレットを読み込み中…',
      copy: '鍵をコピー',
      copied: 'コピーしました',
      addressLabel: 'ウォレットアドレス',
      passwordPrompt: '鍵を表示するには復元用パスワードを入力してください',
      wrongPassword: `パスワードが正しくありません。${AGAIN}`,
      mismatch: 'このアドレスのウォレットを復元できませんでした。',
      failed: `問題が発生しました。${AGAIN}`,
      missingParameters: 'このページはエクスポートするウォレットなしで開かれました。',
      mfaRequired: '先に本人確認を行ってから、このページをもう一度開いてください。',
      loginAgain:
        'このブラウザにはまだウォレットがありません。もう一度ログインしてから、このページを開き直してください。',
    },
    PASSKEY_SURFACE_TEXT: {
      title: {
        login: 'パスキーでログイン',
        signup: 'パスキーを作成',
        link: 'パスキーを追加',
        'step-up': 'パスキーで本人確認',
        recover: 'パスキーでウォレットのロックを解除',
        'set-recovery': 'パスキーでウォレットを保護',
        'create-recovery': REVIEW.WALLET_TEXT.creatingPasskeyTitle,
      },
      detail: {
        login: 'この端末、スマートフォン、またはパスワードマネージャーに保存されたパスキーを使ってください。',
        signup: 'この端末にこのアカウントのパスキーが保存されます。パスワードを覚える必要はありません。',
        link: '次回からログインに使えるパスキーがこの端末に保存されます。',
        'step-up': 'お使いのパスキーのいずれかで本人確認を行ってください。',
        recover: 'ウォレットを保護しているパスキーを使って、この端末にウォレットを読み込みます。',
        'set-recovery': `新しい端末では、ウォレット${ONLY_PASSKEY}`,
        'create-recovery': `別の端末では、新しいウォレット${ONLY_PASSKEY}`,
      },
      continue: 'パスキーで続ける',
      signUp: 'パスキーを作成',
      cancelled: `${NO_PASSKEY}${AGAIN}`,
      cancelledSignUp: `${NO_PASSKEY}パスキーをお持ちでない場合は、作成してください。`,
      cancelledVerification: '本人確認がキャンセルされました',
      exists: 'この端末には、このアカウントのパスキーがすでにあります。',
      failed: `パスキーを使用できませんでした。${AGAIN}`,
      unsupported: 'このブラウザではパスキーを使用できません。',
      framed: 'このページ内ではパスキーを使用できません。新しいウィンドウで続けてください。',
      newWindow: '新しいウィンドウで続ける',
      inWindow: '新しいウィンドウで操作を完了してください。',
      popupBlocked: `新しいウィンドウがブロックされました。このサイトのポップアップを許可してから、${AGAIN}`,
      noOpener: 'このウィンドウはパスキーの画面から開いてください。',
    },
    FRAME_ERROR_TEXT: {
      invalid_mfa_code: REVIEW.MFA_ERROR_TEXT.invalidCode,
      mfa_verification_max_attempts_reached: REVIEW.MFA_ERROR_TEXT.maxAttempts,
      mfa_timeout: REVIEW.MFA_ERROR_TEXT.timedOut,
      invalid_recovery_pin: `復元用パスワードが正しくありません。${AGAIN}`,
      too_many_requests: FIRST_MODAL.FLOW_MESSAGES.tooManyRequests,
      mail_delivery_failed: FIRST_MODAL.FLOW_MESSAGES.mailDeliveryFailed,
      twilio_verification_failed:
        'SMSでコードを送信できませんでした。しばらくしてからもう一度お試しください。',
      step_up_factor_unavailable: 'この方法では今は本人確認ができません。',
      wrong_passkey:
        'このパスキーではこのウォレットのロックを解除できません。ウォレットを保護しているパスキーを使ってください。',
      passkey_without_prf:
        'このパスキーまたはブラウザではウォレットのロックを解除できません。別のブラウザまたは端末をお試しください。',
      passkey_not_yours: 'このパスキーはお使いのパスキーではありません。別のパスキーをお試しください。',
      invalid_passkey_challenge: `パスキーのリクエストの有効期限が切れました。${AGAIN}`,
      passkey_verification_failed: 'パスキーを確認できませんでした。',
      passkey_not_found: 'このパスキーはこのアプリに登録されていません。',
      passkey_already_linked: 'このパスキーはすでにアカウントに連携されています。',
    },
  },
};
