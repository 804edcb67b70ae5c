/**
 * Simplified Chinese: what the first modal and the code entry show (terms:
 * docs/i18n/glossary-zh.md), put over the English objects the locale chunk imports
 * (core/locales/catalogue.ts ENGLISH).
 */
import type { FirstModalTexts } from '../catalogue.js';

const CHECK_CONNECTION = '请检查网络连接，然后重试。';

export const FIRST_MODAL: FirstModalTexts = {
  UI_TEXT: {
    loginTitle: '登录或注册',
    loadingTitle: '加载中',
    emailLabel: '邮箱地址',
    emailPlaceholder: 'your@email.com',
    submit: '提交',
    termsFooter: '登录即表示我同意服务条款',
    // Followed by the links: "… 服务条款 和 隐私政策".
    termsFooterStart: '登录即表示我同意',
    terms: '服务条款',
    and: '和',
    privacyPolicy: '隐私政策',
    moreOptions: '更多方式',
    otherSocials: '其他社交账号',
    otherWallets: '其他钱包',
    continueWithWallet: '使用钱包继续',
    continueWithEmail: '使用邮箱继续',
    continueWithSms: '使用短信继续',
    continueWithFarcaster: '使用 Farcaster 继续',
    loginWithPasskey: '使用通行密钥登录',
    continueWith: (provider) => `使用 ${provider} 继续`,
    linkSuccess: '账号已绑定',
    loginSuccess: '登录成功',
    loadingPhoneField: '正在加载手机号输入框…',
    digit: (n) => `第 ${n} 位`,
    resendCode: '重新发送验证码',
    verifying: '验证中…',
    close: '关闭',
    back: '返回',
    protectedBy: '由 Gatehouse 提供保护',
    appLogo: (name) => `${name} 的标志`,
  },
  ERROR_SCREEN_TEXT: {
    timedOutTitle: '请求超时',
    tryAgain: '再试一次',
    somethingWentWrong: '出错了',
    tryAgainLater: '请稍后再试',
    notAllowed: '不允许',
    tryAnotherMethod: '换一种方式',
    back: '返回',
    invalidCredentials: '出错了，请重试。',
    authenticationFailed: '身份验证失败',
    captchaTimeout: '出错了！请稍后再试。',
    invalidCaptcha: '请重试。',
  },
  OUTAGE_TEXT: {
    unreachable: '无法连接登录服务',
    checkConnection: CHECK_CONNECTION,
    retry: '重试',
    close: '关闭',
  },
  CODE_TEXT: {
    codeTitle: '输入验证码',
    // Followed by the address or number the code went to.
    codeSentTo: '请查收邮件中的验证码，已发送至',
    codeSentToPhone: '请查收短信中的验证码，已发送至',
    updateSuccess: '邮箱地址已更新',
    codeResent: '新的验证码已发送。',
    didNotGetCode: '没有收到验证码？',
  },
  FLOW_MESSAGES: {
    noAuthFlow: '当前没有进行中的登录。',
    tooManyRequests: '请求过于频繁，请稍候再试。',
    mailDeliveryFailed: '无法发送登录验证码，请稍后再试。',
    linkedToAnotherUser: '此账号已绑定其他用户。',
  },
};
