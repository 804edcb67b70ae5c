/**
 * French ("vous") on the provider-origin surface (terms: docs/i18n/glossary-fr.md): the
 * widget's own translations of the catalogue's objects, and the surface's texts.
 */
import { FIRST_MODAL } from '../../../core/locales/fr/login.js';
import { REVIEW } from '../../../core/locales/fr/review.js';
import type { SurfaceLocale } from '../surface-locale.js';

export const locale: SurfaceLocale = {
  lang: 'fr',
  dir: 'ltr',
  texts: {
    // The widget's WALLET_TEXT, MFA_UI_TEXT, MFA_ERROR_TEXT, TRANSACTION_TEXT and PASSWORD_TEXT.
    ...REVIEW,
    SURFACE_TEXT: {
      digit: FIRST_MODAL.UI_TEXT.digit,
      loading: 'Chargement…',
      gone: 'Cette demande n’est plus en attente.',
      goneDetail: 'Vous pouvez fermer cette fenêtre.',
      done: 'Terminé',
      missingParameters: 'Cette page a été ouverte sans demande à afficher.',
      sign: 'Signer',
      send: 'Envoyer',
      sending: 'Envoi…',
      working: 'Traitement…',
      unknownChain: (id) => `Chaîne ${id}`,
      maxFee: 'Frais de réseau max.',
      data: 'Données',
      dataBytes: (bytes) => `${bytes} ${bytes < 2 ? 'octet' : 'octets'} (appelle un contrat)`,
      verifyTitle: 'Confirmez votre identité',
      newDevice: 'Votre portefeuille est chargé sur cet appareil pour la première fois.',
      mfa: 'Saisissez un code pour continuer.',
      chooseFactor: 'Comment voulez-vous confirmer votre identité\u00a0?',
      emailFactor: (label) => `Envoyer un code par e-mail à ${label}`,
      textFactor: (label) => `Envoyer un code par SMS au ${label}`,
      totpFactor: 'Utiliser votre app d’authentification',
      walletFactor: 'Approuver avec le portefeuille de cet appareil',
      usableFrom: (when) => `Utilisable à partir du ${when}`,
      notThisLogin: 'Pas pendant cette connexion',
      noFactorTitle: 'Cet appareil ne peut pas confirmer votre identité',
      noFactorDetail:
        'Ouvrez votre portefeuille là où vous l’avez créé, et ajoutez à votre compte une adresse e-mail, un téléphone ou la validation en deux étapes.',
      codeSentTo: (to) => `Saisissez le code envoyé à ${to}`,
      codeSent: 'Saisissez le code que nous vous avons envoyé',
      codeFromApp: 'Saisissez le code de votre app d’authentification',
      anotherWay: 'Utiliser une autre méthode',
      passkeyFactor: 'Utiliser votre clé d’accès',
      link: (account) => `Associer ${account} à votre compte`,
      unlink: (account) => `Retirer ${account} de votre compte`,
      changeEmail: (email) => `Remplacer votre adresse e-mail par ${email}`,
      mfaEnroll: (method) => `Ajouter la validation en deux étapes (${method})`,
      mfaUnenroll: (method) => `Retirer la validation en deux étapes (${method})`,
      accounts: {
        email: 'l’adresse e-mail',
        phone: 'le téléphone',
        wallet: 'le portefeuille',
      },
      anyPasskey: 'une clé d’accès',
      namedPasskey: (name) => `la clé d’accès ${name}`,
      smsTo: (phone) => `SMS au ${phone}`,
    },
    EXPORT_TEXTS: {
      heading: REVIEW.WALLET_TEXT.exportTitle,
      warning:
        'Toute personne qui possède votre clé privée contrôle entièrement ce portefeuille. Ne la partagez jamais.',
      reveal: 'Afficher la clé privée',
      loading: 'Chargement de votre portefeuille…',
      copy: 'Copier la clé',
      copied: 'Copiée',
      addressLabel: 'Adresse du portefeuille',
      passwordPrompt: 'Saisissez votre mot de passe de récupération pour afficher la clé',
      wrongPassword: 'Ce mot de passe est incorrect. Veuillez réessayer.',
      mismatch: 'Le portefeuille n’a pas pu être reconstitué pour cette adresse.',
      failed: 'Un problème est survenu. Veuillez réessayer.',
      missingParameters: 'Cette page a été ouverte sans portefeuille à exporter.',
      mfaRequired: 'Confirmez d’abord votre identité, puis rouvrez cette page.',
      loginAgain:
        'Ce navigateur n’a pas encore votre portefeuille\u00a0: reconnectez-vous, puis rouvrez cette page.',
    },
    PASSKEY_SURFACE_TEXT: {
      title: {
        login: 'Se connecter avec une clé d’accès',
        signup: 'Créer une clé d’accès',
        link: 'Ajouter une clé d’accès',
        'step-up': 'Confirmer avec votre clé d’accès',
        recover: 'Déverrouiller votre portefeuille avec votre clé d’accès',
        'set-recovery': 'Protéger votre portefeuille avec votre clé d’accès',
        'create-recovery': REVIEW.WALLET_TEXT.creatingPasskeyTitle,
      },
      detail: {
        login:
          'Utilisez la clé d’accès enregistrée sur cet appareil, votre téléphone ou votre gestionnaire de mots de passe.',
        signup:
          'Votre appareil enregistrera une clé d’accès pour ce compte\u00a0: aucun mot de passe à retenir.',
        link: 'Votre appareil enregistrera une clé d’accès pour vous connecter la prochaine fois.',
        'step-up': 'Utilisez l’une de vos clés d’accès pour confirmer votre identité.',
        recover: 'Utilisez la clé d’accès qui protège votre portefeuille pour le charger sur cet appareil.',
        'set-recovery': 'Seule votre clé d’accès pourra charger votre portefeuille sur un nouvel appareil.',
        'create-recovery':
          'Seule votre clé d’accès pourra charger votre nouveau portefeuille sur un autre appareil.',
      },
      continue: 'Continuer avec une clé d’accès',
      signUp: 'Créer une clé d’accès',
      cancelled: 'Aucune clé d’accès n’a été utilisée. Veuillez réessayer.',
      cancelledSignUp: 'Aucune clé d’accès n’a été utilisée. Pas encore de clé d’accès\u00a0? Créez-en une.',
      cancelledVerification: 'Vérification annulée',
      exists: 'Cet appareil a déjà une clé d’accès pour ce compte.',
      failed: 'La clé d’accès n’a pas pu être utilisée. Veuillez réessayer.',
      unsupported: 'Ce navigateur ne peut pas utiliser de clés d’accès.',
      framed:
        'Les clés d’accès ne peuvent pas être utilisées dans cette page. Continuez plutôt dans une nouvelle fenêtre.',
      newWindow: 'Continuer dans une nouvelle fenêtre',
      inWindow: 'Terminez dans la nouvelle fenêtre.',
      popupBlocked:
        'La nouvelle fenêtre a été bloquée. Autorisez les fenêtres pop-up pour ce site, puis réessayez.',
      noOpener: 'Ouvrez cette fenêtre depuis l’écran de la clé d’accès.',
    },
    FRAME_ERROR_TEXT: {
      invalid_mfa_code: REVIEW.MFA_ERROR_TEXT.invalidCode,
      mfa_verification_max_attempts_reached: REVIEW.MFA_ERROR_TEXT.maxAttempts,
      mfa_timeout: REVIEW.MFA_ERROR_TEXT.timedOut,
      invalid_recovery_pin: 'Mot de passe de récupération non valide. Veuillez réessayer.',
      too_many_requests: FIRST_MODAL.FLOW_MESSAGES.tooManyRequests,
      mail_delivery_failed: FIRST_MODAL.FLOW_MESSAGES.mailDeliveryFailed,
      twilio_verification_failed: 'Le code n’a pas pu être envoyé par SMS. Réessayez plus tard.',
      step_up_factor_unavailable: 'Cette méthode ne peut pas confirmer votre identité pour le moment.',
      wrong_passkey:
        'Cette clé d’accès ne déverrouille pas ce portefeuille. Utilisez la clé d’accès qui le protège.',
      passkey_without_prf:
        'Cette clé d’accès ou ce navigateur ne peut pas déverrouiller de portefeuille. Essayez un autre navigateur ou appareil.',
      passkey_not_yours:
        'Cette clé d’accès ne fait pas partie de vos clés d’accès. Veuillez en essayer une autre.',
      invalid_passkey_challenge: 'La demande de clé d’accès a expiré. Veuillez réessayer.',
      passkey_verification_failed: 'La clé d’accès n’a pas pu être vérifiée.',
      passkey_not_found: 'Cette clé d’accès n’est pas enregistrée pour cette application.',
      passkey_already_linked: 'Cette clé d’accès est déjà associée à un compte.',
    },
  },
};
