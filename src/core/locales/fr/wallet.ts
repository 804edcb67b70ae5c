/**
 * French: the wallet, MFA and funding screens (terms: docs/i18n/glossary-fr.md), put over their
 * English objects as those load, like ./screens.ts.
 */
import type { WalletTexts } from '../catalogue.js';
import { REVIEW } from './review.js';

const TRY_AGAIN = 'Réessayer';
const PASSKEY_LOST = 'Votre clé d’accès ne peut pas protéger ce portefeuille sur cet appareil\u00a0: ';
const NO_PASSKEY = 'Vous n’avez pas utilisé de clé d’accès\u00a0: ';

export const WALLET: WalletTexts = {
  ...REVIEW,
  FUNDING_TEXT: {
    title: 'Approvisionner le compte',
    promptDetail: (symbol, provider) =>
      `Achetez des ${symbol} par carte via ${provider}. Vous payez dans une fenêtre ${provider}\u00a0; cet écran suit l’achat.`,
    continueWith: (provider) => `Continuer avec ${provider}`,
    preparing: 'Préparation de votre achat…',
    popupBlocked: (provider) => `Votre navigateur a bloqué la fenêtre ${provider}. Ouvrez-la ici\u00a0:`,
    openWindow: (provider) => `Ouvrir ${provider}`,
    signFailed: 'L’achat n’a pas pu être préparé. Réessayez plus tard.',
    paid: 'Vous payez',
    received: 'Vous recevez',
    fees: 'Frais',
    done: 'Terminé',
    backToTransaction: 'Vers la transaction',
    tryAgain: TRY_AGAIN,
    result: {
      completed: {
        title: 'Votre compte est approvisionné',
        detail: 'Les fonds peuvent mettre quelques minutes à apparaître dans votre portefeuille.',
      },
      failed: {
        title: 'Un problème est survenu',
        detail:
          'L’achat n’a pas abouti. Les cartes de débit passent généralement mieux que les cartes de crédit\u00a0: réessayez avec une carte de débit.',
      },
      serviceFailure: {
        title: 'Un problème est survenu',
        detail: (provider) =>
          `${provider} a rencontré une erreur lors du traitement de votre transaction. Réessayer\u00a0?`,
      },
      processingPayment: {
        title: 'Paiement en cours de traitement',
        detail: 'Cela peut prendre quelques heures. Vous recevrez un e-mail une fois l’achat terminé.',
      },
      awaitingAuthorization: {
        title: 'En attente de votre paiement',
        detail: (provider) =>
          `${provider} attend la confirmation de votre paiement. Vous recevrez un e-mail une fois l’achat terminé.`,
      },
      inProgress: {
        title: 'En cours',
        detail: (provider) =>
          `Terminez votre achat dans la fenêtre ${provider}. Cet écran se met à jour une fois l’achat terminé.`,
      },
    },
  },
  EXTERNAL_WALLET_TEXT: {
    unableToConnect: 'Impossible de connecter le portefeuille',
    switchingNetworks: 'Changement de réseau',
    switchNetworkDetail: 'Passez votre portefeuille sur le réseau demandé.',
    alreadyLinked: 'Ce portefeuille était déjà associé.',
    userExists: 'Un utilisateur existe déjà pour cette adresse',
    userExistsDetail: 'Essayez une autre adresse\u00a0!',
    useDifferentWallet: 'Utiliser un autre portefeuille',
    timedOut: 'Le portefeuille a mis trop de temps à répondre',
    couldNotLogIn: 'Connexion impossible avec le portefeuille',
    rejected: 'Vous avez refusé la demande',
    userRejectedConnection: 'La connexion a été refusée',
    unableToRetrieveAccounts: 'Impossible de récupérer les comptes',
    notConnected: 'Le portefeuille n’est pas connecté.',
    unableToDetermineChain: 'Impossible de déterminer la chaîne actuelle.',
    cannotUnlinkEmbedded: 'Impossible de dissocier un portefeuille intégré',
    loginFailedTitle: 'Connexion au portefeuille impossible',
    loginFailedDetail:
      'Ce portefeuille est introuvable dans ce navigateur. Installez-le ou choisissez un autre moyen de connexion.',
    waitingFor: (name) => `En attente de ${name}`,
    connectDetail: 'Approuvez la connexion dans votre portefeuille.',
    signDetail: 'Signez le message dans votre portefeuille pour prouver qu’il vous appartient.',
    signWithWallet: 'Signer avec votre portefeuille',
    retry: 'Réessayer',
    connectedTitle: 'Connecté',
    connectedDetail: (address) => `Votre portefeuille ${address} est connecté.`,
    linkWalletTitle: 'Associez un portefeuille',
    connectWalletTitle: 'Connectez un portefeuille',
    otherWallets: 'Autres portefeuilles',
    noWalletFound: 'Aucun portefeuille trouvé dans ce navigateur.',
    lookingForWallets: 'Recherche de portefeuilles…',
    browserWallet: 'Portefeuille du navigateur',
    done: 'Terminé',
    walletConnect: 'WalletConnect',
    scanWith: (name) => `Scanner avec ${name}`,
    scanDetail: 'Scannez ce code avec l’app de portefeuille de votre téléphone pour vous connecter.',
    qrLabel: 'QR code WalletConnect',
    copyLink: 'Copier le lien',
    openWallet: (name) => `Ouvrir ${name}`,
    chooseMobileWallet: 'Choisissez votre app de portefeuille',
    preparingConnection: 'Préparation de la connexion…',
    phantomInterstitialTitle: 'Ouvrir dans Phantom',
    phantomInterstitialDetail:
      'Phantom se connecte depuis son propre navigateur. Ouvrez-y cette page pour continuer.',
    openInPhantom: 'Ouvrir dans Phantom',
    installPhantomTitle: 'Créez un portefeuille Phantom',
    installPhantomDetail:
      'Phantom n’est pas installé dans ce navigateur. Installez l’extension, créez ou importez un portefeuille, puis rechargez cette page.',
    getPhantom: 'Obtenir Phantom',
    reload: 'Recharger',
  },
  WALLET_FLOW_TEXT: {
    genericError: 'Une erreur est survenue. Veuillez réessayer.',
    loginAgain: 'Une erreur est survenue. Veuillez vous reconnecter.',
    somethingWentWrong: 'Un problème est survenu',
    tryLater: 'Nous nous en occupons. Réessayez plus tard.',
    refreshUserFailed: 'Impossible d’actualiser l’utilisateur.',
    missingEmbeddedWallet: 'L’utilisateur actualisé n’a pas de portefeuille intégré.',
    passwordAfterCreateFailed: 'Le portefeuille a été créé, mais son mot de passe n’a pas pu être défini',
    passkeyFallback: {
      unavailable: {
        login: `${PASSKEY_LOST}vous pourrez le récupérer en vous connectant à votre compte.`,
        password: `${PASSKEY_LOST}votre mot de passe de récupération le protège à la place.`,
      },
      skipped: {
        login: `${NO_PASSKEY}vous pourrez récupérer ce portefeuille en vous connectant à votre compte.`,
        password: `${NO_PASSKEY}votre mot de passe de récupération protège ce portefeuille.`,
      },
    },
    creationFailed: 'La création du portefeuille a échoué',
    settingPasswordFailed: 'Impossible de définir le mot de passe du portefeuille',
    onlyOneWallet: 'Un seul portefeuille par utilisateur est autorisé pour le moment',
    walletTimeout: 'Le portefeuille ne répond pas',
    embeddedWalletError: 'Erreur du portefeuille intégré',
    mustHaveWallet: 'Il faut un portefeuille pour ajouter un mot de passe',
    passwordAlreadySet: 'Ce portefeuille a déjà un mot de passe',
    mustBeAuthenticatedBeforeSigning: 'Connectez-vous avant de signer',
    unableToConnect: 'Impossible de se connecter au portefeuille',
    unableToRecover: 'Impossible de récupérer le portefeuille',
    walletNotConnected: 'Le portefeuille n’est pas connecté',
    userRejected: 'La demande a été refusée.',
    exitedPasswordFlow: 'Vous avez quitté la configuration du mot de passe',
    requestPending: 'Une autre demande est déjà en attente',
    rateLimited: 'Trop de demandes. Patientez un instant, puis réessayez.',
    insufficientFunds: 'Le portefeuille n’a pas assez de fonds pour cette transaction.',
    preparingFailed:
      'Une erreur est survenue lors de la préparation de votre transaction. Veuillez réessayer.',
    processingFailed:
      'Une erreur est survenue lors du traitement de votre transaction. Veuillez contacter l’assistance.',
    addFunds: 'Ajouter des fonds',
  },
};
