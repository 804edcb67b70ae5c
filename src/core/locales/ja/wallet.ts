/**
 * Japanese: the wallet, MFA and funding screens (terms: docs/i18n/glossary-ja.md), put over their
 * English objects as those load, like ./screens.ts.
 */
import type { WalletTexts } from '../catalogue.js';
import { REVIEW } from './review.js';

const TRY_AGAIN = 'もう一度試す';
const PASSKEY_LOST = 'お使いの端末ではパスキーでこのウォレットを保護できないため、';
const NO_PASSKEY = 'パスキーが使われなかったため、';
const BY_LOGIN = 'アカウントにログインすればウォレットを復元できます。';
const BY_PASSWORD = '復元用パスワードでウォレットを保護します。';

export const WALLET: WalletTexts = {
  ...REVIEW,
  FUNDING_TEXT: {
    title: 'アカウントに入金',
    promptDetail: (symbol, provider) =>
      `${provider}でカードを使って${symbol}を購入します。支払いは${provider}のウィンドウで行い、この画面で購入の状況を確認できます。`,
    continueWith: (provider) => `${provider}で続ける`,
    preparing: '購入の準備中…',
    popupBlocked: (provider) =>
      `${provider}のウィンドウがブラウザにブロックされました。こちらから開いてください：`,
    openWindow: (provider) => `${provider}を開く`,
    signFailed: '購入の準備ができませんでした。しばらくしてからもう一度お試しください。',
    paid: '支払額',
    received: '受取額',
    fees: '手数料',
    done: '完了',
    backToTransaction: 'トランザクションに戻る',
    tryAgain: TRY_AGAIN,
    result: {
      completed: {
        title: '入金が完了しました',
        detail: 'ウォレットに資金が反映されるまで数分かかる場合があります。',
      },
      failed: {
        title: '問題が発生しました',
        detail:
          '購入を完了できませんでした。クレジットカードよりデビットカードのほうが通りやすいため、デビットカードでもう一度お試しください。',
      },
      serviceFailure: {
        title: '問題が発生しました',
        detail: (provider) => `${provider}で取引の処理中にエラーが発生しました。もう一度お試しになりますか？`,
      },
      processingPayment: {
        title: '支払いを処理中',
        detail: '数時間かかる場合があります。購入が完了するとメールでお知らせします。',
      },
      awaitingAuthorization: {
        title: 'お支払いを待っています',
        detail: (provider) =>
          `${provider}でお支払いの確認を待っています。購入が完了するとメールでお知らせします。`,
      },
      inProgress: {
        title: '処理中',
        detail: (provider) =>
          `${provider}のウィンドウで購入を完了してください。完了するとこの画面が更新されます。`,
      },
    },
  },
  EXTERNAL_WALLET_TEXT: {
    unableToConnect: 'ウォレットに接続できません',
    switchingNetworks: 'ネットワークを切り替えています',
    switchNetworkDetail: 'ウォレットを指定のネットワークに切り替えてください。',
    alreadyLinked: 'このウォレットはすでに連携されています。',
    userExists: 'このアドレスのユーザーはすでに存在します',
    userExistsDetail: '別のアドレスをお試しください。',
    useDifferentWallet: '別のウォレットを使う',
    timedOut: 'ウォレットからの応答がタイムアウトしました',
    couldNotLogIn: 'ウォレットでログインできませんでした',
    rejected: 'リクエストが拒否されました',
    userRejectedConnection: '接続が拒否されました',
    unableToRetrieveAccounts: 'アカウントを取得できません',
    notConnected: 'ウォレットが接続されていません。',
    unableToDetermineChain: '現在のチェーンを特定できません。',
    cannotUnlinkEmbedded: '埋め込みウォレットの連携は解除できません',
    loginFailedTitle: 'ウォレットに接続できませんでした',
    loginFailedDetail:
      'このブラウザでウォレットが見つかりません。インストールするか、別の方法を選んでください。',
    waitingFor: (name) => `${name}を待っています`,
    connectDetail: 'ウォレットで接続を承認してください。',
    signDetail:
      'ウォレットがあなたのものであることを確認するため、ウォレットでメッセージに署名してください。',
    signWithWallet: 'ウォレットで署名',
    retry: '再試行',
    connectedTitle: '接続しました',
    connectedDetail: (address) => `ウォレット ${address} が接続されました。`,
    linkWalletTitle: 'ウォレットを連携',
    connectWalletTitle: 'ウォレットを接続',
    otherWallets: 'その他のウォレット',
    noWalletFound: 'このブラウザにウォレットが見つかりません。',
    lookingForWallets: 'ウォレットを探しています…',
    browserWallet: 'ブラウザのウォレット',
    done: '完了',
    walletConnect: 'WalletConnect',
    scanWith: (name) => `${name}でスキャン`,
    scanDetail: 'スマートフォンのウォレットアプリでこのコードをスキャンして接続します。',
    qrLabel: 'WalletConnect の QRコード',
    copyLink: 'リンクをコピー',
    openWallet: (name) => `${name}を開く`,
    chooseMobileWallet: 'ウォレットアプリを選択',
    preparingConnection: '接続の準備中…',
    phantomInterstitialTitle: 'Phantomで開く',
    phantomInterstitialDetail:
      'Phantomは専用のブラウザから接続します。続けるには、このページをPhantomで開いてください。',
    openInPhantom: 'Phantomで開く',
    installPhantomTitle: 'Phantomウォレットを作成',
    installPhantomDetail:
      'このブラウザにPhantomがインストールされていません。拡張機能を入手してウォレットを作成またはインポートし、このページを再読み込みしてください。',
    getPhantom: 'Phantomを入手',
    reload: '再読み込み',
  },
  WALLET_FLOW_TEXT: {
    genericError: 'エラーが発生しました。もう一度お試しください。',
    loginAgain: 'エラーが発生しました。もう一度ログインしてください。',
    somethingWentWrong: '問題が発生しました',
    tryLater: '対応中です。しばらくしてからもう一度お試しください。',
    refreshUserFailed: 'ユーザー情報を更新できませんでした。',
    missingEmbeddedWallet: '更新したユーザー情報に埋め込みウォレットがありません。',
    passwordAfterCreateFailed: 'ウォレットは作成されましたが、パスワードを設定できませんでした',
    passkeyFallback: {
      unavailable: { login: PASSKEY_LOST + BY_LOGIN, password: PASSKEY_LOST + BY_PASSWORD },
      skipped: { login: NO_PASSKEY + BY_LOGIN, password: NO_PASSKEY + BY_PASSWORD },
    },
    creationFailed: 'ウォレットを作成できませんでした',
    settingPasswordFailed: 'ウォレットにパスワードを設定できませんでした',
    onlyOneWallet: '現在、ウォレットは1ユーザーにつき1つまでです',
    walletTimeout: 'ウォレットがタイムアウトしました',
    embeddedWalletError: '埋め込みウォレットのエラー',
    mustHaveWallet: 'パスワードを追加するにはウォレットが必要です',
    passwordAlreadySet: 'このウォレットにはすでにパスワードが設定されています',
    mustBeAuthenticatedBeforeSigning: '署名するにはログインが必要です',
    unableToConnect: 'ウォレットに接続できません',
    unableToRecover: 'ウォレットを復元できません',
    walletNotConnected: 'ウォレットが接続されていません',
    userRejected: 'リクエストが拒否されました。',
    exitedPasswordFlow: 'パスワードの設定が中断されました',
    requestPending: '別のリクエストを処理中です',
    rateLimited: 'リクエストが多すぎます。少し待ってからもう一度お試しください。',
    insufficientFunds: 'ウォレットの残高がこのトランザクションには足りません。',
    preparingFailed: 'トランザクションの準備中にエラーが発生しました。もう一度お試しください。',
    processingFailed: 'トランザクションの処理中にエラーが発生しました。サポートにお問い合わせください。',
    addFunds: '資金を追加',
  },
};
