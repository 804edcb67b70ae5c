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
};
