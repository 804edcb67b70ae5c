/**
 * Arabic on the provider-origin surface, right to left (terms: docs/i18n/glossary-ar.md): the
 * widget's own translations of the catalogue's objects, and the surface's texts.
 */
import { FIRST_MODAL } from '../../../core/locales/ar/login.js';
import { WALLET } from '../../../core/locales/ar/wallet.js';
import type { SurfaceLocale } from '../surface-locale.js';

const AGAIN = 'يُرجى المحاولة مرة أخرى.';
const NO_PASSKEY = 'لم يُستخدم أي مفتاح مرور.';
const ONLY_PASSKEY = 'لن يتمكن سوى مفتاح المرور من تحميل ';

export const locale: SurfaceLocale = {
  lang: 'ar',
  dir: 'rtl',
  texts: {
    // WALLET_TEXT, MFA_UI_TEXT, TRANSACTION_TEXT, PASSWORD_TEXT (and the others, which it skips).
    ...WALLET,
    SURFACE_TEXT: {
      digit: FIRST_MODAL.UI_TEXT.digit,
      loading: 'جارٍ التحميل…',
      gone: 'لم يعد هذا الطلب قيد الانتظار.',
      goneDetail: 'يمكنك إغلاق هذه النافذة.',
      done: 'تم',
      missingParameters: 'فُتحت هذه الصفحة دون طلب لعرضه.',
      sign: 'توقيع',
      send: 'إرسال',
      sending: 'جارٍ الإرسال…',
      working: 'جارٍ التنفيذ…',
      unknownChain: (id) => `السلسلة ${id}`,
      maxFee: 'أقصى رسوم الشبكة',
      data: 'البيانات',
      dataBytes: (bytes) => `${bytes} بايت (يستدعي عقدًا)`,
      verifyTitle: 'تأكيد هويتك',
      newDevice: 'يجري تحميل محفظتك على هذا الجهاز لأول مرة.',
      mfa: 'أدخل رمزًا للمتابعة.',
      chooseFactor: 'كيف تريد التحقق من هويتك؟',
      emailFactor: (label) => `إرسال رمز عبر البريد الإلكتروني إلى ${label}`,
      textFactor: (label) => `إرسال رمز عبر رسالة نصية إلى ${label}`,
      totpFactor: 'استخدام تطبيق المصادقة',
      walletFactor: 'الموافقة باستخدام محفظة هذا الجهاز',
      usableFrom: (when) => `متاح اعتبارًا من ${when}`,
      notThisLogin: 'غير متاح خلال تسجيل الدخول هذا',
      noFactorTitle: 'لا يمكن لهذا الجهاز تأكيد هويتك',
      noFactorDetail:
        'افتح محفظتك على الجهاز الذي أنشأتها عليه، وأضف إلى حسابك بريدًا إلكترونيًا أو رقم هاتف أو التحقق بخطوتين.',
      codeSentTo: (to) => `أدخل الرمز المُرسل إلى ${to}`,
      codeSent: 'أدخل الرمز الذي أرسلناه إليك',
      codeFromApp: 'أدخل الرمز من تطبيق المصادقة',
      anotherWay: 'استخدام طريقة أخرى',
      passkeyFactor: 'استخدام مفتاح المرور',
      link: (account) => `ربط ${account} بحسابك`,
      unlink: (account) => `إزالة ${account} من حسابك`,
      changeEmail: (email) => `تغيير بريدك الإلكتروني إلى ${email}`,
      mfaEnroll: (method) => `إضافة التحقق بخطوتين (${method})`,
      mfaUnenroll: (method) => `إزالة التحقق بخطوتين (${method})`,
      accounts: { email: 'البريد الإلكتروني', phone: 'الهاتف', wallet: 'المحفظة' },
      anyPasskey: 'مفتاح مرور',
      namedPasskey: (name) => `مفتاح المرور ${name}`,
      smsTo: (phone) => `رسالة نصية إلى ${phone}`,
    },
    EXPORT_TEXTS: {
      heading: WALLET.WALLET_TEXT.exportTitle,
      warning: 'أي شخص لديه مفتاحك الخاص يتحكم في هذه المحفظة تحكمًا كاملًا. لا تشاركه مع أي شخص أبدًا.',
      reveal: 'إظهار المفتاح الخاص',
      loading: 'جارٍ تحميل محفظتك…',
      copy: 'نسخ المفتاح',
      copied: 'تم النسخ',
      addressLabel: 'عنوان المحفظة',
      passwordPrompt: 'أدخل كلمة مرور الاسترداد لإظهار المفتاح',
      wrongPassword: `كلمة المرور هذه غير صحيحة. ${AGAIN}`,
      mismatch: 'تعذّرت إعادة بناء المحفظة لهذا العنوان.',
      failed: `حدث خطأ ما. ${AGAIN}`,
      missingParameters: 'فُتحت هذه الصفحة دون محفظة لتصديرها.',
      mfaRequired: 'تحقّق من هويتك أولًا، ثم افتح هذه الصفحة مرة أخرى.',
      loginAgain: 'لا يحتوي هذا المتصفح على محفظتك بعد: سجّل الدخول مرة أخرى، ثم افتح هذه الصفحة مرة أخرى.',
    },
    PASSKEY_SURFACE_TEXT: {
      title: {
        login: 'تسجيل الدخول باستخدام مفتاح مرور',
        signup: 'إنشاء مفتاح مرور',
        link: 'إضافة مفتاح مرور',
        'step-up': 'التحقق باستخدام مفتاح المرور',
        recover: 'فتح محفظتك باستخدام مفتاح المرور',
        'set-recovery': 'حماية محفظتك بمفتاح المرور',
        'create-recovery': WALLET.WALLET_TEXT.creatingPasskeyTitle,
      },
      detail: {
        login: 'استخدم مفتاح المرور المحفوظ على هذا الجهاز أو هاتفك أو مدير كلمات المرور.',
        signup: 'سيحفظ جهازك مفتاح مرور لهذا الحساب: لا كلمة مرور عليك تذكّرها.',
        link: 'سيحفظ جهازك مفتاح مرور يمكنك تسجيل الدخول به في المرة القادمة.',
        'step-up': 'استخدم أحد مفاتيح المرور لديك لتأكيد هويتك.',
        recover: 'استخدم مفتاح المرور الذي يحمي محفظتك لتحميلها على هذا الجهاز.',
        'set-recovery': `${ONLY_PASSKEY}محفظتك على جهاز جديد.`,
        'create-recovery': `${ONLY_PASSKEY}محفظتك الجديدة على جهاز آخر.`,
      },
      continue: 'المتابعة باستخدام مفتاح المرور',
      signUp: 'إنشاء مفتاح مرور',
      cancelled: `${NO_PASSKEY} ${AGAIN}`,
      cancelledSignUp: `${NO_PASSKEY} ليس لديك مفتاح مرور بعد؟ أنشئ واحدًا.`,
      cancelledVerification: 'تم إلغاء التحقق',
      exists: 'يحتوي هذا الجهاز بالفعل على مفتاح مرور لهذا الحساب.',
      failed: `تعذّر استخدام مفتاح المرور. ${AGAIN}`,
      unsupported: 'لا يمكن لهذا المتصفح استخدام مفاتيح المرور.',
      framed: 'لا يمكن استخدام مفاتيح المرور داخل هذه الصفحة. تابع في نافذة جديدة بدلًا من ذلك.',
      newWindow: 'المتابعة في نافذة جديدة',
      inWindow: 'أكمِل في النافذة الجديدة.',
      popupBlocked: `تم حظر النافذة الجديدة. اسمح بالنوافذ المنبثقة لهذا الموقع، ثم ${AGAIN}`,
      noOpener: 'افتح هذه النافذة من شاشة مفتاح المرور.',
    },
  },
};
