/**
 * Spanish: the wallet, MFA and funding screens (terms: docs/i18n/glossary-es.md), put over their
 * English objects as those load, like ./screens.ts.
 */
import type { WalletTexts } from '../catalogue.js';
import { REVIEW } from './review.js';

const PASSKEY_LOST = 'Tu llave de acceso no puede proteger esta billetera en este dispositivo, así que ';
const NO_PASSKEY = 'No usaste una llave de acceso, así que ';

export const WALLET: WalletTexts = {
  ...REVIEW,
  FUNDING_TEXT: {
    title: 'Recargar cuenta',
    promptDetail: (symbol, provider) =>
      `Compra ${symbol} con tarjeta a través de ${provider}. Pagarás en una ventana de ${provider}; esta pantalla sigue la compra.`,
    continueWith: (provider) => `Continuar con ${provider}`,
    preparing: 'Preparando tu compra…',
    popupBlocked: (provider) => `Tu navegador bloqueó la ventana de ${provider}. Ábrela aquí:`,
    openWindow: (provider) => `Abrir ${provider}`,
    signFailed: 'No se pudo preparar la compra. Inténtalo más tarde.',
    paid: 'Pagas',
    received: 'Recibes',
    fees: 'Comisiones',
    done: 'Listo',
    backToTransaction: 'Ir a la transacción',
    tryAgain: 'Reintentar',
    result: {
      completed: {
        title: 'Recargaste tu cuenta',
        detail: 'Los fondos pueden tardar unos minutos en aparecer en tu billetera.',
      },
      failed: {
        title: 'Algo salió mal',
        detail:
          'La compra no se completó. Las tarjetas de débito suelen funcionar mejor que las de crédito: inténtalo de nuevo con una de débito.',
      },
      serviceFailure: {
        title: 'Algo salió mal',
        detail: (provider) =>
          `${provider} tuvo un error al procesar tu transacción. ¿Quieres intentarlo de nuevo?`,
      },
      processingPayment: {
        title: 'Procesando el pago',
        detail: 'Esto puede tardar unas horas. Recibirás un correo cuando se complete la compra.',
      },
      awaitingAuthorization: {
        title: 'Esperando tu pago',
        detail: (provider) =>
          `${provider} está esperando la confirmación de tu pago. Recibirás un correo cuando se complete la compra.`,
      },
      inProgress: {
        title: 'En curso',
        detail: (provider) =>
          `Termina la compra en la ventana de ${provider}. Esta pantalla se actualizará cuando termine.`,
      },
    },
  },
  EXTERNAL_WALLET_TEXT: {
    unableToConnect: 'No se pudo conectar la billetera',
    switchingNetworks: 'Cambiando de red',
    switchNetworkDetail: 'Cambia tu billetera a la red solicitada.',
    alreadyLinked: 'La billetera ya estaba vinculada.',
    userExists: 'Ya existe un usuario con esta dirección',
    userExistsDetail: '¡Prueba otra dirección!',
    useDifferentWallet: 'Usar otra billetera',
    timedOut: 'La billetera tardó demasiado en responder',
    couldNotLogIn: 'No se pudo iniciar sesión con la billetera',
    rejected: 'Rechazaste la solicitud',
    userRejectedConnection: 'Se rechazó la conexión',
    unableToRetrieveAccounts: 'No se pudieron obtener las cuentas',
    notConnected: 'La billetera no está conectada.',
    unableToDetermineChain: 'No se pudo determinar la cadena actual.',
    cannotUnlinkEmbedded: 'No se puede desvincular una billetera integrada',
    loginFailedTitle: 'No se pudo conectar con la billetera',
    loginFailedDetail:
      'No encontramos la billetera en este navegador. Instálala o elige otra forma de entrar.',
    waitingFor: (name) => `Esperando a ${name}`,
    connectDetail: 'Aprueba la conexión en tu billetera.',
    signDetail: 'Firma el mensaje en tu billetera para verificar que es tuya.',
    signWithWallet: 'Firmar con tu billetera',
    retry: 'Reintentar',
    connectedTitle: 'Conectada',
    connectedDetail: (address) => `Tu billetera ${address} está conectada.`,
    linkWalletTitle: 'Vincula una billetera',
    connectWalletTitle: 'Conecta una billetera',
    otherWallets: 'Otras billeteras',
    noWalletFound: 'No se encontró ninguna billetera en este navegador.',
    lookingForWallets: 'Buscando billeteras…',
    browserWallet: 'Billetera del navegador',
    done: 'Listo',
    walletConnect: 'WalletConnect',
    scanWith: (name) => `Escanear con ${name}`,
    scanDetail: 'Escanea este código con la app de billetera de tu teléfono para conectarte.',
    qrLabel: 'Código QR de WalletConnect',
    copyLink: 'Copiar enlace',
    openWallet: (name) => `Abrir ${name}`,
    chooseMobileWallet: 'Elige tu app de billetera',
    preparingConnection: 'Preparando la conexión…',
    phantomInterstitialTitle: 'Abrir en Phantom',
    phantomInterstitialDetail:
      'Phantom se conecta desde su propio navegador. Abre esta página ahí para continuar.',
    openInPhantom: 'Abrir en Phantom',
    installPhantomTitle: 'Crea una billetera Phantom',
    installPhantomDetail:
      'Phantom no está instalado en este navegador. Instala la extensión, crea o importa una billetera y luego recarga esta página.',
    getPhantom: 'Obtener Phantom',
    reload: 'Recargar',
  },
  WALLET_FLOW_TEXT: {
    genericError: 'Ocurrió un error. Inténtalo de nuevo.',
    loginAgain: 'Ocurrió un error. Vuelve a iniciar sesión.',
    somethingWentWrong: 'Algo salió mal',
    tryLater: 'Estamos en ello. Inténtalo más tarde.',
    refreshUserFailed: 'No se pudo actualizar el usuario.',
    missingEmbeddedWallet: 'Al usuario actualizado le falta la billetera integrada.',
    passwordAfterCreateFailed: 'Se creó la billetera, pero no se pudo configurar su contraseña',
    passkeyFallback: {
      unavailable: {
        login: `${PASSKEY_LOST}podrás recuperarla iniciando sesión en tu cuenta.`,
        password: `${PASSKEY_LOST}la protege tu contraseña de recuperación.`,
      },
      skipped: {
        login: `${NO_PASSKEY}podrás recuperar esta billetera iniciando sesión en tu cuenta.`,
        password: `${NO_PASSKEY}tu contraseña de recuperación protege esta billetera.`,
      },
    },
    creationFailed: 'No se pudo crear la billetera',
    settingPasswordFailed: 'No se pudo configurar la contraseña de la billetera',
    onlyOneWallet: 'Por ahora solo se permite una billetera por usuario',
    walletTimeout: 'La billetera tardó demasiado',
    embeddedWalletError: 'Error de la billetera integrada',
    mustHaveWallet: 'Necesitas una billetera para agregar una contraseña',
    passwordAlreadySet: 'Esta billetera ya tiene una contraseña',
    mustBeAuthenticatedBeforeSigning: 'Inicia sesión antes de firmar',
    unableToConnect: 'No se pudo conectar con la billetera',
    unableToRecover: 'No se pudo recuperar la billetera',
    walletNotConnected: 'La billetera no está conectada',
    userRejected: 'Se rechazó la solicitud.',
    exitedPasswordFlow: 'Saliste de la configuración de la contraseña',
    requestPending: 'Ya hay otra solicitud pendiente',
    rateLimited: 'Demasiadas solicitudes. Espera un momento y vuelve a intentarlo.',
    insufficientFunds: 'La billetera no tiene fondos suficientes para esta transacción.',
    preparingFailed: 'Hubo un error al preparar tu transacción. Inténtalo de nuevo.',
    processingFailed: 'Hubo un error al procesar tu transacción. Contacta con soporte.',
    addFunds: 'Añadir fondos',
  },
};
