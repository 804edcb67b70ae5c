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
  purposeNewDevice: 'cargar tu billetera en un dispositivo nuevo',
  purposeLink: (label) => `añadir ${label} a tu cuenta`,
  purposeUnlink: (label) => `quitar ${label} de tu cuenta`,
  purposeUpdate: (label) => `cambiar tu correo electrónico a ${label}`,
  purposeMfaEnroll: 'añadir un nuevo método de verificación en dos pasos',
  purposeMfaUnenroll: 'quitar un método de verificación en dos pasos',
  stepUpSubject: (code, app) => `${code} es tu código para confirmar que eres tú en ${app}`,
  stepUpAsked: (purpose, app, code) =>
    `Alguien pidió ${purpose} en ${app}. Si fuiste tú, escribe este código donde se te pidió: ${code}`,
  codeExpiry: (minutes) => `Caduca en ${minutes} minutos.`,
  stepUpNotYou: (purpose, app) =>
    `Si no fuiste tú, no le des este código a nadie: quien lo tenga podría ${purpose}. Cierra la sesión de ${app} en los dispositivos que no reconozcas.`,
  changeUpdatedSubject: (app) => `Se cambió tu correo electrónico en ${app}`,
  changeLinkedSubject: (app) => `Una nueva forma de iniciar sesión en ${app}`,
  changeUpdated: (app, label) => `Tu correo electrónico en ${app} se cambió a ${label}.`,
  changeLinked: (app, label) =>
    `Se añadió ${label} a tu cuenta de ${app}: ahora puede iniciar sesión como tú.`,
  changeAdvice: (app, until) =>
    `Si fuiste tú, no tienes que hacer nada. Si no, inicia sesión en ${app} y quítalo antes del ${until}: hasta entonces no puede usarse para confirmar que eres tú, ni en un dispositivo nuevo ni para un cambio.`,
  newDeviceSubject: (app) => `Un dispositivo nuevo recuperó tu billetera de ${app}`,
  newDeviceRecovered: (app, address, when) =>
    `Tu billetera de ${app} ${address} se recuperó en un dispositivo nuevo (${when}).`,
  newDeviceYou: 'Si fuiste tú, no tienes que hacer nada.',
  newDeviceAdvice: (app) =>
    `Si no fuiste tú, inicia sesión en ${app}, quita de tu billetera los dispositivos que no reconozcas y protege tu forma de iniciar sesión (tu correo o la verificación en dos pasos).`,
};
