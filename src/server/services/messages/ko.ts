import type { MessageTexts } from './texts.js';

export const KO: MessageTexts = {
  lang: 'ko',
  dir: 'ltr',
  loginSubject: (code, app) => `${app} 로그인 인증번호: ${code}`,
  loginLine: (code, app) => `${app} 로그인 인증번호: ${code}`,
  loginIntro: (app) => `${app} 로그인 인증번호:`,
  loginExpiry: (minutes) =>
    `${minutes}분 후에 만료돼요. 로그인을 시도하지 않았다면 이 이메일을 무시해 주세요.`,
  smsLogin: (code, app, minutes) => `[${app}] 로그인 인증번호: ${code} (${minutes}분간 유효)`,
  smsVerification: (code, app, minutes) => `[${app}] 인증번호: ${code} (${minutes}분간 유효)`,
};
