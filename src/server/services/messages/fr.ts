import type { MessageTexts } from './texts.js';

export const FR: MessageTexts = {
  lang: 'fr',
  dir: 'ltr',
  loginSubject: (code, app) => `${code} est votre code de connexion à ${app}`,
  loginLine: (code, app) => `Votre code de connexion à ${app} est ${code}.`,
  loginIntro: (app) => `Votre code de connexion à ${app}\u00a0:`,
  loginExpiry: (minutes) =>
    `Il expire dans ${minutes}\u00a0minutes. Si vous n’avez pas essayé de vous connecter, ignorez cet e-mail.`,
  smsLogin: (code, app, minutes) =>
    `${code} est votre code de connexion à ${app}. Il expire dans ${minutes}\u00a0minutes.`,
  smsVerification: (code, app, minutes) =>
    `${code} est votre code de vérification pour ${app}. Il expire dans ${minutes}\u00a0minutes.`,
};
