/**
 * Arabic: the login screens that load lazily (consent, allowlist, links, phone, captcha, OAuth,
 * passkeys, Farcaster; terms: docs/i18n/glossary-ar.md), put over their English objects as those
 * load (core/text/registry.ts).
 */
import type { ScreenTexts } from '../catalogue.js';

const TRY_AGAIN = 'يُرجى المحاولة مرة أخرى.';

export const SCREENS: ScreenTexts = {
  CONSENT_TEXT: {
    title: 'خطوة أخيرة',
    detail: 'قبل المتابعة، يُرجى مراجعة شروط هذا التطبيق والموافقة عليها.',
    viewTerms: 'عرض الشروط',
    viewPrivacyPolicy: 'عرض سياسة الخصوصية',
    decline: 'لا، شكرًا',
    accept: 'أوافق',
    acceptFailed: `تعذّر حفظ إجابتك. ${TRY_AGAIN}`,
  },
  ALLOWLIST_TEXT: {
    title: 'ليس لديك إذن بالوصول إلى هذا التطبيق',
    detail: 'هل تلقّيت دعوة؟',
    cta: 'جرّب حسابًا آخر',
  },
  LINK_TEXT: {
    linkEmailTitle: 'ربط بريدك الإلكتروني',
    linkPhoneTitle: 'ربط رقم هاتفك',
    updateEmailTitle: 'تحديث بريدك الإلكتروني',
    updateEmailCurrent: 'بريدك الإلكتروني الحالي هو',
  },
  PHONE_TEXT: {
    phoneLabel: 'رقم الهاتف',
    countryLabel: 'البلد',
    phonePlaceholder: 'رقم الهاتف',
  },
  CAPTCHA_MESSAGES: {
    title: 'أكّد أنك إنسان',
    ready: 'جارٍ تجهيز التحقق الأمني…',
    loading: 'جارٍ التحقق من أنك إنسان…',
    success: 'تم بنجاح! جارٍ المتابعة…',
    successNeedsIntent: 'تم بنجاح!',
    continue: 'متابعة',
    didNotPass: `لم تجتز اختبار CAPTCHA. ${TRY_AGAIN}`,
    adblockerHint: 'إذا كنت تستخدم أداة لحظر الإعلانات أو شبكة VPN، فعطّلها ثم أعد المحاولة.',
    captchaFailed: 'فشل اختبار CAPTCHA',
  },
  OAUTH_UI_TEXT: {
    oauthVerifying: (provider) => `جارٍ التحقق من الاتصال مع ${provider}`,
    oauthVerifyingDetail: 'لحظات قليلة أخرى',
    oauthConnected: (provider) => `تم الاتصال مع ${provider} بنجاح`,
    oauthRedirecting: (provider) => `جارٍ الانتقال إلى ${provider}`,
    inAppBrowserTitle: 'تعذّر تسجيل الدخول عبر هذه الخدمة',
  },
  OAUTH_MESSAGES: {
    userDenied: 'لم يُمنح الإذن بتسجيل الدخول',
    invalidCode: 'تم استلام رمز غير صالح أثناء تسجيل الدخول.',
    unexpectedFlow: 'عملية تسجيل دخول غير متوقعة، وقد تكون محاولة تصيّد احتيالي',
    missingVerifier: 'خطأ في المصادقة.',
    retry: (provider) => `أعد المحاولة وراجِع ${provider} لإتمام الاتصال بحسابك.`,
    accountSuspended: (provider) => `حسابك على ${provider} موقوف. يُرجى تسجيل الدخول بطريقة أخرى.`,
    inAppBrowser: 'يبدو أنك تستخدم متصفحًا داخل تطبيق. لتسجيل الدخول، يُرجى المحاولة مرة أخرى في متصفح خارجي.',
  },
  PASSWORDLESS_MESSAGES: {
    invalidEmail: 'يُرجى إدخال بريد إلكتروني صالح.',
    emailRequired: 'البريد الإلكتروني مطلوب لإرسال الرمز.',
    phoneRequired: 'رقم الهاتف مطلوب لإرسال الرمز.',
    invalidPhone: 'يُرجى إدخال رقم هاتف صالح.',
    codeShouldBeNumeric: 'يجب أن يتكوّن الرمز من أرقام',
    passcodeOnlyNumbers: 'لا يمكن أن يحتوي الرمز إلا على أرقام',
    passcodeExactLength: 'يجب أن يتكوّن الرمز من 6 أرقام بالضبط',
    invalidOrExpiredCode: 'رمز التحقق غير صالح أو منتهي الصلاحية',
    issueVerifyingCode: 'حدثت مشكلة أثناء التحقق من الرمز',
  },
  PASSKEY_TEXT: {
    linkTitle: 'إضافة مفتاح مرور',
    recoveryTitle: 'حماية محفظتك بمفتاح مرور',
    loginOff: 'تسجيل الدخول بمفتاح المرور غير مفعّل في هذا التطبيق',
    recoverySet: 'أصبحت محفظتك محمية بمفتاح المرور',
    mustHaveWallet: 'يجب أن تكون لديك محفظة لحمايتها بمفتاح مرور',
    alreadySet: 'هذه المحفظة محمية بالفعل بمفتاح مرور',
    noPrf:
      'لا يمكن لمفتاح المرور هذا حماية محفظة، لأن جهازه أو متصفحه لا يدعم ذلك. عيّن كلمة مرور استرداد بدلًا منه، أو استخدم مفتاح مرور من جهاز آخر.',
    exitedRecoveryFlow: 'تم إلغاء إعداد مفتاح المرور',
    recoveryFailed: 'تعذّر تعيين مفتاح مرور للمحفظة',
    failed: `تعذّر استخدام مفتاح المرور. ${TRY_AGAIN}`,
  },
  FARCASTER_UI_TEXT: {
    connectTitle: 'تسجيل الدخول باستخدام Farcaster',
    scan: 'امسح الرمز بكاميرا هاتفك لتسجيل الدخول باستخدام Farcaster.',
    qrLabel: 'رمز QR لتسجيل الدخول باستخدام Farcaster',
    copyLink: 'نسخ الرابط',
    openApp: 'فتح Farcaster',
    onPhone: 'سجّل الدخول بحسابك في تطبيق Farcaster، ثم عُد إلى هنا.',
    waiting: 'في انتظار تسجيل دخولك…',
    connected: 'تم الاتصال مع Farcaster',
    signerTitle: 'الموافقة في Farcaster',
    signerScan: 'امسح الرمز بكاميرا هاتفك للسماح لهذا التطبيق بالنشر على Farcaster نيابةً عنك.',
    signerQrLabel: 'رمز QR للموافقة على هذا التطبيق في Farcaster',
    signerOnPhone: 'وافِق على هذا التطبيق في Farcaster، ثم عُد إلى هنا.',
    signerWaiting: 'في انتظار موافقتك…',
    signerApproved: 'تمت الموافقة',
    tryAgain: 'حاول مرة أخرى',
    connectTimeout: 'انتهت مهلة الطلب. حاول مرة أخرى.',
    signerFailedTitle: 'تعذّر الاتصال',
    signerFailedDetail: 'حدث خطأ ما. يُرجى المحاولة مرة أخرى.',
    signerRejectedTitle: 'تم رفض الطلب',
    signerRejectedDetail: 'تم رفض الطلب. يُرجى المحاولة مرة أخرى.',
  },
};
