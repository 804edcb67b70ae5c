/**
 * German: the login screens that load lazily (consent, allowlist, links, phone, captcha, OAuth,
 * passkeys, Farcaster; terms: docs/i18n/glossary-de.md), put over their English objects as those
 * load (core/text/registry.ts).
 */
import type { ScreenTexts } from '../catalogue.js';

const TRY_AGAIN = 'Bitte versuchen Sie es erneut.';
const COME_BACK = 'und kehren Sie dann hierher zurück.';
const SCAN = 'Scannen Sie den Code mit der Kamera Ihres Telefons,';

export const SCREENS: ScreenTexts = {
  CONSENT_TEXT: {
    title: 'Nur noch ein Schritt',
    detail: 'Bitte lesen und akzeptieren Sie die Bedingungen dieser App, bevor Sie fortfahren.',
    viewTerms: 'Nutzungsbedingungen ansehen',
    viewPrivacyPolicy: 'Datenschutzerklärung ansehen',
    decline: 'Nein, danke',
    accept: 'Akzeptieren',
    acceptFailed: `Ihre Antwort konnte nicht gespeichert werden. ${TRY_AGAIN}`,
  },
  ALLOWLIST_TEXT: {
    title: 'Sie haben keinen Zugang zu dieser App',
    detail: 'Wurden Sie eingeladen?',
    cta: 'Anderes Konto versuchen',
  },
  LINK_TEXT: {
    linkEmailTitle: 'E-Mail-Adresse verknüpfen',
    linkPhoneTitle: 'Telefonnummer verknüpfen',
    updateEmailTitle: 'E-Mail-Adresse ändern',
    updateEmailCurrent: 'Ihre aktuelle E-Mail-Adresse ist',
  },
  PHONE_TEXT: {
    phoneLabel: 'Telefonnummer',
    countryLabel: 'Land',
    phonePlaceholder: 'Telefonnummer',
  },
  CAPTCHA_MESSAGES: {
    title: 'Bestätigen Sie, dass Sie ein Mensch sind',
    ready: 'Sicherheitsprüfung wird vorbereitet…',
    loading: 'Wir prüfen, ob Sie ein Mensch sind…',
    success: 'Geschafft! Es geht weiter…',
    successNeedsIntent: 'Geschafft!',
    continue: 'Weiter',
    didNotPass: `Die CAPTCHA-Prüfung ist fehlgeschlagen. ${TRY_AGAIN}`,
    adblockerHint:
      'Wenn Sie einen Werbeblocker oder ein VPN nutzen, deaktivieren Sie diese und versuchen Sie es erneut.',
    captchaFailed: 'Captcha fehlgeschlagen',
  },
  OAUTH_UI_TEXT: {
    oauthVerifying: (provider) => `Verbindung zu ${provider} wird geprüft`,
    oauthVerifyingDetail: 'Nur noch einen Moment',
    oauthConnected: (provider) => `Mit ${provider} verbunden`,
    oauthRedirecting: (provider) => `Weiterleitung zu ${provider}`,
    inAppBrowserTitle: 'Anmeldung beim Anbieter nicht möglich',
  },
  OAUTH_MESSAGES: {
    userDenied: 'Die Anmeldung wurde nicht bestätigt',
    invalidCode: 'Ungültiger Code bei der Anmeldung.',
    unexpectedFlow: 'Unerwarteter Anmeldevorgang, möglicherweise ein Phishing-Versuch',
    missingVerifier: 'Authentifizierungsfehler.',
    retry: (provider) =>
      `Versuchen Sie es erneut und prüfen Sie ${provider}, um die Verbindung Ihres Kontos abzuschließen.`,
    accountSuspended: (provider) =>
      `Ihr Konto bei ${provider} ist gesperrt. Bitte wählen Sie eine andere Anmeldemethode.`,
    inAppBrowser:
      'Sie nutzen anscheinend einen In-App-Browser. Bitte versuchen Sie die Anmeldung in einem externen Browser erneut.',
  },
  PASSWORDLESS_MESSAGES: {
    invalidEmail: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
    emailRequired: 'Zum Senden eines Codes wird eine E-Mail-Adresse benötigt.',
    phoneRequired: 'Zum Senden eines Codes wird eine Telefonnummer benötigt.',
    invalidPhone: 'Bitte geben Sie eine gültige Telefonnummer ein.',
    codeShouldBeNumeric: 'Der Code muss aus Ziffern bestehen',
    passcodeOnlyNumbers: 'Der Code darf nur Ziffern enthalten',
    passcodeExactLength: 'Der Code muss genau 6 Ziffern haben',
    invalidOrExpiredCode: 'Ungültiger oder abgelaufener Bestätigungscode',
    issueVerifyingCode: 'Der Code konnte nicht geprüft werden',
  },
  PASSKEY_TEXT: {
    linkTitle: 'Passkey hinzufügen',
    recoveryTitle: 'Wallet mit Passkey schützen',
    loginOff: 'Die Anmeldung mit Passkey ist für diese App nicht aktiviert',
    recoverySet: 'Ihre Wallet ist jetzt durch Ihren Passkey geschützt',
    mustHaveWallet: 'Zum Schutz mit einem Passkey brauchen Sie eine Wallet',
    alreadySet: 'Diese Wallet ist bereits durch einen Passkey geschützt',
    noPrf:
      'Dieser Passkey kann keine Wallet schützen, da sein Gerät oder Browser das nicht unterstützt. Legen Sie stattdessen ein Wiederherstellungspasswort fest oder nutzen Sie einen Passkey von einem anderen Gerät.',
    exitedRecoveryFlow: 'Die Einrichtung des Passkeys wurde abgebrochen',
    recoveryFailed: 'Der Passkey konnte nicht für die Wallet eingerichtet werden',
    failed: `Der Passkey konnte nicht verwendet werden. ${TRY_AGAIN}`,
  },
  FARCASTER_UI_TEXT: {
    connectTitle: 'Mit Farcaster anmelden',
    scan: `${SCAN} um sich mit Farcaster anzumelden.`,
    qrLabel: 'QR-Code zur Anmeldung mit Farcaster',
    copyLink: 'Link kopieren',
    openApp: 'Farcaster öffnen',
    onPhone: `Melden Sie sich in der Farcaster-App mit Ihrem Farcaster-Konto an ${COME_BACK}`,
    waiting: 'Warten auf Ihre Anmeldung…',
    connected: 'Mit Farcaster verbunden',
    signerTitle: 'In Farcaster genehmigen',
    signerScan: `${SCAN} damit diese App für Sie auf Farcaster posten darf.`,
    signerQrLabel: 'QR-Code, um diese App in Farcaster zu genehmigen',
    signerOnPhone: `Genehmigen Sie diese App in Farcaster ${COME_BACK}`,
    signerWaiting: 'Warten auf Ihre Genehmigung…',
    signerApproved: 'Genehmigt',
    tryAgain: 'Erneut versuchen',
    connectTimeout: 'Die Anfrage ist abgelaufen. Versuchen Sie es erneut.',
    signerFailedTitle: 'Verbindung fehlgeschlagen',
    signerFailedDetail: 'Etwas ist schiefgelaufen. Bitte versuchen Sie es erneut.',
    signerRejectedTitle: 'Anfrage abgelehnt',
    signerRejectedDetail: 'Die Anfrage wurde abgelehnt. Bitte versuchen Sie es erneut.',
  },
};
