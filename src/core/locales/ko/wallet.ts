/**
 * Korean: the wallet, MFA and funding screens (terms: docs/i18n/glossary-ko.md), put over their
 * English objects as those load, like ./screens.ts.
 */
import type { WalletTexts } from '../catalogue.js';
import { REVIEW } from './review.js';

const TRY_AGAIN = '다시 시도';
const LATER = '잠시 후 다시 시도해 주세요.';
const PASSKEY_LOST = '이 기기에서는 패스키로 이 지갑을 보호할 수 없어서 ';
const NO_PASSKEY = '패스키를 사용하지 않아서 ';
const BY_LOGIN = '대신 계정에 로그인해 지갑을 복구할 수 있어요.';
const BY_PASSWORD = '대신 복구 비밀번호로 지갑을 보호해요.';

export const WALLET: WalletTexts = {
  ...REVIEW,
  FUNDING_TEXT: {
    title: '계정 충전',
    promptDetail: (symbol, provider) =>
      `${provider}에서 카드로 ${symbol} 구매를 진행해요. 결제는 ${provider} 창에서 하고, 이 화면에서 구매 상황을 확인할 수 있어요.`,
    continueWith: (provider) => `${provider}에서 계속하기`,
    preparing: '구매를 준비하는 중…',
    popupBlocked: (provider) => `브라우저가 ${provider} 창을 차단했어요. 여기에서 열어 주세요:`,
    openWindow: (provider) => `${provider} 열기`,
    signFailed: `구매를 준비하지 못했어요. ${LATER}`,
    paid: '결제 금액',
    received: '받는 금액',
    fees: '수수료',
    done: '완료',
    backToTransaction: '거래로 돌아가기',
    tryAgain: TRY_AGAIN,
    result: {
      completed: {
        title: '계정을 충전했어요',
        detail: '지갑에 금액이 표시되기까지 몇 분 걸릴 수 있어요.',
      },
      failed: {
        title: '문제가 발생했어요',
        detail:
          '구매가 완료되지 않았어요. 신용카드보다 체크카드가 더 잘 될 때가 많아요. 체크카드로 다시 시도해 주세요.',
      },
      serviceFailure: {
        title: '문제가 발생했어요',
        detail: (provider) => `${provider}에서 거래를 처리하는 중 오류가 발생했어요. 다시 시도할까요?`,
      },
      processingPayment: {
        title: '결제 처리 중',
        detail: '몇 시간까지 걸릴 수 있어요. 구매가 완료되면 이메일로 알려 드릴게요.',
      },
      awaitingAuthorization: {
        title: '결제를 기다리는 중',
        detail: (provider) =>
          `${provider}에서 결제 확인을 기다리고 있어요. 구매가 완료되면 이메일로 알려 드릴게요.`,
      },
      inProgress: {
        title: '진행 중',
        detail: (provider) => `${provider} 창에서 구매를 완료해 주세요. 완료되면 이 화면이 업데이트돼요.`,
      },
    },
  },
  EXTERNAL_WALLET_TEXT: {
    unableToConnect: '지갑을 연결할 수 없어요',
    switchingNetworks: '네트워크를 전환하는 중',
    switchNetworkDetail: '지갑에서 요청한 네트워크로 전환해 주세요.',
    alreadyLinked: '이미 연동된 지갑이에요.',
    userExists: '이 주소로 가입한 사용자가 이미 있어요',
    userExistsDetail: '다른 주소로 시도해 주세요!',
    useDifferentWallet: '다른 지갑 사용',
    timedOut: '지갑 요청 시간이 초과되었어요',
    couldNotLogIn: '지갑으로 로그인하지 못했어요',
    rejected: '요청을 거절했어요',
    userRejectedConnection: '연결이 거절되었어요',
    unableToRetrieveAccounts: '계정을 가져올 수 없어요',
    notConnected: '지갑이 연결되어 있지 않아요.',
    unableToDetermineChain: '현재 체인을 확인할 수 없어요.',
    cannotUnlinkEmbedded: '내장 지갑은 연동을 해제할 수 없어요',
    loginFailedTitle: '지갑에 연결하지 못했어요',
    loginFailedDetail: '이 브라우저에서 지갑을 찾을 수 없어요. 지갑을 설치하거나 다른 방법을 선택해 주세요.',
    waitingFor: (name) => `${name} 응답 대기 중`,
    connectDetail: '지갑에서 연결을 승인해 주세요.',
    signDetail: '지갑에서 메시지에 서명해 본인 지갑임을 확인해 주세요.',
    signWithWallet: '지갑으로 서명',
    retry: '재시도',
    connectedTitle: '연결됐어요',
    connectedDetail: (address) => `${address} 지갑이 연결되었어요.`,
    linkWalletTitle: '지갑 연동',
    connectWalletTitle: '지갑 연결',
    otherWallets: '다른 지갑',
    noWalletFound: '이 브라우저에서 지갑을 찾지 못했어요.',
    lookingForWallets: '지갑을 찾는 중…',
    browserWallet: '브라우저 지갑',
    done: '완료',
    walletConnect: 'WalletConnect',
    scanWith: (name) => `${name} 앱으로 스캔`,
    scanDetail: '휴대폰의 지갑 앱으로 이 코드를 스캔해 연결해 주세요.',
    qrLabel: 'WalletConnect QR 코드',
    copyLink: '링크 복사',
    openWallet: (name) => `${name} 열기`,
    chooseMobileWallet: '지갑 앱 선택',
    preparingConnection: '연결을 준비하는 중…',
    phantomInterstitialTitle: 'Phantom에서 열기',
    phantomInterstitialDetail:
      'Phantom은 자체 브라우저에서 연결돼요. 계속하려면 이 페이지를 Phantom에서 열어 주세요.',
    openInPhantom: 'Phantom에서 열기',
    installPhantomTitle: 'Phantom 지갑 만들기',
    installPhantomDetail:
      '이 브라우저에 Phantom이 설치되어 있지 않아요. 확장 프로그램을 설치하고 지갑을 만들거나 가져온 후 이 페이지를 새로고침해 주세요.',
    getPhantom: 'Phantom 설치',
    reload: '새로고침',
  },
  WALLET_FLOW_TEXT: {
    genericError: '오류가 발생했어요. 다시 시도해 주세요.',
    loginAgain: '오류가 발생했어요. 다시 로그인해 주세요.',
    somethingWentWrong: '문제가 발생했어요',
    tryLater: `문제를 해결하고 있어요. ${LATER}`,
    refreshUserFailed: '사용자 정보를 새로고침하지 못했어요.',
    missingEmbeddedWallet: '업데이트된 사용자 정보에 내장 지갑이 없어요.',
    passwordAfterCreateFailed: '지갑은 만들었지만 비밀번호를 설정하지 못했어요',
    passkeyFallback: {
      unavailable: { login: PASSKEY_LOST + BY_LOGIN, password: PASSKEY_LOST + BY_PASSWORD },
      skipped: { login: NO_PASSKEY + BY_LOGIN, password: NO_PASSKEY + BY_PASSWORD },
    },
    creationFailed: '지갑을 만들지 못했어요',
    settingPasswordFailed: '지갑에 비밀번호를 설정하지 못했어요',
    onlyOneWallet: '현재 사용자당 지갑은 하나만 만들 수 있어요',
    walletTimeout: '지갑 응답 시간이 초과되었어요',
    embeddedWalletError: '내장 지갑 오류',
    mustHaveWallet: '비밀번호를 추가하려면 지갑이 있어야 해요',
    passwordAlreadySet: '이 지갑에는 이미 비밀번호가 설정되어 있어요',
    mustBeAuthenticatedBeforeSigning: '서명하려면 먼저 로그인해야 해요',
    unableToConnect: '지갑에 연결할 수 없어요',
    unableToRecover: '지갑을 복구할 수 없어요',
    walletNotConnected: '지갑이 연결되어 있지 않아요',
    userRejected: '요청이 거절되었어요.',
    exitedPasswordFlow: '비밀번호 설정을 중단했어요',
    requestPending: '이미 처리 중인 요청이 있어요',
    rateLimited: '요청이 너무 많아요. 잠시 기다린 후 다시 시도해 주세요.',
    insufficientFunds: '지갑 잔액이 이 거래에 충분하지 않아요.',
    preparingFailed: '거래를 준비하는 중 오류가 발생했어요. 다시 시도해 주세요.',
    processingFailed: '거래를 처리하는 중 오류가 발생했어요. 고객 지원팀에 문의해 주세요.',
    addFunds: '금액 충전',
  },
};
