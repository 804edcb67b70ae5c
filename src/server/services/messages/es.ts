import type { MessageTexts } from './texts.js';

export const ES: MessageTexts = {
  lang: 'es',
  dir: 'ltr',
  loginSubject: (code, app) => `${code} es tu código para iniciar sesión en ${app}`,
  loginLine: (code, app) => `Tu código para iniciar sesión en ${app} es ${code}.`,
  loginIntro: (app) => `Tu código para iniciar sesión en ${app} es:`,
  loginExpiry: (minutes) =>
    `Caduca en ${minutes} minutos. Si no intentaste iniciar sesión, puedes ignorar este correo.`,
  smsLogin: (code, app, minutes) =>
    `${code} es tu código para iniciar sesión en ${app}. Caduca en ${minutes} minutos.`,
  smsVerification: (code, app, minutes) =>
    `${code} es tu código de verificación de ${app}. Caduca en ${minutes} minutos.`,
};
