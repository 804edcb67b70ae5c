/**
 * French: the login screens that load lazily (consent, allowlist, links, phone, captcha, OAuth,
 * passkeys, Farcaster; terms: docs/i18n/glossary-fr.md), put over their English objects as those
 * load (core/text/registry.ts).
 */
import type { ScreenTexts } from '../catalogue.js';

export const SCREENS: ScreenTexts = {
  CONSENT_TEXT: {
    title: 'Une dernière étape',
    detail: 'Avant de continuer, veuillez lire et accepter les conditions de cette app.',
    viewTerms: 'Voir les conditions',
    viewPrivacyPolicy: 'Voir la politique de confidentialité',
    decline: 'Non merci',
    accept: 'Accepter',
    acceptFailed: 'Votre réponse n’a pas pu être enregistrée. Veuillez réessayer.',
  },
  ALLOWLIST_TEXT: {
    title: 'Vous n’avez pas accès à cette app',
    detail: 'Avez-vous reçu une invitation\u00a0?',
    cta: 'Essayer un autre compte',
  },
  LINK_TEXT: {
    linkEmailTitle: 'Associez votre e-mail',
    linkPhoneTitle: 'Associez votre téléphone',
    updateEmailTitle: 'Modifiez votre e-mail',
    updateEmailCurrent: 'Votre e-mail actuel est',
  },
  PHONE_TEXT: {
    phoneLabel: 'Numéro de téléphone',
    countryLabel: 'Pays',
    phonePlaceholder: 'Numéro de téléphone',
  },
  CAPTCHA_MESSAGES: {
    title: 'Confirmez que vous êtes humain',
    ready: 'Préparation de la vérification de sécurité…',
    loading: 'Nous vérifions que vous êtes humain…',
    success: 'C’est bon\u00a0! On continue…',
    successNeedsIntent: 'C’est bon\u00a0!',
    continue: 'Continuer',
    didNotPass: 'Vous n’avez pas réussi le CAPTCHA. Veuillez réessayer.',
    adblockerHint: 'Si vous utilisez un bloqueur de publicités ou un VPN, désactivez-le et réessayez.',
    captchaFailed: 'Échec du CAPTCHA',
  },
  OAUTH_UI_TEXT: {
    oauthVerifying: (provider) => `Vérification de la connexion avec ${provider}`,
    oauthVerifyingDetail: 'Encore quelques instants',
    oauthConnected: (provider) => `Connecté avec ${provider}`,
    oauthRedirecting: (provider) => `Redirection vers ${provider}`,
    inAppBrowserTitle: 'Connexion impossible avec ce service',
  },
  OAUTH_MESSAGES: {
    userDenied: 'L’autorisation de connexion a été refusée',
    invalidCode: 'Code non valide reçu pendant la connexion.',
    unexpectedFlow: 'Connexion inattendue\u00a0: il pourrait s’agir d’une tentative d’hameçonnage',
    missingVerifier: 'Erreur d’authentification.',
    retry: (provider) => `Réessayez, puis terminez l’association de votre compte dans ${provider}.`,
    accountSuspended: (provider) =>
      `Votre compte ${provider} est suspendu. Essayez une autre méthode de connexion.`,
    inAppBrowser:
      'Vous semblez utiliser le navigateur intégré d’une app. Pour vous connecter, réessayez dans un navigateur externe.',
  },
  PASSWORDLESS_MESSAGES: {
    invalidEmail: 'Saisissez une adresse e-mail valide.',
    emailRequired: 'Une adresse e-mail est nécessaire pour envoyer un code.',
    phoneRequired: 'Un numéro de téléphone est nécessaire pour envoyer un code.',
    invalidPhone: 'Saisissez un numéro de téléphone valide.',
    codeShouldBeNumeric: 'Le code doit être numérique',
    passcodeOnlyNumbers: 'Le code ne peut contenir que des chiffres',
    passcodeExactLength: 'Le code doit comporter 6 chiffres',
    invalidOrExpiredCode: 'Code non valide ou expiré',
    issueVerifyingCode: 'Impossible de vérifier le code',
  },
  PASSKEY_TEXT: {
    linkTitle: 'Ajoutez une clé d’accès',
    recoveryTitle: 'Protégez votre portefeuille avec une clé d’accès',
    loginOff: 'La connexion par clé d’accès n’est pas activée pour cette app',
    recoverySet: 'Votre portefeuille est maintenant protégé par votre clé d’accès',
    mustHaveWallet: 'Il faut un portefeuille pour le protéger avec une clé d’accès',
    alreadySet: 'Ce portefeuille est déjà protégé par une clé d’accès',
    noPrf:
      'Cette clé d’accès ne peut pas protéger un portefeuille\u00a0: son appareil ou son navigateur ne le permet pas. Créez plutôt un mot de passe de récupération, ou utilisez une clé d’accès d’un autre appareil.',
    exitedRecoveryFlow: 'Vous avez quitté la configuration de la clé d’accès',
    recoveryFailed: 'Impossible de configurer la clé d’accès sur le portefeuille',
    failed: 'La clé d’accès n’a pas pu être utilisée. Veuillez réessayer.',
  },
  FARCASTER_UI_TEXT: {
    connectTitle: 'Se connecter avec Farcaster',
    scan: 'Scannez avec l’appareil photo de votre téléphone pour vous connecter avec Farcaster.',
    qrLabel: 'QR code pour se connecter avec Farcaster',
    copyLink: 'Copier le lien',
    openApp: 'Ouvrir Farcaster',
    onPhone: 'Connectez-vous à votre compte dans l’app Farcaster, puis revenez ici.',
    waiting: 'En attente de votre connexion…',
    connected: 'Connecté avec Farcaster',
    signerTitle: 'Approuvez dans Farcaster',
    signerScan:
      'Scannez avec l’appareil photo de votre téléphone pour permettre à cette app de publier sur Farcaster pour vous.',
    signerQrLabel: 'QR code pour approuver cette app dans Farcaster',
    signerOnPhone: 'Approuvez cette app dans Farcaster, puis revenez ici.',
    signerWaiting: 'En attente de votre approbation…',
    signerApproved: 'Approuvé',
    tryAgain: 'Réessayer',
    connectTimeout: 'La demande a expiré. Réessayez.',
    signerFailedTitle: 'Échec de la connexion',
    signerFailedDetail: 'Un problème est survenu. Veuillez réessayer.',
    signerRejectedTitle: 'Demande refusée',
    signerRejectedDetail: 'La demande a été refusée. Veuillez réessayer.',
  },
};
