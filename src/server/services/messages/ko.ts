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
  purposeNewDevice: '새 기기에서 지갑 불러오기',
  purposeLink: (label) => `계정에 ${label} 연동`,
  purposeUnlink: (label) => `계정에서 ${label} 연동 해제`,
  purposeUpdate: (label) => `이메일 주소를 ${label} 주소로 변경`,
  purposeMfaEnroll: '새 2단계 인증 방법 추가',
  purposeMfaUnenroll: '2단계 인증 방법 삭제',
  stepUpSubject: (code, app) => `[${app}] 본인 확인 인증번호: ${code}`,
  stepUpAsked: (purpose, app, code) =>
    `${app} 서비스에서 '${purpose}' 요청이 있었어요. 본인이 요청했다면 요청받은 곳에 이 인증번호를 입력해 주세요: ${code}`,
  codeExpiry: (minutes) => `${minutes}분 후에 만료돼요.`,
  stepUpNotYou: (purpose, app) =>
    `본인이 아니라면 이 인증번호를 누구에게도 알려 주지 마세요. 인증번호를 아는 사람은 '${purpose}' 작업을 할 수 있어요. 모르는 기기에서는 ${app} 서비스에서 로그아웃해 주세요.`,
  changeUpdatedSubject: (app) => `[${app}] 이메일 주소가 변경됐어요`,
  changeLinkedSubject: (app) => `[${app}] 새 로그인 방법이 추가됐어요`,
  changeUpdated: (app, label) => `${app} 계정의 이메일 주소가 다음 주소로 변경됐어요: ${label}`,
  changeLinked: (app, label) =>
    `${app} 계정에 새 로그인 방법이 연동됐어요: ${label}. 이제 이 방법으로 회원님 계정에 로그인할 수 있어요.`,
  changeAdvice: (app, until) =>
    `본인이 한 일이라면 따로 할 일은 없어요. 본인이 아니라면 ${until} 전에 ${app} 서비스에 로그인해서 연동을 해제해 주세요. 그때까지는 새 기기나 변경 요청의 본인 확인에 사용할 수 없어요.`,
  newDeviceSubject: (app) => `[${app}] 새 기기에서 지갑이 복구됐어요`,
  newDeviceRecovered: (app, address, when) =>
    `새 기기에서 ${app} 지갑이 복구됐어요 (${when}). 지갑 주소: ${address}`,
  newDeviceYou: '본인이 한 일이라면 따로 할 일은 없어요.',
  newDeviceAdvice: (app) =>
    `본인이 아니라면 ${app} 서비스에 로그인해서 모르는 기기를 지갑에서 삭제하고, 로그인 방법(이메일 또는 2단계 인증)을 안전하게 지켜 주세요.`,
};
