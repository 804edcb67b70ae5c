/**
 * Korean: the login screens that load lazily (consent, allowlist, links, phone, captcha, OAuth,
 * passkeys, Farcaster; terms: docs/i18n/glossary-ko.md), put over their English objects as those
 * load (core/text/registry.ts).
 */
import type { Catalogue } from '../catalogue.js';

export const SCREENS: Pick<
  Catalogue,
  | 'CONSENT_TEXT'
  | 'ALLOWLIST_TEXT'
  | 'LINK_TEXT'
  | 'PHONE_TEXT'
  | 'CAPTCHA_MESSAGES'
  | 'OAUTH_UI_TEXT'
  | 'OAUTH_MESSAGES'
  | 'PASSWORDLESS_MESSAGES'
  | 'PASSKEY_TEXT'
  | 'FARCASTER_UI_TEXT'
> = {
  CONSENT_TEXT: {
    title: '마지막 단계예요',
    detail: '계속하기 전에 이 앱의 약관을 확인하고 동의해 주세요.',
    viewTerms: '이용약관 보기',
    viewPrivacyPolicy: '개인정보처리방침 보기',
    decline: '동의 안 함',
    accept: '동의',
    acceptFailed: '응답을 저장하지 못했어요. 다시 시도해 주세요.',
  },
  ALLOWLIST_TEXT: {
    title: '이 앱에 접근할 권한이 없어요',
    detail: '초대를 받으셨나요?',
    cta: '다른 계정으로 시도',
  },
  LINK_TEXT: {
    linkEmailTitle: '이메일 연동',
    linkPhoneTitle: '휴대폰 번호 연동',
    updateEmailTitle: '이메일 변경',
    updateEmailCurrent: '현재 이메일:',
  },
  PHONE_TEXT: {
    phoneLabel: '휴대폰 번호',
    countryLabel: '국가',
    phonePlaceholder: '휴대폰 번호',
  },
  CAPTCHA_MESSAGES: {
    title: '로봇이 아닌지 확인할게요',
    ready: '보안 확인을 준비하는 중…',
    loading: '로봇이 아닌지 확인하는 중…',
    success: '확인됐어요! 계속 진행할게요…',
    successNeedsIntent: '확인됐어요!',
    continue: '계속하기',
    didNotPass: 'CAPTCHA를 통과하지 못했어요. 다시 시도해 주세요.',
    adblockerHint: '광고 차단기나 VPN을 사용 중이라면 끄고 다시 시도해 주세요.',
    captchaFailed: '보안 확인에 실패했어요',
  },
  OAUTH_UI_TEXT: {
    oauthVerifying: (provider) => `${provider} 연결을 확인하는 중`,
    oauthVerifyingDetail: '잠시만 기다려 주세요',
    oauthConnected: (provider) => `${provider}에 연결했어요`,
    oauthRedirecting: (provider) => `${provider} 페이지로 이동하는 중`,
    inAppBrowserTitle: '이 서비스로 로그인할 수 없어요',
  },
  OAUTH_MESSAGES: {
    userDenied: '로그인 승인이 거부되었어요',
    invalidCode: '로그인 중 잘못된 인증 코드를 받았어요.',
    unexpectedFlow: '예상치 못한 로그인 절차예요. 피싱 시도일 수 있어요',
    missingVerifier: '인증 오류가 발생했어요.',
    retry: (provider) => `다시 시도한 후 ${provider}에서 계정 연결을 완료해 주세요.`,
    accountSuspended: (provider) => `${provider} 계정이 정지되었어요. 다른 로그인 방법을 이용해 주세요.`,
    inAppBrowser: '인앱 브라우저를 사용 중인 것 같아요. 로그인하려면 외부 브라우저에서 다시 시도해 주세요.',
  },
  PASSWORDLESS_MESSAGES: {
    invalidEmail: '올바른 이메일 주소를 입력해 주세요.',
    emailRequired: '인증번호를 보내려면 이메일 주소가 필요해요.',
    phoneRequired: '인증번호를 보내려면 휴대폰 번호가 필요해요.',
    invalidPhone: '올바른 휴대폰 번호를 입력해 주세요.',
    codeShouldBeNumeric: '인증번호는 숫자여야 해요',
    passcodeOnlyNumbers: '인증번호에는 숫자만 입력할 수 있어요',
    passcodeExactLength: '인증번호는 6자리 숫자예요',
    invalidOrExpiredCode: '인증번호가 올바르지 않거나 만료되었어요',
    issueVerifyingCode: '인증번호를 확인하지 못했어요',
  },
  PASSKEY_TEXT: {
    linkTitle: '패스키 추가',
    recoveryTitle: '패스키로 지갑 보호하기',
    loginOff: '이 앱에서는 패스키 로그인을 사용할 수 없어요',
    recoverySet: '이제 패스키로 지갑이 보호돼요',
    mustHaveWallet: '패스키로 보호하려면 지갑이 있어야 해요',
    alreadySet: '이 지갑은 이미 패스키로 보호되고 있어요',
    noPrf:
      '이 패스키가 있는 기기나 브라우저가 지원하지 않아서 이 패스키로는 지갑을 보호할 수 없어요. 대신 복구 비밀번호를 설정하거나 다른 기기의 패스키를 사용해 주세요.',
    exitedRecoveryFlow: '패스키 설정을 중단했어요',
    recoveryFailed: '지갑에 패스키를 설정하지 못했어요',
    failed: '패스키를 사용하지 못했어요. 다시 시도해 주세요.',
  },
  FARCASTER_UI_TEXT: {
    connectTitle: 'Farcaster로 로그인',
    scan: '휴대폰 카메라로 스캔해서 Farcaster로 로그인해 주세요.',
    qrLabel: 'Farcaster 로그인용 QR 코드',
    copyLink: '링크 복사',
    openApp: 'Farcaster 열기',
    onPhone: 'Farcaster 앱에서 Farcaster 계정으로 로그인한 후 이 화면으로 돌아와 주세요.',
    waiting: '로그인을 기다리는 중…',
    connected: 'Farcaster에 연결했어요',
    signerTitle: 'Farcaster에서 승인',
    signerScan: '휴대폰 카메라로 스캔해서 이 앱이 Farcaster에 대신 글을 올릴 수 있게 허용해 주세요.',
    signerQrLabel: 'Farcaster에서 이 앱을 승인하는 QR 코드',
    signerOnPhone: 'Farcaster에서 이 앱을 승인한 후 이 화면으로 돌아와 주세요.',
    signerWaiting: '승인을 기다리는 중…',
    signerApproved: '승인됐어요',
    tryAgain: '다시 시도',
  },
};
