/**
 * Arabic: the wallet, MFA and funding screens (terms: docs/i18n/glossary-ar.md), put over their
 * English objects as those load, like ./screens.ts.
 */
import type { WalletTexts } from '../catalogue.js';
import { REVIEW } from './review.js';

const TRY_AGAIN = 'حاول مرة أخرى';
const LATER = 'يُرجى المحاولة مرة أخرى لاحقًا.';
const PASSKEY_LOST = 'لا يمكن لمفتاح مرورك حماية هذه المحفظة على هذا الجهاز، ';
const NO_PASSKEY = 'لم تستخدم مفتاح مرور، ';
const BY_LOGIN = 'لذا يمكنك استرداد المحفظة بتسجيل الدخول إلى حسابك.';
const BY_PASSWORD = 'لذا تحميها كلمة مرور الاسترداد بدلًا منه.';

export const WALLET: WalletTexts = {
  ...REVIEW,
  FUNDING_TEXT: {
    title: 'تمويل الحساب',
    promptDetail: (symbol, provider) =>
      `اشترِ ${symbol} ببطاقة عبر ${provider}. ستُفتح نافذة ${provider} لتدفع فيها، وتتابع هذه الشاشة عملية الشراء.`,
    continueWith: (provider) => `المتابعة باستخدام ${provider}`,
    preparing: 'جارٍ تجهيز عملية الشراء…',
    popupBlocked: (provider) => `حظر متصفحك نافذة ${provider}. افتحها من هنا:`,
    openWindow: (provider) => `فتح ${provider}`,
    signFailed: `تعذّر تجهيز عملية الشراء. ${LATER}`,
    paid: 'تدفع',
    received: 'تستلم',
    fees: 'الرسوم',
    done: 'تم',
    backToTransaction: 'العودة إلى المعاملة',
    tryAgain: TRY_AGAIN,
    result: {
      completed: {
        title: 'تم تمويل حسابك',
        detail: 'قد يستغرق ظهور الأموال في محفظتك بضع دقائق.',
      },
      failed: {
        title: 'حدث خطأ ما',
        detail:
          'لم تكتمل عملية الشراء. تعمل بطاقات الخصم عادةً أفضل من بطاقات الائتمان: حاول مرة أخرى باستخدام بطاقة خصم.',
      },
      serviceFailure: {
        title: 'حدث خطأ ما',
        detail: (provider) => `واجه ${provider} خطأً أثناء معالجة معاملتك. هل تريد المحاولة مرة أخرى؟`,
      },
      processingPayment: {
        title: 'جارٍ معالجة الدفع',
        detail: 'قد يستغرق ذلك بضع ساعات. ستتلقى رسالة بريد إلكتروني عند اكتمال عملية الشراء.',
      },
      awaitingAuthorization: {
        title: 'في انتظار دفعتك',
        detail: (provider) =>
          `ينتظر ${provider} تأكيد دفعتك. ستتلقى رسالة بريد إلكتروني عند اكتمال عملية الشراء.`,
      },
      inProgress: {
        title: 'قيد التنفيذ',
        detail: (provider) => `أكمل عملية الشراء في نافذة ${provider}. ستُحدَّث هذه الشاشة عند الانتهاء.`,
      },
    },
  },
  EXTERNAL_WALLET_TEXT: {
    unableToConnect: 'تعذّر الاتصال بالمحفظة',
    switchingNetworks: 'جارٍ تبديل الشبكة',
    switchNetworkDetail: 'بدّل محفظتك إلى الشبكة المطلوبة.',
    alreadyLinked: 'المحفظة مرتبطة بالفعل.',
    userExists: 'يوجد مستخدم بهذا العنوان بالفعل',
    userExistsDetail: 'جرّب عنوانًا آخر!',
    useDifferentWallet: 'استخدام محفظة أخرى',
    timedOut: 'انتهت مهلة طلب المحفظة',
    couldNotLogIn: 'تعذّر تسجيل الدخول بالمحفظة',
    rejected: 'رفضتَ الطلب',
    userRejectedConnection: 'تم رفض الاتصال',
    unableToRetrieveAccounts: 'تعذّر جلب الحسابات',
    notConnected: 'المحفظة غير متصلة حاليًا.',
    unableToDetermineChain: 'تعذّر تحديد السلسلة الحالية.',
    cannotUnlinkEmbedded: 'لا يمكن إلغاء ربط محفظة مدمجة',
    loginFailedTitle: 'تعذّر الاتصال بالمحفظة',
    loginFailedDetail: 'لم يتم العثور على المحفظة في هذا المتصفح. ثبّتها، أو اختر طريقة أخرى للدخول.',
    waitingFor: (name) => `في انتظار ${name}`,
    connectDetail: 'وافِق على الاتصال في محفظتك.',
    signDetail: 'وقّع الرسالة في محفظتك لتأكيد أنها تخصك.',
    signWithWallet: 'التوقيع بمحفظتك',
    retry: 'إعادة المحاولة',
    connectedTitle: 'تم الاتصال',
    connectedDetail: (address) => `محفظتك ${address} متصلة.`,
    linkWalletTitle: 'ربط محفظة',
    connectWalletTitle: 'توصيل محفظة',
    otherWallets: 'محافظ أخرى',
    noWalletFound: 'لم يتم العثور على محفظة في هذا المتصفح.',
    lookingForWallets: 'جارٍ البحث عن محافظ…',
    browserWallet: 'محفظة المتصفح',
    done: 'تم',
    walletConnect: 'WalletConnect',
    scanWith: (name) => `امسح باستخدام ${name}`,
    scanDetail: 'امسح هذا الرمز بتطبيق المحفظة على هاتفك للاتصال.',
    qrLabel: 'رمز QR من WalletConnect',
    copyLink: 'نسخ الرابط',
    openWallet: (name) => `فتح ${name}`,
    chooseMobileWallet: 'اختر تطبيق محفظتك',
    preparingConnection: 'جارٍ تجهيز الاتصال…',
    phantomInterstitialTitle: 'الفتح في Phantom',
    phantomInterstitialDetail: 'يتصل Phantom من متصفحه الخاص. افتح هذه الصفحة فيه للمتابعة.',
    openInPhantom: 'الفتح في Phantom',
    installPhantomTitle: 'إنشاء محفظة Phantom',
    installPhantomDetail:
      'لم يُثبَّت Phantom في هذا المتصفح. احصل على الإضافة، وأنشئ محفظة أو استوردها، ثم أعد تحميل هذه الصفحة.',
    getPhantom: 'الحصول على Phantom',
    reload: 'إعادة التحميل',
  },
  WALLET_FLOW_TEXT: {
    genericError: 'حدث خطأ، يُرجى المحاولة مرة أخرى.',
    loginAgain: 'حدث خطأ، يُرجى تسجيل الدخول مرة أخرى.',
    somethingWentWrong: 'حدث خطأ ما',
    tryLater: `نعمل على حل المشكلة. ${LATER}`,
    refreshUserFailed: 'تعذّر تحديث بيانات المستخدم.',
    missingEmbeddedWallet: 'لا تحتوي بيانات المستخدم المحدّثة على محفظة مدمجة.',
    passwordAfterCreateFailed: 'تم إنشاء المحفظة، لكن تعذّر تعيين كلمة مرور لها',
    passkeyFallback: {
      unavailable: { login: PASSKEY_LOST + BY_LOGIN, password: PASSKEY_LOST + BY_PASSWORD },
      skipped: { login: NO_PASSKEY + BY_LOGIN, password: NO_PASSKEY + BY_PASSWORD },
    },
    creationFailed: 'تعذّر إنشاء المحفظة',
    settingPasswordFailed: 'تعذّر تعيين كلمة مرور للمحفظة',
    onlyOneWallet: 'يُسمح حاليًا بمحفظة واحدة فقط لكل مستخدم',
    walletTimeout: 'انتهت مهلة المحفظة',
    embeddedWalletError: 'خطأ في المحفظة المدمجة',
    mustHaveWallet: 'يجب أن تكون لديك محفظة لإضافة كلمة مرور',
    passwordAlreadySet: 'لهذه المحفظة كلمة مرور بالفعل',
    mustBeAuthenticatedBeforeSigning: 'يجب تسجيل الدخول قبل التوقيع',
    unableToConnect: 'تعذّر الاتصال بالمحفظة',
    unableToRecover: 'تعذّر استرداد المحفظة',
    walletNotConnected: 'المحفظة غير متصلة',
    userRejected: 'تم رفض الطلب.',
    exitedPasswordFlow: 'تم إلغاء إعداد كلمة المرور',
    requestPending: 'هناك طلب آخر قيد الانتظار',
    rateLimited: 'طلبات كثيرة جدًا. يُرجى الانتظار قليلًا ثم المحاولة مرة أخرى.',
    insufficientFunds: 'لا يوجد رصيد كافٍ في المحفظة لهذه المعاملة.',
    preparingFailed: 'حدث خطأ أثناء تجهيز معاملتك. يُرجى المحاولة مرة أخرى.',
    processingFailed: 'حدث خطأ أثناء معالجة معاملتك. يُرجى التواصل مع الدعم.',
    addFunds: 'إضافة أموال',
  },
};
