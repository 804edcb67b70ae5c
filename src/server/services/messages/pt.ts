import type { MessageTexts } from './texts.js';

export const PT: MessageTexts = {
  lang: 'pt-BR',
  dir: 'ltr',
  loginSubject: (code, app) => `${code} é seu código de login em ${app}`,
  loginLine: (code, app) => `Seu código de login em ${app} é ${code}.`,
  loginIntro: (app) => `Seu código de login em ${app} é:`,
  loginExpiry: (minutes) =>
    `Ele expira em ${minutes} minutos. Se você não tentou entrar, ignore este e-mail.`,
  smsLogin: (code, app, minutes) => `${code} é seu código de login em ${app}. Expira em ${minutes} minutos.`,
  smsVerification: (code, app, minutes) =>
    `${code} é seu código de verificação de ${app}. Expira em ${minutes} minutos.`,
};
