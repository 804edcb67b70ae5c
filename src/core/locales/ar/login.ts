/**
 * Arabic: what the first modal and the code entry show (terms: docs/i18n/glossary-ar.md), put
 * over the English objects the locale chunk imports (core/locales/catalogue.ts ENGLISH).
 */
import type { FirstModalTexts } from '../catalogue.js';

const CHECK_CONNECTION = 'تحقّق من اتصالك، ثم أعد المحاولة.';

export const FIRST_MODAL: FirstModalTexts = {
  UI_TEXT: {
    loginTitle: 'تسجيل الدخول أو إنشاء حساب',
    loadingTitle: 'جارٍ التحميل',
    emailLabel: 'البريد الإلكتروني',
    emailPlaceholder: 'your@email.com',
    submit: 'إرسال',
    termsFooter: 'بتسجيل الدخول، أوافق على شروط الخدمة',
    termsFooterStart: 'بتسجيل الدخول، أوافق على',
    terms: 'الشروط',
    // A word of its own between two links: «و» alone would stand apart from the link it joins.
    and: 'وعلى',
    privacyPolicy: 'سياسة الخصوصية',
    moreOptions: 'خيارات أخرى',
    otherSocials: 'شبكات اجتماعية أخرى',
    otherWallets: 'محافظ أخرى',
    continueWithWallet: 'المتابعة باستخدام محفظة',
    continueWithEmail: 'المتابعة عبر البريد الإلكتروني',
    continueWithSms: 'المتابعة عبر رسالة نصية',
    continueWithFarcaster: 'المتابعة باستخدام Farcaster',
    loginWithPasskey: 'تسجيل الدخول بمفتاح المرور',
    continueWith: (provider) => `المتابعة باستخدام ${provider}`,
    linkSuccess: 'تم ربط الحساب بنجاح',
    loginSuccess: 'تم تسجيل الدخول بنجاح',
    loadingPhoneField: 'جارٍ تحميل حقل رقم الهاتف…',
    digit: (n) => `الخانة ${n}`,
    resendCode: 'إعادة إرسال الرمز',
    verifying: 'جارٍ التحقق…',
    close: 'إغلاق',
    back: 'رجوع',
    protectedBy: 'محمي بواسطة Gatehouse',
    appLogo: (name) => `شعار ${name}`,
  },
  ERROR_SCREEN_TEXT: {
    timedOutTitle: 'انتهت المهلة',
    tryAgain: 'حاول مرة أخرى',
    somethingWentWrong: 'حدث خطأ ما',
    tryAgainLater: 'يُرجى المحاولة مرة أخرى لاحقًا',
    notAllowed: 'غير مسموح',
    tryAnotherMethod: 'جرّب طريقة أخرى',
    back: 'رجوع',
    invalidCredentials: 'حدث خطأ ما. يُرجى المحاولة مرة أخرى.',
    authenticationFailed: 'فشلت المصادقة',
    captchaTimeout: 'حدث خطأ ما! يُرجى المحاولة مرة أخرى لاحقًا.',
    invalidCaptcha: 'يُرجى المحاولة مرة أخرى.',
  },
  OUTAGE_TEXT: {
    unreachable: 'تعذّر الوصول إلى خدمة تسجيل الدخول',
    checkConnection: CHECK_CONNECTION,
    retry: 'إعادة المحاولة',
    close: 'إغلاق',
  },
  CODE_TEXT: {
    codeTitle: 'أدخل رمز التحقق',
    codeSentTo: 'راجِع بريدك الإلكتروني، فقد أرسلنا رمزًا إلى',
    codeSentToPhone: 'راجِع رسائل هاتفك، فقد أرسلنا رمزًا إلى',
    updateSuccess: 'تم تحديث البريد الإلكتروني بنجاح',
    codeResent: 'رمز جديد في طريقه إليك.',
    didNotGetCode: 'لم يصلك الرمز؟',
  },
  FLOW_MESSAGES: {
    noAuthFlow: 'لا توجد عملية تسجيل دخول جارية.',
    tooManyRequests: 'طلبات كثيرة جدًا. يُرجى الانتظار قبل المحاولة مرة أخرى.',
    mailDeliveryFailed: 'تعذّر إرسال رمز تسجيل الدخول. يُرجى المحاولة مرة أخرى لاحقًا.',
    linkedToAnotherUser: 'هذا الحساب مرتبط بالفعل بمستخدم آخر.',
  },
};
