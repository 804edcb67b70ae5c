/**
 * Simplified Chinese: the login screens that load lazily (consent, allowlist, links, phone,
 * captcha, OAuth, passkeys, Farcaster; terms: docs/i18n/glossary-zh.md), put over their English
 * objects as those load (core/text/registry.ts).
 */
import type { Catalogue } from '../catalogue.js';

export const SCREENS: Pick<
  Catalogue,
  | 'CONSENT_TEXT'
  | 'ALLOWLIST_TEXT'
  | 'LINK_TEXT'
  | 'PHONE_TEXT'
  | 'CAPTCHA_MESSAGES'
  | 'OAUTH_UI_TEXT'
  | 'OAUTH_MESSAGES'
  | 'PASSWORDLESS_MESSAGES'
  | 'PASSKEY_TEXT'
  | 'FARCASTER_UI_TEXT'
> = {
  CONSENT_TEXT: {
    title: '只差一步',
    detail: '继续之前，请阅读并接受此应用的条款。',
    viewTerms: '查看服务条款',
    viewPrivacyPolicy: '查看隐私政策',
    decline: '不同意',
    accept: '同意',
    acceptFailed: '无法保存您的选择，请重试。',
  },
  ALLOWLIST_TEXT: {
    title: '您没有访问此应用的权限',
    detail: '您收到邀请了吗？',
    cta: '换一个账号',
  },
  LINK_TEXT: {
    linkEmailTitle: '绑定邮箱',
    linkPhoneTitle: '绑定手机号',
    updateEmailTitle: '更改邮箱',
    updateEmailCurrent: '您当前的邮箱是',
  },
  PHONE_TEXT: {
    phoneLabel: '手机号',
    countryLabel: '国家/地区',
    phonePlaceholder: '手机号',
  },
  CAPTCHA_MESSAGES: {
    title: '确认您不是机器人',
    ready: '正在准备安全检查…',
    loading: '正在确认您不是机器人…',
    success: '验证成功！正在继续…',
    successNeedsIntent: '验证成功！',
    continue: '继续',
    didNotPass: '未通过人机验证，请重试。',
    adblockerHint: '如果您在使用广告拦截器或 VPN，请先停用再重试。',
    captchaFailed: '人机验证失败',
  },
  OAUTH_UI_TEXT: {
    oauthVerifying: (provider) => `正在验证与 ${provider} 的连接`,
    oauthVerifyingDetail: '请稍候',
    oauthConnected: (provider) => `已成功连接 ${provider}`,
    oauthRedirecting: (provider) => `正在跳转到 ${provider}`,
    inAppBrowserTitle: '无法通过该服务登录',
  },
  OAUTH_MESSAGES: {
    userDenied: '您拒绝了登录授权',
    invalidCode: '登录时收到的授权码无效。',
    unexpectedFlow: '登录流程异常，可能是钓鱼攻击',
    missingVerifier: '身份验证出错。',
    retry: (provider) => `请重试，并在 ${provider} 中完成账号连接。`,
    accountSuspended: (provider) => `您的 ${provider} 账号已被停用，请换一种登录方式。`,
    inAppBrowser: '您似乎正在使用应用内浏览器。如需登录，请在外部浏览器中重试。',
  },
  PASSWORDLESS_MESSAGES: {
    invalidEmail: '请输入有效的邮箱地址。',
    emailRequired: '需要邮箱地址才能发送验证码。',
    phoneRequired: '需要手机号才能发送验证码。',
    invalidPhone: '请输入有效的手机号。',
    codeShouldBeNumeric: '验证码应为数字',
    passcodeOnlyNumbers: '验证码只能包含数字',
    passcodeExactLength: '验证码必须是 6 位数字',
    invalidOrExpiredCode: '验证码无效或已过期',
    issueVerifyingCode: '验证码验证出错',
  },
  PASSKEY_TEXT: {
    linkTitle: '添加通行密钥',
    recoveryTitle: '用通行密钥保护您的钱包',
    loginOff: '此应用未启用通行密钥登录',
    recoverySet: '您的钱包现已受通行密钥保护',
    mustHaveWallet: '需要先有钱包才能用通行密钥保护',
    alreadySet: '无法设置通行密钥，此钱包已受通行密钥保护',
    noPrf:
      '此通行密钥无法保护钱包：它所在的设备或浏览器不支持。请改为设置恢复密码，或使用其他设备上的通行密钥。',
    exitedRecoveryFlow: '已退出通行密钥设置',
    recoveryFailed: '无法为钱包设置通行密钥',
    failed: '无法使用该通行密钥，请重试。',
  },
  FARCASTER_UI_TEXT: {
    connectTitle: '使用 Farcaster 登录',
    scan: '用手机相机扫描，以通过 Farcaster 登录。',
    qrLabel: '用于通过 Farcaster 登录的二维码',
    copyLink: '复制链接',
    openApp: '打开 Farcaster',
    onPhone: '请在 Farcaster 应用中登录您的 Farcaster 账号，然后返回此处。',
    waiting: '等待您登录…',
    connected: '已连接 Farcaster',
    signerTitle: '在 Farcaster 中批准',
    signerScan: '用手机相机扫描，允许此应用代您在 Farcaster 上发帖。',
    signerQrLabel: '用于在 Farcaster 中批准此应用的二维码',
    signerOnPhone: '请在 Farcaster 中批准此应用，然后返回此处。',
    signerWaiting: '等待您批准…',
    signerApproved: '已批准',
    tryAgain: '再试一次',
  },
};
