import type { MessageTexts } from './texts.js';

export const EN: MessageTexts = {
  lang: 'en',
  dir: 'ltr',
  loginSubject: (code, app) => `${code} is your login code for ${app}`,
  loginLine: (code, app) => `Your login code for ${app} is ${code}.`,
  loginIntro: (app) => `Your login code for ${app} is:`,
  loginExpiry: (minutes) =>
    `It expires in ${minutes} minutes. If you did not try to log in, you can ignore this email.`,
  smsLogin: (code, app, minutes) =>
    `${code} is your login code for ${app}. It expires in ${minutes} minutes.`,
  smsVerification: (code, app, minutes) =>
    `${code} is your verification code for ${app}. It expires in ${minutes} minutes.`,
};
