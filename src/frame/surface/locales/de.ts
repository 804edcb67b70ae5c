/**
 * German ("Sie") on the provider-origin surface (terms: docs/i18n/glossary-de.md): the
 * widget's own translations of the catalogue's objects, and the surface's texts.
 */
import { FIRST_MODAL } from '../../../core/locales/de/login.js';
import { REVIEW } from '../../../core/locales/de/review.js';
import type { SurfaceLocale } from '../surface-locale.js';

export const locale: SurfaceLocale = {
  lang: 'de',
  dir: 'ltr',
  texts: {
    // The widget's WALLET_TEXT, MFA_UI_TEXT, MFA_ERROR_TEXT, TRANSACTION_TEXT and PASSWORD_TEXT.
    ...REVIEW,
    SURFACE_TEXT: {
      digit: FIRST_MODAL.UI_TEXT.digit,
      loading: 'Wird geladen…',
      gone: 'Diese Anfrage wartet nicht mehr.',
      goneDetail: 'Sie können dieses Fenster schließen.',
      done: 'Fertig',
      missingParameters: 'Diese Seite wurde ohne eine Anfrage geöffnet, die sie zeigen könnte.',
      sign: 'Signieren',
      send: 'Senden',
      sending: 'Wird gesendet…',
      working: 'Wird verarbeitet…',
      unknownChain: (id) => `Chain ${id}`,
      maxFee: 'Max. Netzwerkgebühr',
      data: 'Daten',
      dataBytes: (bytes) => `${bytes} Byte (ruft einen Vertrag auf)`,
      verifyTitle: 'Identität bestätigen',
      newDevice: 'Ihre Wallet wird zum ersten Mal auf diesem Gerät geladen.',
      mfa: 'Geben Sie einen Code ein, um fortzufahren.',
      chooseFactor: 'Wie möchten Sie Ihre Identität bestätigen?',
      emailFactor: (label) => `Code per E-Mail an ${label} senden`,
      textFactor: (label) => `Code per SMS an ${label} senden`,
      totpFactor: 'Ihre Authenticator-App verwenden',
      walletFactor: 'Mit der Wallet dieses Geräts genehmigen',
      usableFrom: (when) => `Verfügbar ab ${when}`,
      notThisLogin: 'Nicht bei dieser Anmeldung',
      noFactorTitle: 'Dieses Gerät kann Ihre Identität nicht bestätigen',
      noFactorDetail:
        'Öffnen Sie Ihre Wallet dort, wo Sie sie erstellt haben, und fügen Sie Ihrem Konto eine E-Mail-Adresse, eine Telefonnummer oder die Bestätigung in zwei Schritten hinzu.',
      codeSentTo: (to) => `Geben Sie den Code ein, der an ${to} gesendet wurde`,
      codeSent: 'Geben Sie den Code ein, den wir Ihnen gesendet haben',
      codeFromApp: 'Geben Sie den Code aus Ihrer Authenticator-App ein',
      anotherWay: 'Andere Methode verwenden',
      passkeyFactor: 'Ihren Passkey verwenden',
      link: (account) => `${account} mit Ihrem Konto verknüpfen`,
      unlink: (account) => `${account} aus Ihrem Konto entfernen`,
      changeEmail: (email) => `Ihre E-Mail-Adresse in ${email} ändern`,
      mfaEnroll: (method) => `Bestätigung in zwei Schritten hinzufügen (${method})`,
      mfaUnenroll: (method) => `Bestätigung in zwei Schritten entfernen (${method})`,
      accounts: {
        email: 'E-Mail-Adresse',
        phone: 'Telefonnummer',
        wallet: 'Wallet',
      },
      anyPasskey: 'einen Passkey',
      namedPasskey: (name) => `den Passkey ${name}`,
      smsTo: (phone) => `SMS an ${phone}`,
    },
    EXPORT_TEXTS: {
      heading: REVIEW.WALLET_TEXT.exportTitle,
      warning:
        'Wer Ihren privaten Schlüssel hat, hat die volle Kontrolle über diese Wallet. Geben Sie ihn niemals weiter.',
      reveal: 'Privaten Schlüssel anzeigen',
      loading: 'Ihre Wallet wird geladen…',
      copy: 'Schlüssel kopieren',
      copied: 'Kopiert',
      addressLabel: 'Wallet-Adresse',
      passwordPrompt: 'Geben Sie Ihr Wiederherstellungspasswort ein, um den Schlüssel anzuzeigen',
      wrongPassword: 'Dieses Passwort ist nicht korrekt. Bitte versuchen Sie es erneut.',
      mismatch: 'Die Wallet konnte für diese Adresse nicht wiederhergestellt werden.',
      failed: 'Etwas ist schiefgelaufen. Bitte versuchen Sie es erneut.',
      missingParameters: 'Diese Seite wurde ohne eine zu exportierende Wallet geöffnet.',
      mfaRequired: 'Bestätigen Sie zuerst Ihre Identität und öffnen Sie diese Seite dann erneut.',
      loginAgain:
        'Dieser Browser hat Ihre Wallet noch nicht: Melden Sie sich erneut an und öffnen Sie diese Seite dann noch einmal.',
    },
    PASSKEY_SURFACE_TEXT: {
      title: {
        login: 'Mit einem Passkey anmelden',
        signup: 'Passkey erstellen',
        link: 'Passkey hinzufügen',
        'step-up': 'Mit Ihrem Passkey bestätigen',
        recover: 'Wallet mit Ihrem Passkey entsperren',
        'set-recovery': 'Wallet mit Ihrem Passkey schützen',
        'create-recovery': REVIEW.WALLET_TEXT.creatingPasskeyTitle,
      },
      detail: {
        login:
          'Verwenden Sie den Passkey, der auf diesem Gerät, Ihrem Smartphone oder in Ihrem Passwortmanager gespeichert ist.',
        signup:
          'Ihr Gerät speichert einen Passkey für dieses Konto: kein Passwort, das Sie sich merken müssen.',
        link: 'Ihr Gerät speichert einen Passkey, mit dem Sie sich beim nächsten Mal anmelden können.',
        'step-up': 'Bestätigen Sie Ihre Identität mit einem Ihrer Passkeys.',
        recover: 'Verwenden Sie den Passkey, der Ihre Wallet schützt, um sie auf diesem Gerät zu laden.',
        'set-recovery': 'Nur Ihr Passkey kann Ihre Wallet auf einem neuen Gerät laden.',
        'create-recovery': 'Nur Ihr Passkey kann Ihre neue Wallet auf einem anderen Gerät laden.',
      },
      continue: 'Mit Passkey fortfahren',
      signUp: 'Passkey erstellen',
      cancelled: 'Es wurde kein Passkey verwendet. Bitte versuchen Sie es erneut.',
      cancelledSignUp: 'Es wurde kein Passkey verwendet. Noch keinen Passkey? Erstellen Sie einen.',
      cancelledVerification: 'Bestätigung abgebrochen',
      exists: 'Dieses Gerät hat bereits einen Passkey für dieses Konto.',
      failed: 'Der Passkey konnte nicht verwendet werden. Bitte versuchen Sie es erneut.',
      unsupported: 'Dieser Browser kann keine Passkeys verwenden.',
      framed:
        'Passkeys können auf dieser Seite nicht verwendet werden. Fahren Sie stattdessen in einem neuen Fenster fort.',
      newWindow: 'In neuem Fenster fortfahren',
      inWindow: 'Schließen Sie den Vorgang im neuen Fenster ab.',
      popupBlocked:
        'Das neue Fenster wurde blockiert. Erlauben Sie Pop-ups für diese Website und versuchen Sie es dann erneut.',
      noOpener: 'Öffnen Sie dieses Fenster über den Passkey-Bildschirm.',
    },
    FRAME_ERROR_TEXT: {
      invalid_mfa_code: REVIEW.MFA_ERROR_TEXT.invalidCode,
      mfa_verification_max_attempts_reached: REVIEW.MFA_ERROR_TEXT.maxAttempts,
      mfa_timeout: REVIEW.MFA_ERROR_TEXT.timedOut,
      invalid_recovery_pin: 'Ungültiges Wiederherstellungspasswort. Bitte versuchen Sie es erneut.',
      too_many_requests: FIRST_MODAL.FLOW_MESSAGES.tooManyRequests,
      mail_delivery_failed: FIRST_MODAL.FLOW_MESSAGES.mailDeliveryFailed,
      twilio_verification_failed:
        'Der Code konnte nicht per SMS gesendet werden. Bitte versuchen Sie es später erneut.',
      step_up_factor_unavailable: 'Mit dieser Methode können Sie sich gerade nicht bestätigen.',
      wrong_passkey:
        'Dieser Passkey entsperrt diese Wallet nicht. Verwenden Sie den Passkey, der sie schützt.',
      passkey_without_prf:
        'Dieser Passkey oder Browser kann keine Wallet entsperren. Versuchen Sie es mit einem anderen Browser oder Gerät.',
      passkey_not_yours: 'Dieser Passkey gehört nicht zu Ihren Passkeys. Bitte versuchen Sie einen anderen.',
      invalid_passkey_challenge: 'Die Passkey-Anfrage ist abgelaufen. Bitte versuchen Sie es erneut.',
      passkey_verification_failed: 'Der Passkey konnte nicht bestätigt werden.',
      passkey_not_found: 'Dieser Passkey ist für diese App nicht registriert.',
      passkey_already_linked: 'Dieser Passkey ist bereits mit einem Konto verknüpft.',
    },
  },
};
