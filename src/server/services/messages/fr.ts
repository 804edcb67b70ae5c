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
  purposeNewDevice: 'charger votre portefeuille sur un nouvel appareil',
  purposeLink: (label) => `ajouter ${label} à votre compte`,
  purposeUnlink: (label) => `retirer ${label} de votre compte`,
  purposeUpdate: (label) => `remplacer votre adresse e-mail par ${label}`,
  purposeMfaEnroll: 'ajouter une nouvelle méthode de validation en deux étapes',
  purposeMfaUnenroll: 'supprimer une méthode de validation en deux étapes',
  stepUpSubject: (code, app) => `${code} est votre code pour confirmer votre identité sur ${app}`,
  stepUpAsked: (purpose, app, code) =>
    `Quelqu’un a demandé à ${purpose} sur ${app}. Si c’était vous, saisissez ce code là où il vous a été demandé\u00a0: ${code}`,
  codeExpiry: (minutes) => `Il expire dans ${minutes}\u00a0minutes.`,
  stepUpNotYou: (purpose, app) =>
    `Si ce n’était pas vous, ne communiquez ce code à personne\u00a0: qui l’obtient pourrait ${purpose}. Déconnectez-vous de ${app} sur les appareils que vous ne connaissez pas.`,
  changeUpdatedSubject: (app) => `Votre adresse e-mail sur ${app} a été modifiée`,
  changeLinkedSubject: (app) => `Un nouveau moyen de vous connecter à ${app}`,
  changeUpdated: (app, label) => `Votre adresse e-mail sur ${app} a été remplacée par ${label}.`,
  changeLinked: (app, label) =>
    `${label} a été associé à votre compte sur ${app}\u00a0: il permet désormais de se connecter en votre nom.`,
  changeAdvice: (app, until) =>
    `Si c’était vous, vous n’avez rien à faire. Sinon, connectez-vous à ${app} et dissociez-le avant le ${until}\u00a0: d’ici là, il ne peut pas servir à confirmer votre identité, ni pour un nouvel appareil ni pour une modification.`,
  newDeviceSubject: (app) => `Un nouvel appareil a récupéré votre portefeuille sur ${app}`,
  newDeviceRecovered: (app, address, when) =>
    `Votre portefeuille ${address} sur ${app} a été récupéré sur un nouvel appareil (${when}).`,
  newDeviceYou: 'Si c’était vous, vous n’avez rien à faire.',
  newDeviceAdvice: (app) =>
    `Sinon, connectez-vous à ${app}, retirez de votre portefeuille les appareils que vous ne connaissez pas et sécurisez votre moyen de connexion (votre e-mail ou la validation en deux étapes).`,
};
