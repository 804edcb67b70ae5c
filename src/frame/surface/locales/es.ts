/**
 * Spanish ("tú") on the provider-origin surface (terms: docs/i18n/glossary-es.md): the
 * widget's own translations of the catalogue's objects, and the surface's texts.
 */
import { FIRST_MODAL } from '../../../core/locales/es/login.js';
import { WALLET } from '../../../core/locales/es/wallet.js';
import type { SurfaceLocale } from '../surface-locale.js';

export const locale: SurfaceLocale = {
  lang: 'es',
  dir: 'ltr',
  texts: {
    // WALLET_TEXT, MFA_UI_TEXT, TRANSACTION_TEXT, PASSWORD_TEXT (and the others, which it skips).
    ...WALLET,
    SURFACE_TEXT: {
      digit: FIRST_MODAL.UI_TEXT.digit,
      loading: 'Cargando…',
      gone: 'Esta solicitud ya no está en espera.',
      goneDetail: 'Puedes cerrar esta ventana.',
      done: 'Listo',
      missingParameters: 'Esta página se abrió sin una solicitud que mostrar.',
      sign: 'Firmar',
      send: 'Enviar',
      sending: 'Enviando…',
      working: 'Procesando…',
      unknownChain: (id) => `Cadena ${id}`,
      maxFee: 'Comisión de red máx.',
      data: 'Datos',
      dataBytes: (bytes) => `${bytes} ${bytes === 1 ? 'byte' : 'bytes'} (llama a un contrato)`,
      verifyTitle: 'Verifica tu identidad',
      newDevice: 'Tu billetera se está cargando en este dispositivo por primera vez.',
      mfa: 'Ingresa un código para continuar.',
      chooseFactor: '¿Cómo quieres verificar tu identidad?',
      emailFactor: (label) => `Enviar un código por correo a ${label}`,
      textFactor: (label) => `Enviar un código por SMS a ${label}`,
      totpFactor: 'Usar tu app de autenticación',
      walletFactor: 'Aprobar con la billetera de este dispositivo',
      usableFrom: (when) => `Disponible a partir del ${when}`,
      notThisLogin: 'No durante este inicio de sesión',
      noFactorTitle: 'Este dispositivo no puede confirmar tu identidad',
      noFactorDetail:
        'Abre tu billetera donde la creaste y agrega a tu cuenta un correo, un teléfono o la verificación en dos pasos.',
      codeSentTo: (to) => `Ingresa el código enviado a ${to}`,
      codeSent: 'Ingresa el código que te enviamos',
      codeFromApp: 'Ingresa el código de tu app de autenticación',
      anotherWay: 'Usar otro método',
      passkeyFactor: 'Usar tu llave de acceso',
      link: (account) => `Vincular ${account} a tu cuenta`,
      unlink: (account) => `Quitar ${account} de tu cuenta`,
      changeEmail: (email) => `Cambiar tu correo a ${email}`,
      mfaEnroll: (method) => `Agregar la verificación en dos pasos (${method})`,
      mfaUnenroll: (method) => `Quitar la verificación en dos pasos (${method})`,
      accounts: {
        email: 'correo',
        phone: 'teléfono',
        wallet: 'billetera',
      },
      anyPasskey: 'una llave de acceso',
      namedPasskey: (name) => `la llave de acceso ${name}`,
      smsTo: (phone) => `SMS a ${phone}`,
    },
    EXPORT_TEXTS: {
      heading: WALLET.WALLET_TEXT.exportTitle,
      warning:
        'Cualquier persona con tu clave privada tiene control total de esta billetera. Nunca la compartas con nadie.',
      reveal: 'Mostrar clave privada',
      loading: 'Cargando tu billetera…',
      copy: 'Copiar clave',
      copied: 'Copiada',
      addressLabel: 'Dirección de la billetera',
      passwordPrompt: 'Ingresa tu contraseña de recuperación para mostrar la clave',
      wrongPassword: 'Esa contraseña no es correcta. Inténtalo de nuevo.',
      mismatch: 'No se pudo reconstruir la billetera para esta dirección.',
      failed: 'Algo salió mal. Inténtalo de nuevo.',
      missingParameters: 'Esta página se abrió sin una billetera que exportar.',
      mfaRequired: 'Primero verifica tu identidad y luego vuelve a abrir esta página.',
      loginAgain:
        'Este navegador aún no tiene tu billetera: vuelve a iniciar sesión y luego abre esta página otra vez.',
    },
    PASSKEY_SURFACE_TEXT: {
      title: {
        login: 'Iniciar sesión con una llave de acceso',
        signup: 'Crear una llave de acceso',
        link: 'Agregar una llave de acceso',
        'step-up': 'Verifica con tu llave de acceso',
        recover: 'Desbloquea tu billetera con tu llave de acceso',
        'set-recovery': 'Protege tu billetera con tu llave de acceso',
        'create-recovery': WALLET.WALLET_TEXT.creatingPasskeyTitle,
      },
      detail: {
        login:
          'Usa la llave de acceso guardada en este dispositivo, tu teléfono o tu administrador de contraseñas.',
        signup: 'Tu dispositivo guardará una llave de acceso para esta cuenta: sin contraseñas que recordar.',
        link: 'Tu dispositivo guardará una llave de acceso con la que podrás iniciar sesión la próxima vez.',
        'step-up': 'Usa una de tus llaves de acceso para confirmar tu identidad.',
        recover: 'Usa la llave de acceso que protege tu billetera para cargarla en este dispositivo.',
        'set-recovery': 'Solo tu llave de acceso podrá cargar tu billetera en un dispositivo nuevo.',
        'create-recovery': 'Solo tu llave de acceso podrá cargar tu nueva billetera en otro dispositivo.',
      },
      continue: 'Continuar con llave de acceso',
      signUp: 'Crear una llave de acceso',
      cancelled: 'No se usó ninguna llave de acceso. Inténtalo de nuevo.',
      cancelledSignUp: 'No se usó ninguna llave de acceso. ¿Aún no tienes una? Créala.',
      cancelledVerification: 'Verificación cancelada',
      exists: 'Este dispositivo ya tiene una llave de acceso para esta cuenta.',
      failed: 'No se pudo usar la llave de acceso. Inténtalo de nuevo.',
      unsupported: 'Este navegador no puede usar llaves de acceso.',
      framed: 'Las llaves de acceso no se pueden usar dentro de esta página. Continúa en una ventana nueva.',
      newWindow: 'Continuar en una ventana nueva',
      inWindow: 'Termina en la ventana nueva.',
      popupBlocked:
        'Se bloqueó la ventana nueva. Permite las ventanas emergentes para este sitio e inténtalo de nuevo.',
      noOpener: 'Abre esta ventana desde la pantalla de llave de acceso.',
    },
  },
};
