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
  purposeNewDevice: 'Ihre Wallet auf einem neuen Gerät laden',
  purposeLink: (label) => `${label} mit Ihrem Konto verknüpfen`,
  purposeUnlink: (label) => `die Verknüpfung von ${label} mit Ihrem Konto aufheben`,
  purposeUpdate: (label) => `Ihre E-Mail-Adresse in ${label} ändern`,
  purposeMfaEnroll: 'eine neue Methode zur Bestätigung in zwei Schritten hinzufügen',
  purposeMfaUnenroll: 'eine Methode zur Bestätigung in zwei Schritten entfernen',
  stepUpSubject: (code, app) => `${code} ist Ihr Code zur Bestätigung Ihrer Identität bei ${app}`,
  stepUpAsked: (purpose, app, code) =>
    `Jemand möchte bei ${app} ${purpose}. Wenn Sie das waren, geben Sie diesen Code dort ein, wo Sie danach gefragt wurden: ${code}`,
  codeExpiry: (minutes) => `Er ist ${minutes} Minuten gültig.`,
  stepUpNotYou: (purpose, app) =>
    `Wenn Sie das nicht waren, geben Sie diesen Code niemandem weiter: Wer ihn hat, könnte ${purpose}. Melden Sie sich auf Geräten, die Sie nicht kennen, von ${app} ab.`,
  changeUpdatedSubject: (app) => `Ihre E-Mail-Adresse bei ${app} wurde geändert`,
  changeLinkedSubject: (app) => `Eine neue Anmeldemöglichkeit bei ${app}`,
  changeUpdated: (app, label) => `Ihre E-Mail-Adresse bei ${app} wurde in ${label} geändert.`,
  changeLinked: (app, label) =>
    `${label} wurde mit Ihrem Konto bei ${app} verknüpft: Damit kann man sich jetzt als Sie anmelden.`,
  changeAdvice: (app, until) =>
    `Wenn Sie das waren, müssen Sie nichts tun. Wenn nicht, melden Sie sich bei ${app} an und heben Sie die Verknüpfung vor dem ${until} auf: Bis dahin kann sie nicht zur Bestätigung Ihrer Identität dienen, weder für ein neues Gerät noch für eine Änderung.`,
  newDeviceSubject: (app) => `Ihre Wallet bei ${app} wurde auf einem neuen Gerät wiederhergestellt`,
  newDeviceRecovered: (app, address, when) =>
    `Ihre Wallet ${address} bei ${app} wurde auf einem neuen Gerät wiederhergestellt (${when}).`,
  newDeviceYou: 'Wenn Sie das waren, müssen Sie nichts tun.',
  newDeviceAdvice: (app) =>
    `Wenn nicht, melden Sie sich bei ${app} an, entfernen Sie unbekannte Geräte aus Ihrer Wallet und sichern Sie Ihre Anmeldung (Ihre E-Mail-Adresse oder die Bestätigung in zwei Schritten).`,
};
