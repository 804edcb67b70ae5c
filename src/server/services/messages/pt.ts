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
  purposeNewDevice: 'carregar sua carteira em um novo dispositivo',
  purposeLink: (label) => `adicionar ${label} à sua conta`,
  purposeUnlink: (label) => `remover ${label} da sua conta`,
  purposeUpdate: (label) => `mudar seu e-mail para ${label}`,
  purposeMfaEnroll: 'adicionar um novo método de verificação em duas etapas',
  purposeMfaUnenroll: 'remover um método de verificação em duas etapas',
  stepUpSubject: (code, app) => `${code} é seu código para confirmar que é você em ${app}`,
  stepUpAsked: (purpose, app, code) =>
    `Alguém pediu para ${purpose} em ${app}. Se foi você, digite este código onde ele foi pedido: ${code}`,
  codeExpiry: (minutes) => `Ele expira em ${minutes} minutos.`,
  stepUpNotYou: (purpose, app) =>
    `Se não foi você, não passe este código para ninguém: quem tiver o código poderá ${purpose}. Saia de ${app} nos dispositivos que você não reconhece.`,
  changeUpdatedSubject: (app) => `Seu e-mail em ${app} foi alterado`,
  changeLinkedSubject: (app) => `Uma nova forma de entrar em ${app}`,
  changeUpdated: (app, label) => `Seu e-mail em ${app} foi alterado para ${label}.`,
  changeLinked: (app, label) =>
    `${label} foi adicionado à sua conta em ${app}: agora é possível entrar como você com ele.`,
  changeAdvice: (app, until) =>
    `Se foi você, não é preciso fazer nada. Se não foi, entre em ${app} e remova-o antes de ${until}: até lá, ele não pode ser usado para confirmar que é você, nem em um novo dispositivo nem para uma alteração.`,
  newDeviceSubject: (app) => `Um novo dispositivo recuperou sua carteira em ${app}`,
  newDeviceRecovered: (app, address, when) =>
    `Sua carteira ${address} em ${app} foi recuperada em um novo dispositivo (${when}).`,
  newDeviceYou: 'Se foi você, não é preciso fazer nada.',
  newDeviceAdvice: (app) =>
    `Se não foi você, entre em ${app}, remova da sua carteira os dispositivos que você não reconhece e proteja sua forma de entrar (seu e-mail ou a verificação em duas etapas).`,
};
