/**
 * German: the wallet, MFA and funding screens (terms: docs/i18n/glossary-de.md), put over their
 * English objects as those load, like ./screens.ts.
 */
import type { WalletTexts } from '../catalogue.js';
import { REVIEW } from './review.js';

const LATER = 'Bitte versuchen Sie es später erneut.';
const PASSKEY_LOST = 'Ihr Passkey kann diese Wallet auf diesem Gerät nicht schützen. ';
const NO_PASSKEY = 'Sie haben keinen Passkey verwendet. ';
const BY_LOGIN =
  'Sie können die Wallet stattdessen wiederherstellen, indem Sie sich bei Ihrem Konto anmelden.';
const BY_PASSWORD = 'Stattdessen schützt Ihr Wiederherstellungspasswort die Wallet.';

export const WALLET: WalletTexts = {
  ...REVIEW,
  FUNDING_TEXT: {
    title: 'Konto aufladen',
    promptDetail: (symbol, provider) =>
      `Kaufen Sie ${symbol} per Karte über ${provider}. Sie bezahlen in einem Fenster von ${provider}; dieser Bildschirm verfolgt den Kauf.`,
    continueWith: (provider) => `Weiter mit ${provider}`,
    preparing: 'Ihr Kauf wird vorbereitet…',
    popupBlocked: (provider) => `Ihr Browser hat das Fenster von ${provider} blockiert. Hier öffnen:`,
    openWindow: (provider) => `${provider} öffnen`,
    signFailed: `Der Kauf konnte nicht vorbereitet werden. ${LATER}`,
    paid: 'Sie zahlen',
    received: 'Sie erhalten',
    fees: 'Gebühren',
    done: 'Fertig',
    backToTransaction: 'Zur Transaktion',
    // Retry's word: beside 'Zur Transaktion' in a row that never wraps (312 px at 360).
    tryAgain: 'Wiederholen',
    result: {
      completed: {
        title: 'Ihr Konto ist aufgeladen',
        detail: 'Es kann einige Minuten dauern, bis das Guthaben in Ihrer Wallet erscheint.',
      },
      failed: {
        title: 'Etwas ist schiefgelaufen',
        detail:
          'Der Kauf wurde nicht abgeschlossen. Debitkarten funktionieren meist besser als Kreditkarten: Versuchen Sie es mit einer Debitkarte erneut.',
      },
      serviceFailure: {
        title: 'Etwas ist schiefgelaufen',
        detail: (provider) =>
          `Bei ${provider} ist beim Verarbeiten Ihrer Transaktion ein Fehler aufgetreten. Erneut versuchen?`,
      },
      processingPayment: {
        title: 'Zahlung wird verarbeitet',
        detail:
          'Das kann einige Stunden dauern. Sie erhalten eine E-Mail, sobald der Kauf abgeschlossen ist.',
      },
      awaitingAuthorization: {
        title: 'Warten auf Ihre Zahlung',
        detail: (provider) =>
          `${provider} wartet auf die Bestätigung Ihrer Zahlung. Sie erhalten eine E-Mail, sobald der Kauf abgeschlossen ist.`,
      },
      inProgress: {
        title: 'In Bearbeitung',
        detail: (provider) =>
          `Schließen Sie den Kauf im Fenster von ${provider} ab. Dieser Bildschirm wird aktualisiert, sobald er abgeschlossen ist.`,
      },
    },
  },
  EXTERNAL_WALLET_TEXT: {
    unableToConnect: 'Wallet kann nicht verbunden werden',
    switchingNetworks: 'Netzwerk wird gewechselt',
    switchNetworkDetail: 'Wechseln Sie in Ihrer Wallet zum angeforderten Netzwerk.',
    alreadyLinked: 'Die Wallet ist bereits verknüpft.',
    userExists: 'Für diese Adresse gibt es bereits einen Nutzer',
    userExistsDetail: 'Versuchen Sie eine andere Adresse.',
    useDifferentWallet: 'Andere Wallet verwenden',
    timedOut: 'Zeitüberschreitung bei der Wallet-Anfrage',
    couldNotLogIn: 'Anmeldung mit der Wallet fehlgeschlagen',
    rejected: 'Sie haben die Anfrage abgelehnt',
    userRejectedConnection: 'Verbindung abgelehnt',
    unableToRetrieveAccounts: 'Konten können nicht abgerufen werden',
    notConnected: 'Die Wallet ist derzeit nicht verbunden.',
    unableToDetermineChain: 'Die aktuelle Chain kann nicht ermittelt werden.',
    cannotUnlinkEmbedded: 'Die Verknüpfung einer eingebetteten Wallet kann nicht aufgehoben werden',
    loginFailedTitle: 'Verbindung mit der Wallet fehlgeschlagen',
    loginFailedDetail:
      'Die Wallet wurde in diesem Browser nicht gefunden. Installieren Sie sie oder wählen Sie einen anderen Weg.',
    waitingFor: (name) => `Warten auf ${name}`,
    connectDetail: 'Genehmigen Sie die Verbindung in Ihrer Wallet.',
    signDetail: 'Signieren Sie die Nachricht in Ihrer Wallet, um zu bestätigen, dass sie Ihnen gehört.',
    signWithWallet: 'Mit Wallet signieren',
    retry: 'Wiederholen',
    connectedTitle: 'Verbunden',
    connectedDetail: (address) => `Ihre Wallet ${address} ist verbunden.`,
    linkWalletTitle: 'Wallet verknüpfen',
    connectWalletTitle: 'Wallet verbinden',
    otherWallets: 'Weitere Wallets',
    noWalletFound: 'Keine Wallet in diesem Browser gefunden.',
    lookingForWallets: 'Wallets werden gesucht…',
    browserWallet: 'Browser-Wallet',
    done: 'Fertig',
    walletConnect: 'WalletConnect',
    scanWith: (name) => `Mit ${name} scannen`,
    scanDetail: 'Scannen Sie diesen Code mit der Wallet-App auf Ihrem Telefon, um sich zu verbinden.',
    qrLabel: 'WalletConnect-QR-Code',
    copyLink: 'Link kopieren',
    openWallet: (name) => `${name} öffnen`,
    chooseMobileWallet: 'Wallet-App auswählen',
    preparingConnection: 'Verbindung wird vorbereitet…',
    phantomInterstitialTitle: 'In Phantom öffnen',
    phantomInterstitialDetail:
      'Phantom verbindet sich über seinen eigenen Browser. Öffnen Sie diese Seite dort, um fortzufahren.',
    openInPhantom: 'In Phantom öffnen',
    installPhantomTitle: 'Phantom-Wallet erstellen',
    installPhantomDetail:
      'Phantom ist in diesem Browser nicht installiert. Holen Sie sich die Erweiterung, erstellen oder importieren Sie eine Wallet und laden Sie diese Seite dann neu.',
    getPhantom: 'Phantom holen',
    reload: 'Neu laden',
  },
  WALLET_FLOW_TEXT: {
    genericError: 'Ein Fehler ist aufgetreten. Bitte versuchen Sie es erneut.',
    loginAgain: 'Ein Fehler ist aufgetreten. Bitte melden Sie sich erneut an.',
    somethingWentWrong: 'Etwas ist schiefgelaufen',
    tryLater: `Wir kümmern uns darum. ${LATER}`,
    refreshUserFailed: 'Die Nutzerdaten konnten nicht aktualisiert werden.',
    missingEmbeddedWallet: 'Den aktualisierten Nutzerdaten fehlt die eingebettete Wallet.',
    passwordAfterCreateFailed: 'Die Wallet wurde erstellt, aber das Passwort konnte nicht festgelegt werden',
    passkeyFallback: {
      unavailable: { login: PASSKEY_LOST + BY_LOGIN, password: PASSKEY_LOST + BY_PASSWORD },
      skipped: { login: NO_PASSKEY + BY_LOGIN, password: NO_PASSKEY + BY_PASSWORD },
    },
    creationFailed: 'Die Wallet konnte nicht erstellt werden',
    settingPasswordFailed: 'Das Passwort der Wallet konnte nicht festgelegt werden',
    onlyOneWallet: 'Derzeit ist nur eine Wallet pro Nutzer möglich',
    walletTimeout: 'Zeitüberschreitung der Wallet',
    embeddedWalletError: 'Fehler der eingebetteten Wallet',
    mustHaveWallet: 'Zum Hinzufügen eines Passworts brauchen Sie eine Wallet',
    passwordAlreadySet: 'Diese Wallet hat bereits ein Passwort',
    mustBeAuthenticatedBeforeSigning: 'Zum Signieren müssen Sie angemeldet sein',
    unableToConnect: 'Verbindung zur Wallet nicht möglich',
    unableToRecover: 'Wallet kann nicht wiederhergestellt werden',
    walletNotConnected: 'Die Wallet ist nicht verbunden',
    userRejected: 'Die Anfrage wurde abgelehnt.',
    exitedPasswordFlow: 'Die Einrichtung des Passworts wurde abgebrochen',
    requestPending: 'Eine andere Anfrage wird bereits bearbeitet',
    rateLimited: 'Zu viele Anfragen. Bitte warten Sie einen Moment und versuchen Sie es erneut.',
    insufficientFunds: 'Die Wallet hat nicht genug Guthaben für diese Transaktion.',
    preparingFailed:
      'Beim Vorbereiten Ihrer Transaktion ist ein Fehler aufgetreten. Bitte versuchen Sie es erneut.',
    processingFailed:
      'Beim Verarbeiten Ihrer Transaktion ist ein Fehler aufgetreten. Bitte wenden Sie sich an den Support.',
    addFunds: 'Guthaben hinzufügen',
  },
};
