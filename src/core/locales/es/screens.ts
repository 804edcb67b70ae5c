/**
 * Spanish: the login screens that load lazily (consent, allowlist, links, phone, captcha, OAuth,
 * passkeys, Farcaster; terms: docs/i18n/glossary-es.md), put over their English objects as those
 * load (core/text/registry.ts).
 */
import type { ScreenTexts } from '../catalogue.js';

export const SCREENS: ScreenTexts = {
  CONSENT_TEXT: {
    title: 'Un último paso',
    detail: 'Antes de continuar, revisa y acepta los términos de esta app.',
    viewTerms: 'Ver términos',
    viewPrivacyPolicy: 'Ver política de privacidad',
    decline: 'No, gracias',
    accept: 'Aceptar',
    acceptFailed: 'No se pudo guardar tu respuesta. Inténtalo de nuevo.',
  },
  ALLOWLIST_TEXT: {
    title: 'No tienes acceso a esta app',
    detail: '¿Te invitaron?',
    cta: 'Probar otra cuenta',
  },
  LINK_TEXT: {
    linkEmailTitle: 'Vincula tu correo',
    linkPhoneTitle: 'Vincula tu teléfono',
    updateEmailTitle: 'Cambia tu correo',
    updateEmailCurrent: 'Tu correo actual es',
  },
  PHONE_TEXT: {
    phoneLabel: 'Número de teléfono',
    countryLabel: 'País',
    phonePlaceholder: 'Número de teléfono',
  },
  CAPTCHA_MESSAGES: {
    title: 'Confirma que eres humano',
    ready: 'Preparando la verificación de seguridad…',
    loading: 'Comprobando que eres humano…',
    success: '¡Listo! Continuando…',
    successNeedsIntent: '¡Listo!',
    continue: 'Continuar',
    didNotPass: 'No superaste el CAPTCHA. Inténtalo de nuevo.',
    adblockerHint: 'Si usas un bloqueador de anuncios o una VPN, desactívalo y vuelve a intentarlo.',
    captchaFailed: 'Falló el CAPTCHA',
  },
  OAUTH_UI_TEXT: {
    oauthVerifying: (provider) => `Verificando la conexión con ${provider}`,
    oauthVerifyingDetail: 'Solo un momento más',
    oauthConnected: (provider) => `Conectado con ${provider}`,
    oauthRedirecting: (provider) => `Redirigiendo a ${provider}`,
    inAppBrowserTitle: 'No se pudo iniciar sesión con este servicio',
  },
  OAUTH_MESSAGES: {
    userDenied: 'No se dio permiso para iniciar sesión',
    invalidCode: 'Se recibió un código no válido al iniciar sesión.',
    unexpectedFlow: 'Inicio de sesión inesperado: podría ser un intento de phishing',
    missingVerifier: 'Error de autenticación.',
    retry: (provider) => `Vuelve a intentarlo y revisa ${provider} para terminar de conectar tu cuenta.`,
    accountSuspended: (provider) =>
      `Tu cuenta de ${provider} está suspendida. Prueba otra forma de iniciar sesión.`,
    inAppBrowser:
      'Parece que usas el navegador de una app. Para iniciar sesión, vuelve a intentarlo desde un navegador externo.',
  },
  PASSWORDLESS_MESSAGES: {
    invalidEmail: 'Escribe un correo electrónico válido.',
    emailRequired: 'Necesitamos tu correo para enviarte un código.',
    phoneRequired: 'Necesitamos tu número de teléfono para enviarte un código.',
    invalidPhone: 'Escribe un número de teléfono válido.',
    codeShouldBeNumeric: 'El código debe ser numérico',
    passcodeOnlyNumbers: 'El código solo puede tener números',
    passcodeExactLength: 'El código debe tener 6 dígitos',
    invalidOrExpiredCode: 'El código no es válido o ya caducó',
    issueVerifyingCode: 'No se pudo verificar el código',
  },
  PASSKEY_TEXT: {
    linkTitle: 'Agrega una llave de acceso',
    recoveryTitle: 'Protege tu billetera con una llave de acceso',
    loginOff: 'Esta app no tiene activado el inicio de sesión con llave de acceso',
    recoverySet: 'Tu billetera ahora está protegida con tu llave de acceso',
    mustHaveWallet: 'Necesitas una billetera para protegerla con una llave de acceso',
    alreadySet: 'Esta billetera ya está protegida con una llave de acceso',
    noPrf:
      'Esta llave de acceso no puede proteger una billetera: su dispositivo o navegador no lo admite. Crea una contraseña de recuperación o usa una llave de acceso de otro dispositivo.',
    exitedRecoveryFlow: 'Saliste de la configuración de la llave de acceso',
    recoveryFailed: 'No se pudo configurar la llave de acceso en la billetera',
    failed: 'No se pudo usar la llave de acceso. Inténtalo de nuevo.',
  },
  FARCASTER_UI_TEXT: {
    connectTitle: 'Inicia sesión con Farcaster',
    scan: 'Escanea con la cámara de tu teléfono para iniciar sesión con Farcaster.',
    qrLabel: 'Código QR para iniciar sesión con Farcaster',
    copyLink: 'Copiar enlace',
    openApp: 'Abrir Farcaster',
    onPhone: 'Inicia sesión con tu cuenta en la app de Farcaster y luego vuelve aquí.',
    waiting: 'Esperando a que inicies sesión…',
    connected: 'Conectado con Farcaster',
    signerTitle: 'Aprueba en Farcaster',
    signerScan: 'Escanea con la cámara de tu teléfono para que esta app pueda publicar en Farcaster por ti.',
    signerQrLabel: 'Código QR para aprobar esta app en Farcaster',
    signerOnPhone: 'Aprueba esta app en Farcaster y luego vuelve aquí.',
    signerWaiting: 'Esperando tu aprobación…',
    signerApproved: 'Aprobado',
    tryAgain: 'Intentar de nuevo',
    connectTimeout: 'La solicitud caducó. Inténtalo de nuevo.',
    signerFailedTitle: 'No se pudo conectar',
    signerFailedDetail: 'Algo salió mal. Inténtalo de nuevo.',
    signerRejectedTitle: 'Solicitud rechazada',
    signerRejectedDetail: 'Se rechazó la solicitud. Inténtalo de nuevo.',
  },
};
