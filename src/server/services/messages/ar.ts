import type { MessageTexts } from './texts.js';

/** 3 to 10 minutes take the plural (دقائق), others the singular after a number (دقيقة). */
const minutesOf = (n: number) => `${n} ${n >= 3 && n <= 10 ? 'دقائق' : 'دقيقة'}`;

export const AR: MessageTexts = {
  lang: 'ar',
  dir: 'rtl',
  loginSubject: (code, app) => `${code} هو رمز تسجيل الدخول إلى ${app}`,
  loginLine: (code, app) => `رمز تسجيل الدخول إلى ${app} هو ${code}.`,
  loginIntro: (app) => `رمز تسجيل الدخول إلى ${app} هو:`,
  loginExpiry: (minutes) =>
    `تنتهي صلاحيته خلال ${minutesOf(minutes)}. إذا لم تحاول تسجيل الدخول، فتجاهل هذه الرسالة.`,
  smsLogin: (code, app, minutes) =>
    `${code} هو رمز تسجيل الدخول إلى ${app}. تنتهي صلاحيته خلال ${minutesOf(minutes)}.`,
  smsVerification: (code, app, minutes) =>
    `${code} هو رمز التحقق لـ ${app}. تنتهي صلاحيته خلال ${minutesOf(minutes)}.`,
  purposeNewDevice: 'تحميل محفظتك على جهاز جديد',
  purposeLink: (label) => `إضافة ${label} إلى حسابك`,
  purposeUnlink: (label) => `إزالة ${label} من حسابك`,
  purposeUpdate: (label) => `تغيير بريدك الإلكتروني إلى ${label}`,
  purposeMfaEnroll: 'إضافة طريقة جديدة للتحقق بخطوتين',
  purposeMfaUnenroll: 'إزالة طريقة للتحقق بخطوتين',
  stepUpSubject: (code, app) => `${code} هو رمز تأكيد هويتك في ${app}`,
  stepUpAsked: (purpose, app, code) =>
    `طلب أحدهم ${purpose} في ${app}. إذا كنت أنت، فأدخل هذا الرمز حيث طُلب منك: ${code}`,
  codeExpiry: (minutes) => `تنتهي صلاحيته خلال ${minutesOf(minutes)}.`,
  stepUpNotYou: (purpose, app) =>
    `إذا لم تكن أنت، فلا تعطِ هذا الرمز لأي شخص: من يطلبه يمكنه ${purpose}. سجّل الخروج من ${app} على الأجهزة التي لا تعرفها.`,
  changeUpdatedSubject: (app) => `تم تغيير بريدك الإلكتروني في ${app}`,
  changeLinkedSubject: (app) => `طريقة جديدة لتسجيل الدخول إلى ${app}`,
  changeUpdated: (app, label) => `تم تغيير بريدك الإلكتروني في ${app} إلى ${label}.`,
  changeLinked: (app, label) => `تمت إضافة ${label} إلى حسابك في ${app}: يمكن الآن تسجيل الدخول به باسمك.`,
  changeAdvice: (app, until) =>
    `إذا كنت أنت، فلا حاجة إلى أي إجراء. وإلا، فسجّل الدخول إلى ${app} وأزِله قبل ${until}: حتى ذلك الحين لا يمكن استخدامه لتأكيد هويتك، لا لجهاز جديد ولا لأي تغيير.`,
  newDeviceSubject: (app) => `استُعيدت محفظتك في ${app} على جهاز جديد`,
  newDeviceRecovered: (app, address, when) => `استُعيدت محفظتك ${address} في ${app} على جهاز جديد (${when}).`,
  newDeviceYou: 'إذا كنت أنت، فلا حاجة إلى أي إجراء.',
  newDeviceAdvice: (app) =>
    `إذا لم تكن أنت، فسجّل الدخول إلى ${app}، وأزل من محفظتك الأجهزة التي لا تعرفها، وأمّن طريقة تسجيل دخولك (بريدك الإلكتروني أو التحقق بخطوتين).`,
};
