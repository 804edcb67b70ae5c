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
  purposeNewDevice: 'load your wallet on a new device',
  purposeLink: (label) => `add ${label} to your account`,
  purposeUnlink: (label) => `remove ${label} from your account`,
  purposeUpdate: (label) => `change your email address to ${label}`,
  purposeMfaEnroll: 'add a new two-step verification method',
  purposeMfaUnenroll: 'remove a two-step verification method',
  stepUpSubject: (code, app) => `${code} is your code to confirm it's you on ${app}`,
  stepUpAsked: (purpose, app, code) =>
    `Someone asked to ${purpose} on ${app}. If it was you, enter this code where you were asked for it: ${code}`,
  codeExpiry: (minutes) => `It expires in ${minutes} minutes.`,
  stepUpNotYou: (purpose, app) =>
    `If it was not you, do not give this code to anyone: whoever asks for it could ${purpose}. Log out of ${app} on the devices you do not know.`,
  changeUpdatedSubject: (app) => `Your email address on ${app} was changed`,
  changeLinkedSubject: (app) => `A new way to log in to ${app}`,
  changeUpdated: (app, label) => `Your email address on ${app} was changed to ${label}.`,
  changeLinked: (app, label) => `${label} was added to your account on ${app}: it can now log in as you.`,
  changeAdvice: (app, until) =>
    `If it was you, there is nothing to do. If it was not, log in to ${app} and remove it before ${until}: until then it cannot be used to confirm it is you, for a new device or a change.`,
  newDeviceSubject: (app) => `A new device recovered your wallet on ${app}`,
  newDeviceRecovered: (app, address, when) =>
    `Your ${app} wallet ${address} was recovered on a new device (${when}).`,
  newDeviceYou: 'If this was you, there is nothing to do.',
  newDeviceAdvice: (app) =>
    `If it was not, log in to ${app}, remove the devices you do not know from your wallet, and secure the way you log in (your email, or two-step verification).`,
};
