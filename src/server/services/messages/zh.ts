import type { MessageTexts } from './texts.js';

export const ZH: MessageTexts = {
  lang: 'zh-CN',
  dir: 'ltr',
  loginSubject: (code, app) => `${code} 是您的 ${app} 登录验证码`,
  loginLine: (code, app) => `您的 ${app} 登录验证码是 ${code}。`,
  loginIntro: (app) => `您的 ${app} 登录验证码是：`,
  loginExpiry: (minutes) => `验证码 ${minutes} 分钟内有效。如果您没有尝试登录，请忽略此邮件。`,
  smsLogin: (code, app, minutes) => `${code} 是您的 ${app} 登录验证码，${minutes} 分钟内有效。`,
  smsVerification: (code, app, minutes) => `${code} 是您的 ${app} 验证码，${minutes} 分钟内有效。`,
  purposeNewDevice: '在新设备上加载您的钱包',
  purposeLink: (label) => `将 ${label} 绑定到您的账户`,
  purposeUnlink: (label) => `从您的账户解绑 ${label}`,
  purposeUpdate: (label) => `将您的邮箱地址更改为 ${label}`,
  purposeMfaEnroll: '添加新的两步验证方式',
  purposeMfaUnenroll: '移除一种两步验证方式',
  stepUpSubject: (code, app) => `${code} 是您在 ${app} 确认身份的验证码`,
  stepUpAsked: (purpose, app, code) =>
    `${app} 收到一个请求：${purpose}。如果是您本人操作，请在要求输入的地方输入此验证码：${code}`,
  codeExpiry: (minutes) => `验证码 ${minutes} 分钟内有效。`,
  stepUpNotYou: (purpose, app) =>
    `如果不是您本人操作，请勿将此验证码告诉任何人：得到它的人可以${purpose}。请在您不认识的设备上退出 ${app}。`,
  changeUpdatedSubject: (app) => `您在 ${app} 的邮箱地址已更改`,
  changeLinkedSubject: (app) => `${app} 新增了一种登录方式`,
  changeUpdated: (app, label) => `您在 ${app} 的邮箱地址已更改为 ${label}。`,
  changeLinked: (app, label) => `${label} 已绑定到您在 ${app} 的账户，现在可以用它以您的身份登录。`,
  changeAdvice: (app, until) =>
    `如果是您本人操作，无需任何处理。如果不是，请在 ${until} 之前登录 ${app} 并将其解绑：在此之前，它不能用于验证身份，无论是新设备还是更改。`,
  newDeviceSubject: (app) => `您在 ${app} 的钱包已在新设备上恢复`,
  newDeviceRecovered: (app, address, when) => `您在 ${app} 的钱包 ${address} 已在新设备上恢复（${when}）。`,
  newDeviceYou: '如果是您本人操作，无需任何处理。',
  newDeviceAdvice: (app) =>
    `如果不是您本人，请登录 ${app}，从钱包中移除您不认识的设备，并保护您的登录方式（邮箱或两步验证）。`,
};
