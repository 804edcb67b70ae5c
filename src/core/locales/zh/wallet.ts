/**
 * Simplified Chinese: the wallet, MFA and funding screens (terms: docs/i18n/glossary-zh.md), put
 * over their English objects as those load, like ./screens.ts.
 */
import type { WalletTexts } from '../catalogue.js';
import { REVIEW } from './review.js';

const TRY_AGAIN = '再试一次';
const PASSKEY_LOST = '您的通行密钥无法在此设备上保护这个钱包，';
const NO_PASSKEY = '您没有使用通行密钥，';
const BY_LOGIN = '因此您可以改为通过登录账号来恢复钱包。';
const BY_PASSWORD = '因此改由您的恢复密码保护钱包。';

export const WALLET: WalletTexts = {
  ...REVIEW,
  FUNDING_TEXT: {
    title: '为账户充值',
    promptDetail: (symbol, provider) =>
      `通过 ${provider} 用银行卡购买 ${symbol}。您将在 ${provider} 窗口中付款，此页面会跟进购买进度。`,
    continueWith: (provider) => `使用 ${provider} 继续`,
    preparing: '正在准备购买…',
    popupBlocked: (provider) => `浏览器拦截了 ${provider} 窗口。请在此打开：`,
    openWindow: (provider) => `打开 ${provider}`,
    signFailed: '无法准备此次购买，请稍后再试。',
    paid: '您支付',
    received: '您收到',
    fees: '费用',
    done: '完成',
    backToTransaction: '返回交易',
    tryAgain: TRY_AGAIN,
    result: {
      completed: {
        title: '充值成功',
        detail: '资金可能需要几分钟才会显示在您的钱包中。',
      },
      failed: {
        title: '出了点问题',
        detail: '购买未能完成。借记卡通常比信用卡更容易成功：请使用借记卡重试。',
      },
      serviceFailure: {
        title: '出了点问题',
        detail: (provider) => `${provider} 在处理您的交易时出错。要重试吗？`,
      },
      processingPayment: {
        title: '正在处理付款',
        detail: '这可能需要几个小时。购买完成后，您会收到一封电子邮件。',
      },
      awaitingAuthorization: {
        title: '正在等待您付款',
        detail: (provider) => `${provider} 正在等待确认您的付款。购买完成后，您会收到一封电子邮件。`,
      },
      inProgress: {
        title: '处理中',
        detail: (provider) => `请在 ${provider} 窗口中完成购买。完成后此页面会自动更新。`,
      },
    },
  },
  EXTERNAL_WALLET_TEXT: {
    unableToConnect: '无法连接钱包',
    switchingNetworks: '正在切换网络',
    switchNetworkDetail: '请在钱包中切换到所需的网络。',
    alreadyLinked: '此钱包已绑定。',
    userExists: '此地址已有对应的用户',
    userExistsDetail: '请换一个地址试试！',
    useDifferentWallet: '使用其他钱包',
    timedOut: '钱包请求超时',
    couldNotLogIn: '无法使用钱包登录',
    rejected: '您拒绝了请求',
    userRejectedConnection: '连接已被拒绝',
    unableToRetrieveAccounts: '无法获取账户',
    notConnected: '钱包当前未连接。',
    unableToDetermineChain: '无法确定当前的链。',
    cannotUnlinkEmbedded: '无法解绑嵌入式钱包',
    loginFailedTitle: '无法连接钱包',
    loginFailedDetail: '在此浏览器中找不到该钱包。请安装它，或选择其他方式。',
    waitingFor: (name) => `等待 ${name}`,
    connectDetail: '请在钱包中批准连接。',
    signDetail: '请在钱包中签署消息，以确认钱包属于您。',
    signWithWallet: '使用钱包签名',
    retry: '重试',
    connectedTitle: '已连接',
    connectedDetail: (address) => `您的钱包 ${address} 已连接。`,
    linkWalletTitle: '绑定钱包',
    connectWalletTitle: '连接钱包',
    otherWallets: '其他钱包',
    noWalletFound: '此浏览器中未找到钱包。',
    lookingForWallets: '正在查找钱包…',
    browserWallet: '浏览器钱包',
    done: '完成',
    walletConnect: 'WalletConnect',
    scanWith: (name) => `使用 ${name} 扫描`,
    scanDetail: '用手机上的钱包应用扫描此二维码进行连接。',
    qrLabel: 'WalletConnect 二维码',
    copyLink: '复制链接',
    openWallet: (name) => `打开 ${name}`,
    chooseMobileWallet: '选择钱包应用',
    preparingConnection: '正在准备连接…',
    phantomInterstitialTitle: '在 Phantom 中打开',
    phantomInterstitialDetail: 'Phantom 通过其内置浏览器连接。请在其中打开此页面以继续。',
    openInPhantom: '在 Phantom 中打开',
    installPhantomTitle: '创建 Phantom 钱包',
    installPhantomDetail: '此浏览器未安装 Phantom。请获取扩展程序，创建或导入钱包，然后重新加载此页面。',
    getPhantom: '获取 Phantom',
    reload: '重新加载',
  },
  WALLET_FLOW_TEXT: {
    genericError: '发生错误，请重试。',
    loginAgain: '发生错误，请重新登录。',
    somethingWentWrong: '出错了',
    tryLater: '我们正在处理，请稍后再试。',
    refreshUserFailed: '无法刷新用户信息。',
    missingEmbeddedWallet: '更新后的用户信息中缺少嵌入式钱包。',
    passwordAfterCreateFailed: '钱包已创建，但未能设置密码',
    passkeyFallback: {
      unavailable: { login: PASSKEY_LOST + BY_LOGIN, password: PASSKEY_LOST + BY_PASSWORD },
      skipped: { login: NO_PASSKEY + BY_LOGIN, password: NO_PASSKEY + BY_PASSWORD },
    },
    creationFailed: '钱包创建失败',
    settingPasswordFailed: '无法为钱包设置密码',
    onlyOneWallet: '目前每位用户只能有一个钱包',
    walletTimeout: '钱包超时',
    embeddedWalletError: '嵌入式钱包出错',
    mustHaveWallet: '需要先有钱包才能添加密码',
    passwordAlreadySet: '无法设置密码，此钱包已有密码',
    mustBeAuthenticatedBeforeSigning: '签名前需要先登录',
    unableToConnect: '无法连接到钱包',
    unableToRecover: '无法恢复钱包',
    walletNotConnected: '钱包未连接',
    userRejected: '请求已被拒绝。',
    exitedPasswordFlow: '已退出密码设置',
    requestPending: '已有一个请求正在处理',
    rateLimited: '请求过于频繁，请稍等片刻再试。',
    insufficientFunds: '钱包余额不足，无法完成此交易。',
    preparingFailed: '准备交易时出错，请重试。',
    processingFailed: '处理交易时出错，请联系客服。',
    addFunds: '充值',
  },
};
