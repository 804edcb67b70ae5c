/**
 * French: what the first modal and the code entry show (terms: docs/i18n/glossary-fr.md), put
 * over the English objects the locale chunk imports (core/locales/catalogue.ts ENGLISH).
 */
import type { Catalogue } from '../catalogue.js';

export const FIRST_MODAL: Pick<
  Catalogue,
  'UI_TEXT' | 'ERROR_SCREEN_TEXT' | 'OUTAGE_TEXT' | 'CODE_TEXT' | 'FLOW_MESSAGES'
> = {
  UI_TEXT: {
    loginTitle: 'Connexion ou inscription',
    loadingTitle: 'Chargement',
    emailLabel: 'Adresse e-mail',
    emailPlaceholder: 'votre@email.com',
    submit: 'Envoyer',
    termsFooter: 'En me connectant, j’accepte les Conditions d’utilisation',
    termsFooterStart: 'En me connectant, j’accepte\u00a0:',
    terms: 'Conditions',
    and: 'et',
    privacyPolicy: 'Politique de confidentialité',
    moreOptions: 'Plus d’options',
    otherSocials: 'Autres réseaux sociaux',
    otherWallets: 'Autres portefeuilles',
    continueWithWallet: 'Continuer avec un portefeuille',
    continueWithEmail: 'Continuer par e-mail',
    continueWithSms: 'Continuer par SMS',
    continueWithFarcaster: 'Continuer avec Farcaster',
    loginWithPasskey: 'Connexion par clé d’accès',
    continueWith: (provider) => `Continuer avec ${provider}`,
    linkSuccess: 'Compte associé',
    loginSuccess: 'Connexion réussie',
    loadingPhoneField: 'Chargement du champ téléphone…',
    digit: (n) => `Chiffre ${n}`,
    resendCode: 'Renvoyer le code',
    verifying: 'Vérification…',
    close: 'Fermer',
    back: 'Retour',
    appLogo: (name) => `Logo ${name}`,
  },
  ERROR_SCREEN_TEXT: {
    timedOutTitle: 'Délai dépassé',
    tryAgain: 'Réessayer',
    retry: 'Réessayer',
    somethingWentWrong: 'Un problème est survenu',
    tryAgainLater: 'Réessayez plus tard',
    unreachable: 'Impossible de joindre le service de connexion',
    checkConnection: 'Vérifiez votre connexion, puis réessayez.',
    notAllowed: 'Non autorisé',
    tryAnotherMethod: 'Essayer une autre méthode',
    back: 'Retour',
    invalidCredentials: 'Un problème est survenu. Réessayez.',
    authenticationFailed: 'Échec de l’authentification',
    captchaTimeout: 'Un problème est survenu. Réessayez plus tard.',
    invalidCaptcha: 'Veuillez réessayer.',
  },
  OUTAGE_TEXT: {
    checkConnection: 'Vérifiez votre connexion, puis réessayez.',
    retry: 'Réessayer',
    close: 'Fermer',
  },
  CODE_TEXT: {
    codeTitle: 'Code de confirmation',
    codeSentTo: 'Consultez vos e-mails\u00a0: nous avons envoyé un code à',
    codeSentToPhone: 'Consultez votre téléphone\u00a0: nous avons envoyé un code au',
    updateSuccess: 'E-mail mis à jour',
    codeResent: 'Un nouveau code est en route.',
    didNotGetCode: 'Vous n’avez pas reçu de code\u00a0?',
  },
  FLOW_MESSAGES: {
    noAuthFlow: 'Aucune connexion en cours.',
    tooManyRequests: 'Trop de demandes. Patientez un peu avant de réessayer.',
    mailDeliveryFailed: 'Le code de connexion n’a pas pu être envoyé. Réessayez plus tard.',
    linkedToAnotherUser: 'Ce compte est déjà associé à un autre utilisateur.',
  },
};
