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
};
