import type { MessageTexts } from './texts.js';

export const DE: MessageTexts = {
  lang: 'de',
  dir: 'ltr',
  loginSubject: (code, app) => `${code} ist Ihr Anmeldecode für ${app}`,
  loginLine: (code, app) => `Ihr Anmeldecode für ${app} lautet ${code}.`,
  loginIntro: (app) => `Ihr Anmeldecode für ${app} lautet:`,
  loginExpiry: (minutes) =>
    `Er ist ${minutes} Minuten gültig. Wenn Sie sich nicht anmelden wollten, können Sie diese E-Mail ignorieren.`,
  smsLogin: (code, app, minutes) =>
    `${code} ist Ihr Anmeldecode für ${app}. Er ist ${minutes} Minuten gültig.`,
  smsVerification: (code, app, minutes) =>
    `${code} ist Ihr Bestätigungscode für ${app}. Er ist ${minutes} Minuten gültig.`,
};
