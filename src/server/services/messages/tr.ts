import type { MessageTexts } from './texts.js';

export const TR: MessageTexts = {
  lang: 'tr',
  dir: 'ltr',
  loginSubject: (code, app) => `${app} giriş kodunuz: ${code}`,
  loginLine: (code, app) => `${app} giriş kodunuz: ${code}`,
  loginIntro: (app) => `${app} giriş kodunuz:`,
  loginExpiry: (minutes) =>
    `Kodun süresi ${minutes} dakika içinde doluyor. Giriş yapmayı siz denemediyseniz bu e-postayı yok sayabilirsiniz.`,
  smsLogin: (code, app, minutes) =>
    `${app} giriş kodunuz: ${code}. Kodun süresi ${minutes} dakika içinde doluyor.`,
  smsVerification: (code, app, minutes) =>
    `${app} doğrulama kodunuz: ${code}. Kodun süresi ${minutes} dakika içinde doluyor.`,
};
