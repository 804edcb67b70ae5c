/**
 * Turkish: what the first modal and the code entry show (terms: docs/i18n/glossary-tr.md), put
 * over the English objects the locale chunk imports (core/locales/catalogue.ts ENGLISH).
 */
import type { FirstModalTexts } from '../catalogue.js';

const CHECK_CONNECTION = 'Bağlantınızı kontrol edip yeniden deneyin.';
const LATER = 'Lütfen daha sonra tekrar deneyin.';

export const FIRST_MODAL: FirstModalTexts = {
  UI_TEXT: {
    loginTitle: 'Giriş yap veya kaydol',
    loadingTitle: 'Yükleniyor',
    emailLabel: 'E-posta adresi',
    emailPlaceholder: 'ornek@eposta.com',
    submit: 'Gönder',
    termsFooter: 'Giriş yaparak Hizmet Şartlarını kabul ediyorum',
    // Followed by the links: "…: Hizmet Şartları ve Gizlilik Politikası" (the verb cannot come last).
    termsFooterStart: 'Giriş yaparak şunları kabul ediyorum:',
    terms: 'Hizmet Şartları',
    and: 've',
    privacyPolicy: 'Gizlilik Politikası',
    moreOptions: 'Diğer seçenekler',
    otherSocials: 'Diğer sosyal hesaplar',
    otherWallets: 'Diğer cüzdanlar',
    continueWithWallet: 'Cüzdanla devam et',
    continueWithEmail: 'E-postayla devam et',
    continueWithSms: 'SMS ile devam et',
    continueWithFarcaster: 'Farcaster ile devam et',
    loginWithPasskey: 'Geçiş anahtarıyla giriş yap',
    continueWith: (provider) => `${provider} ile devam et`,
    linkSuccess: 'Hesap bağlandı',
    loginSuccess: 'Giriş yapıldı',
    loadingPhoneField: 'Telefon alanı yükleniyor…',
    digit: (n) => `${n}. hane`,
    resendCode: 'Kodu tekrar gönder',
    verifying: 'Doğrulanıyor…',
    close: 'Kapat',
    back: 'Geri',
    protectedBy: 'Gatehouse ile korunuyor',
    appLogo: (name) => `${name} logosu`,
  },
  ERROR_SCREEN_TEXT: {
    timedOutTitle: 'Zaman aşımı',
    tryAgain: 'Tekrar dene',
    somethingWentWrong: 'Bir sorun oluştu',
    tryAgainLater: 'Lütfen daha sonra tekrar deneyin',
    notAllowed: 'İzin verilmiyor',
    tryAnotherMethod: 'Başka bir yöntem dene',
    back: 'Geri',
    invalidCredentials: 'Bir sorun oluştu. Lütfen tekrar deneyin.',
    authenticationFailed: 'Kimlik doğrulama başarısız oldu',
    captchaTimeout: `Bir sorun oluştu. ${LATER}`,
    invalidCaptcha: 'Lütfen tekrar deneyin.',
  },
  OUTAGE_TEXT: {
    unreachable: 'Giriş hizmetine ulaşılamadı',
    checkConnection: CHECK_CONNECTION,
    retry: 'Yeniden dene',
    close: 'Kapat',
  },
  CODE_TEXT: {
    codeTitle: 'Doğrulama kodunu girin',
    // Followed by the address or number the code went to.
    codeSentTo: 'Lütfen e-postanızı kontrol edin. Kodun gönderildiği adres:',
    codeSentToPhone: 'Lütfen telefonunuzu kontrol edin. Kodun gönderildiği numara:',
    updateSuccess: 'E-posta adresi güncellendi',
    codeResent: 'Yeni bir kod gönderildi.',
    didNotGetCode: 'Kod gelmedi mi?',
  },
  FLOW_MESSAGES: {
    noAuthFlow: 'Devam eden bir giriş işlemi yok.',
    tooManyRequests: 'Çok fazla istek. Lütfen tekrar denemeden önce biraz bekleyin.',
    mailDeliveryFailed: `Giriş kodu gönderilemedi. ${LATER}`,
    linkedToAnotherUser: 'Bu hesap zaten başka bir kullanıcıya bağlı.',
  },
};
