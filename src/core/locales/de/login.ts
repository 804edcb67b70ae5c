/**
 * German: what the first modal and the code entry show (terms: docs/i18n/glossary-de.md), put
 * over the English objects the locale chunk imports (core/locales/catalogue.ts ENGLISH).
 */
import type { FirstModalTexts } from '../catalogue.js';

const CHECK_CONNECTION = 'Prüfen Sie Ihre Verbindung und versuchen Sie es dann erneut.';

export const FIRST_MODAL: FirstModalTexts = {
  UI_TEXT: {
    loginTitle: 'Anmelden oder registrieren',
    loadingTitle: 'Wird geladen',
    emailLabel: 'E-Mail-Adresse',
    emailPlaceholder: 'name@beispiel.de',
    submit: 'Senden',
    termsFooter: 'Mit der Anmeldung akzeptiere ich die Nutzungsbedingungen',
    // Followed by the links: "… die Nutzungsbedingungen und die Datenschutzerklärung".
    termsFooterStart: 'Mit der Anmeldung akzeptiere ich die',
    terms: 'Nutzungsbedingungen',
    and: 'und die',
    privacyPolicy: 'Datenschutzerklärung',
    moreOptions: 'Weitere Optionen',
    otherSocials: 'Weitere soziale Netzwerke',
    otherWallets: 'Weitere Wallets',
    continueWithWallet: 'Weiter mit Wallet',
    continueWithEmail: 'Weiter mit E-Mail',
    continueWithSms: 'Weiter mit SMS',
    continueWithFarcaster: 'Weiter mit Farcaster',
    loginWithPasskey: 'Mit Passkey anmelden',
    continueWith: (provider) => `Weiter mit ${provider}`,
    linkSuccess: 'Konto verknüpft',
    loginSuccess: 'Angemeldet',
    loadingPhoneField: 'Telefonfeld wird geladen…',
    digit: (n) => `Ziffer ${n}`,
    resendCode: 'Code erneut senden',
    verifying: 'Wird geprüft…',
    close: 'Schließen',
    back: 'Zurück',
    protectedBy: 'Geschützt durch Gatehouse',
    appLogo: (name) => `Logo von ${name}`,
  },
  ERROR_SCREEN_TEXT: {
    timedOutTitle: 'Zeitüberschreitung',
    tryAgain: 'Erneut versuchen',
    somethingWentWrong: 'Etwas ist schiefgelaufen',
    tryAgainLater: 'Bitte versuchen Sie es später erneut',
    notAllowed: 'Nicht erlaubt',
    tryAnotherMethod: 'Andere Methode versuchen',
    back: 'Zurück',
    invalidCredentials: 'Etwas ist schiefgelaufen. Bitte versuchen Sie es erneut.',
    authenticationFailed: 'Authentifizierung fehlgeschlagen',
    captchaTimeout: 'Etwas ist schiefgelaufen. Bitte versuchen Sie es später erneut.',
    invalidCaptcha: 'Bitte versuchen Sie es erneut.',
  },
  OUTAGE_TEXT: {
    unreachable: 'Der Anmeldedienst ist nicht erreichbar',
    checkConnection: CHECK_CONNECTION,
    retry: 'Wiederholen',
    close: 'Schließen',
  },
  CODE_TEXT: {
    codeTitle: 'Bestätigungscode eingeben',
    // Followed by the address or number the code went to.
    codeSentTo: 'Bitte prüfen Sie Ihre E-Mails. Wir haben einen Code gesendet an',
    codeSentToPhone: 'Bitte prüfen Sie Ihre SMS. Wir haben einen Code gesendet an',
    updateSuccess: 'E-Mail-Adresse aktualisiert',
    codeResent: 'Ein neuer Code ist unterwegs.',
    didNotGetCode: 'Keinen Code erhalten?',
  },
  FLOW_MESSAGES: {
    noAuthFlow: 'Es läuft keine Anmeldung.',
    tooManyRequests: 'Zu viele Anfragen. Bitte warten Sie, bevor Sie es erneut versuchen.',
    mailDeliveryFailed: 'Der Anmeldecode konnte nicht gesendet werden. Bitte versuchen Sie es später erneut.',
    linkedToAnotherUser: 'Dieses Konto ist bereits mit einem anderen Nutzer verknüpft.',
  },
};
