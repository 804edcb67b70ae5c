/**
 * Spanish: what the first modal and the code entry show (terms: docs/i18n/glossary-es.md), put
 * over the English objects the locale chunk imports (core/locales/catalogue.ts ENGLISH).
 */
import type { Catalogue } from '../catalogue.js';

export const FIRST_MODAL: Pick<
  Catalogue,
  'UI_TEXT' | 'ERROR_SCREEN_TEXT' | 'OUTAGE_TEXT' | 'CODE_TEXT' | 'FLOW_MESSAGES'
> = {
  UI_TEXT: {
    loginTitle: 'Inicia sesión o regístrate',
    loadingTitle: 'Cargando',
    emailLabel: 'Correo electrónico',
    emailPlaceholder: 'tu@correo.com',
    submit: 'Enviar',
    termsFooter: 'Al iniciar sesión, acepto los Términos del servicio',
    termsFooterStart: 'Al iniciar sesión, acepto:',
    terms: 'Términos',
    and: 'y',
    privacyPolicy: 'Política de privacidad',
    moreOptions: 'Más opciones',
    otherSocials: 'Otras redes sociales',
    otherWallets: 'Otras billeteras',
    continueWithWallet: 'Continuar con una billetera',
    continueWithEmail: 'Continuar con correo',
    continueWithSms: 'Continuar con SMS',
    continueWithFarcaster: 'Continuar con Farcaster',
    loginWithPasskey: 'Entrar con llave de acceso',
    continueWith: (provider) => `Continuar con ${provider}`,
    linkSuccess: 'Cuenta vinculada',
    loginSuccess: 'Sesión iniciada',
    loadingPhoneField: 'Cargando el campo de teléfono…',
    digit: (n) => `Dígito ${n}`,
    resendCode: 'Reenviar código',
    verifying: 'Verificando…',
    close: 'Cerrar',
    back: 'Atrás',
    appLogo: (name) => `Logo de ${name}`,
  },
  ERROR_SCREEN_TEXT: {
    timedOutTitle: 'Se agotó el tiempo',
    tryAgain: 'Intentar de nuevo',
    retry: 'Reintentar',
    somethingWentWrong: 'Algo salió mal',
    tryAgainLater: 'Inténtalo más tarde',
    unreachable: 'No se pudo conectar con el servicio de inicio de sesión',
    checkConnection: 'Revisa tu conexión y vuelve a intentarlo.',
    notAllowed: 'No permitido',
    tryAnotherMethod: 'Probar otro método',
    back: 'Atrás',
    invalidCredentials: 'Algo salió mal. Inténtalo de nuevo.',
    authenticationFailed: 'Error de autenticación',
    captchaTimeout: 'Algo salió mal. Inténtalo de nuevo más tarde.',
    invalidCaptcha: 'Inténtalo de nuevo.',
  },
  OUTAGE_TEXT: {
    checkConnection: 'Revisa tu conexión y vuelve a intentarlo.',
    retry: 'Reintentar',
    close: 'Cerrar',
  },
  CODE_TEXT: {
    codeTitle: 'Código de confirmación',
    codeSentTo: 'Revisa tu correo: enviamos un código a',
    codeSentToPhone: 'Revisa tu teléfono: enviamos un código a',
    updateSuccess: 'Correo actualizado',
    codeResent: 'Te enviamos un código nuevo.',
    didNotGetCode: '¿No te llegó el código?',
  },
  FLOW_MESSAGES: {
    noAuthFlow: 'No hay ningún inicio de sesión en curso.',
    tooManyRequests: 'Demasiadas solicitudes. Espera un momento antes de volver a intentarlo.',
    mailDeliveryFailed: 'No se pudo enviar el código de inicio de sesión. Inténtalo más tarde.',
    linkedToAnotherUser: 'Esta cuenta ya está vinculada a otro usuario.',
  },
};
