/**
 * Turkish: the wallet, MFA and funding screens (terms: docs/i18n/glossary-tr.md), put over their
 * English objects as those load, like ./screens.ts.
 */
import type { WalletTexts } from '../catalogue.js';
import { REVIEW } from './review.js';

const TRY_AGAIN = 'Tekrar dene';
const LATER = 'Lütfen daha sonra tekrar deneyin.';
const PASSKEY_LOST = 'Geçiş anahtarınız bu cihazda bu cüzdanı koruyamıyor; ';
const NO_PASSKEY = 'Geçiş anahtarı kullanmadınız; ';
const BY_LOGIN = 'bunun yerine hesabınıza giriş yaparak cüzdanı kurtarabilirsiniz.';
const BY_PASSWORD = 'bunun yerine cüzdanı kurtarma şifreniz koruyor.';

export const WALLET: WalletTexts = {
  ...REVIEW,
  FUNDING_TEXT: {
    title: 'Hesaba para yükle',
    promptDetail: (symbol, provider) =>
      `${provider} üzerinden kartla ${symbol} satın alın. Ödemeyi açılan ${provider} penceresinde yaparsınız; bu ekran satın alma işlemini takip eder.`,
    continueWith: (provider) => `${provider} ile devam et`,
    preparing: 'Satın alma işleminiz hazırlanıyor…',
    popupBlocked: (provider) => `Tarayıcınız ${provider} penceresini engelledi. Buradan açın:`,
    openWindow: (provider) => `${provider} penceresini aç`,
    signFailed: `Satın alma hazırlanamadı. ${LATER}`,
    paid: 'Ödediğiniz',
    received: 'Alacağınız',
    fees: 'Ücretler',
    done: 'Bitti',
    backToTransaction: 'İşleme dön',
    tryAgain: TRY_AGAIN,
    result: {
      completed: {
        title: 'Hesabınıza para yüklendi',
        detail: 'Paranın cüzdanınızda görünmesi birkaç dakika sürebilir.',
      },
      failed: {
        title: 'Bir sorun oluştu',
        detail:
          'Satın alma tamamlanamadı. Banka kartları genellikle kredi kartlarından daha iyi çalışır: banka kartıyla tekrar deneyin.',
      },
      serviceFailure: {
        title: 'Bir sorun oluştu',
        detail: (provider) => `${provider} işleminizi işlerken bir hatayla karşılaştı. Tekrar denensin mi?`,
      },
      processingPayment: {
        title: 'Ödeme işleniyor',
        detail: 'Bu işlem birkaç saat sürebilir. Satın alma tamamlandığında bir e-posta alacaksınız.',
      },
      awaitingAuthorization: {
        title: 'Ödemeniz bekleniyor',
        detail: (provider) =>
          `${provider} ödemenizin onaylanmasını bekliyor. Satın alma tamamlandığında bir e-posta alacaksınız.`,
      },
      inProgress: {
        title: 'Devam ediyor',
        detail: (provider) =>
          `Satın alma işlemini ${provider} penceresinde tamamlayın. İşlem bitince bu ekran güncellenir.`,
      },
    },
  },
  EXTERNAL_WALLET_TEXT: {
    unableToConnect: 'Cüzdan bağlanamıyor',
    switchingNetworks: 'Ağ değiştiriliyor',
    switchNetworkDetail: 'Cüzdanınızda istenen ağa geçin.',
    alreadyLinked: 'Cüzdan zaten bağlı.',
    userExists: 'Bu adres için zaten bir kullanıcı var',
    userExistsDetail: 'Başka bir adres deneyin!',
    useDifferentWallet: 'Başka bir cüzdan kullan',
    timedOut: 'Cüzdan isteği zaman aşımına uğradı',
    couldNotLogIn: 'Cüzdanla giriş yapılamadı',
    rejected: 'İsteği reddettiniz',
    userRejectedConnection: 'Bağlantı reddedildi',
    unableToRetrieveAccounts: 'Hesaplar alınamıyor',
    notConnected: 'Cüzdan şu anda bağlı değil.',
    unableToDetermineChain: 'Geçerli zincir belirlenemiyor.',
    cannotUnlinkEmbedded: 'Yerleşik cüzdanın bağlantısı kaldırılamaz',
    loginFailedTitle: 'Cüzdana bağlanılamadı',
    loginFailedDetail: 'Cüzdan bu tarayıcıda bulunamadı. Yükleyin veya başka bir giriş yolu seçin.',
    waitingFor: (name) => `${name} bekleniyor`,
    connectDetail: 'Cüzdanınızda bağlantıyı onaylayın.',
    signDetail: 'Cüzdanın size ait olduğunu doğrulamak için cüzdanınızda mesajı imzalayın.',
    signWithWallet: 'Cüzdanla imzala',
    retry: 'Yeniden dene',
    connectedTitle: 'Bağlandı',
    connectedDetail: (address) => `${address} cüzdanınız bağlandı.`,
    linkWalletTitle: 'Hesaba cüzdan bağla',
    connectWalletTitle: 'Cüzdan bağla',
    otherWallets: 'Diğer cüzdanlar',
    noWalletFound: 'Bu tarayıcıda cüzdan bulunamadı.',
    lookingForWallets: 'Cüzdanlar aranıyor…',
    browserWallet: 'Tarayıcı cüzdanı',
    done: 'Bitti',
    walletConnect: 'WalletConnect',
    scanWith: (name) => `${name} ile tarayın`,
    scanDetail: 'Bağlanmak için bu kodu telefonunuzdaki cüzdan uygulamasıyla tarayın.',
    qrLabel: 'WalletConnect QR kodu',
    copyLink: 'Bağlantıyı kopyala',
    openWallet: (name) => `${name} uygulamasını aç`,
    chooseMobileWallet: 'Cüzdan uygulamanızı seçin',
    preparingConnection: 'Bağlantı hazırlanıyor…',
    phantomInterstitialTitle: 'Phantom’da aç',
    phantomInterstitialDetail:
      'Phantom kendi tarayıcısından bağlanır. Devam etmek için bu sayfayı orada açın.',
    openInPhantom: 'Phantom’da aç',
    installPhantomTitle: 'Phantom cüzdanı oluşturun',
    installPhantomDetail:
      'Bu tarayıcıda Phantom yüklü değil. Uzantıyı edinin, bir cüzdan oluşturun veya içe aktarın, ardından bu sayfayı yeniden yükleyin.',
    getPhantom: 'Phantom’u indir',
    reload: 'Yeniden yükle',
  },
  WALLET_FLOW_TEXT: {
    genericError: 'Bir hata oluştu. Lütfen tekrar deneyin.',
    loginAgain: 'Bir hata oluştu. Lütfen tekrar giriş yapın.',
    somethingWentWrong: 'Bir sorun oluştu',
    tryLater: `Sorunla ilgileniyoruz. ${LATER}`,
    refreshUserFailed: 'Kullanıcı bilgileri yenilenemedi.',
    missingEmbeddedWallet: 'Güncellenen kullanıcı bilgilerinde yerleşik cüzdan yok.',
    passwordAfterCreateFailed: 'Cüzdan oluşturuldu ancak şifresi belirlenemedi',
    passkeyFallback: {
      unavailable: { login: PASSKEY_LOST + BY_LOGIN, password: PASSKEY_LOST + BY_PASSWORD },
      skipped: { login: NO_PASSKEY + BY_LOGIN, password: NO_PASSKEY + BY_PASSWORD },
    },
    creationFailed: 'Cüzdan oluşturulamadı',
    settingPasswordFailed: 'Cüzdanın şifresi belirlenemedi',
    onlyOneWallet: 'Şu anda kullanıcı başına yalnızca bir cüzdana izin veriliyor',
    walletTimeout: 'Cüzdan zaman aşımına uğradı',
    embeddedWalletError: 'Yerleşik cüzdan hatası',
    mustHaveWallet: 'Şifre eklemek için bir cüzdanınız olmalı',
    passwordAlreadySet: 'Bu cüzdanın zaten bir şifresi var',
    mustBeAuthenticatedBeforeSigning: 'İmzalamak için önce giriş yapmalısınız',
    unableToConnect: 'Cüzdana bağlanılamıyor',
    unableToRecover: 'Cüzdan kurtarılamıyor',
    walletNotConnected: 'Cüzdan bağlı değil',
    userRejected: 'İstek reddedildi.',
    exitedPasswordFlow: 'Şifre belirleme işleminden çıkıldı',
    requestPending: 'Başka bir istek zaten bekliyor',
    rateLimited: 'Çok fazla istek. Lütfen biraz bekleyip tekrar deneyin.',
    insufficientFunds: 'Cüzdanda bu işlem için yeterli bakiye yok.',
    preparingFailed: 'İşleminiz hazırlanırken bir hata oluştu. Lütfen tekrar deneyin.',
    processingFailed: 'İşleminiz işlenirken bir hata oluştu. Lütfen destek ekibiyle iletişime geçin.',
    addFunds: 'Para yükle',
  },
};
