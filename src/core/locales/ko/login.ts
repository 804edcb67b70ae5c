/**
 * Korean: what the first modal and the code entry show (terms: docs/i18n/glossary-ko.md), put
 * over the English objects the locale chunk imports (core/locales/catalogue.ts ENGLISH).
 */
import type { FirstModalTexts } from '../catalogue.js';

const CHECK_CONNECTION = '인터넷 연결을 확인한 후 다시 시도해 주세요.';

export const FIRST_MODAL: FirstModalTexts = {
  UI_TEXT: {
    loginTitle: '로그인 또는 회원가입',
    loadingTitle: '불러오는 중',
    emailLabel: '이메일 주소',
    emailPlaceholder: 'your@email.com',
    submit: '확인',
    termsFooter: '로그인하면 이용약관에 동의하게 돼요',
    // Followed by the links: "… 이용약관 및 개인정보처리방침".
    termsFooterStart: '로그인하면 다음에 동의하게 돼요:',
    terms: '이용약관',
    and: '및',
    privacyPolicy: '개인정보처리방침',
    moreOptions: '다른 방법 보기',
    otherSocials: '다른 소셜 계정',
    otherWallets: '다른 지갑',
    continueWithWallet: '지갑으로 계속하기',
    continueWithEmail: '이메일로 계속하기',
    continueWithSms: '문자로 계속하기',
    continueWithFarcaster: 'Farcaster로 계속하기',
    loginWithPasskey: '패스키로 로그인',
    continueWith: (provider) => `${provider} 계정으로 계속하기`,
    linkSuccess: '계정을 연동했어요',
    loginSuccess: '로그인했어요',
    loadingPhoneField: '휴대폰 번호 입력란을 불러오는 중…',
    digit: (n) => `${n}번째 자리`,
    resendCode: '인증번호 다시 받기',
    verifying: '확인하는 중…',
    close: '닫기',
    back: '뒤로',
    protectedBy: 'Gatehouse로 보호됨',
    appLogo: (name) => `${name} 로고`,
  },
  ERROR_SCREEN_TEXT: {
    timedOutTitle: '시간이 초과되었어요',
    tryAgain: '다시 시도',
    somethingWentWrong: '문제가 발생했어요',
    tryAgainLater: '잠시 후 다시 시도해 주세요',
    notAllowed: '허용되지 않아요',
    tryAnotherMethod: '다른 방법 시도',
    back: '뒤로',
    invalidCredentials: '문제가 발생했어요. 다시 시도해 주세요.',
    authenticationFailed: '인증에 실패했어요',
    captchaTimeout: '문제가 발생했어요. 잠시 후 다시 시도해 주세요.',
    invalidCaptcha: '다시 시도해 주세요.',
  },
  OUTAGE_TEXT: {
    unreachable: '로그인 서비스에 연결할 수 없어요',
    checkConnection: CHECK_CONNECTION,
    retry: '재시도',
    close: '닫기',
  },
  CODE_TEXT: {
    codeTitle: '인증번호 입력',
    // Followed by the address or number the code went to.
    codeSentTo: '이메일로 받은 인증번호를 입력해 주세요. 받는 주소:',
    codeSentToPhone: '문자로 받은 인증번호를 입력해 주세요. 받는 번호:',
    updateSuccess: '이메일 주소를 변경했어요',
    codeResent: '새 인증번호를 보냈어요.',
    didNotGetCode: '인증번호를 받지 못했나요?',
  },
  FLOW_MESSAGES: {
    noAuthFlow: '진행 중인 로그인이 없어요.',
    tooManyRequests: '요청이 너무 많아요. 잠시 기다린 후 다시 시도해 주세요.',
    mailDeliveryFailed: '로그인 인증번호를 보내지 못했어요. 잠시 후 다시 시도해 주세요.',
    linkedToAnotherUser: '이 계정은 이미 다른 사용자와 연동되어 있어요.',
  },
};
