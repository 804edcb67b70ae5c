/**
 * Turkish: the login screens that load lazily (consent, allowlist, links, phone, captcha, OAuth,
 * passkeys, Farcaster; terms: docs/i18n/glossary-tr.md), put over their English objects as those
 * load (core/text/registry.ts).
 */
import type { ScreenTexts } from '../catalogue.js';

const TRY_AGAIN = 'Lütfen tekrar deneyin.';
const COME_BACK = 'ardından buraya dönün.';

export const SCREENS: ScreenTexts = {
  CONSENT_TEXT: {
    title: 'Son bir adım',
    detail: 'Devam etmeden önce lütfen bu uygulamanın şartlarını inceleyip kabul edin.',
    viewTerms: 'Hizmet Şartlarını görüntüle',
    viewPrivacyPolicy: 'Gizlilik Politikasını görüntüle',
    decline: 'Hayır, teşekkürler',
    accept: 'Kabul et',
    acceptFailed: `Yanıtınız kaydedilemedi. ${TRY_AGAIN}`,
  },
  ALLOWLIST_TEXT: {
    title: 'Bu uygulamaya erişiminiz yok',
    detail: 'Davet aldınız mı?',
    cta: 'Başka bir hesap dene',
  },
  LINK_TEXT: {
    linkEmailTitle: 'E-posta adresinizi bağlayın',
    linkPhoneTitle: 'Telefon numaranızı bağlayın',
    updateEmailTitle: 'E-posta adresinizi güncelleyin',
    updateEmailCurrent: 'Mevcut e-posta adresiniz:',
  },
  PHONE_TEXT: {
    phoneLabel: 'Telefon numarası',
    countryLabel: 'Ülke',
    phonePlaceholder: 'Telefon numarası',
  },
  CAPTCHA_MESSAGES: {
    title: 'İnsan olduğunuzu doğrulayın',
    ready: 'Güvenlik kontrolü hazırlanıyor…',
    loading: 'İnsan olduğunuz kontrol ediliyor…',
    success: 'Başarılı! Devam ediliyor…',
    successNeedsIntent: 'Başarılı!',
    continue: 'Devam et',
    didNotPass: `CAPTCHA doğrulamasını geçemediniz. ${TRY_AGAIN}`,
    adblockerHint: 'Reklam engelleyici veya VPN kullanıyorsanız bunları kapatıp tekrar deneyin.',
    captchaFailed: 'CAPTCHA doğrulaması başarısız oldu',
  },
  OAUTH_UI_TEXT: {
    oauthVerifying: (provider) => `${provider} bağlantısı doğrulanıyor`,
    oauthVerifyingDetail: 'Birkaç saniye daha',
    oauthConnected: (provider) => `${provider} ile bağlantı kuruldu`,
    oauthRedirecting: (provider) => `${provider} sayfasına yönlendiriliyorsunuz`,
    inAppBrowserTitle: 'Bu hizmetle giriş yapılamadı',
  },
  OAUTH_MESSAGES: {
    userDenied: 'Giriş onayı reddedildi',
    invalidCode: 'Giriş sırasında geçersiz bir kod alındı.',
    unexpectedFlow: 'Beklenmeyen giriş akışı; bir kimlik avı girişimi olabilir',
    missingVerifier: 'Kimlik doğrulama hatası.',
    retry: (provider) =>
      `Tekrar deneyin ve hesabınızı bağlamayı tamamlamak için ${provider} hesabınızı kontrol edin.`,
    accountSuspended: (provider) =>
      `${provider} hesabınız askıya alındı. Lütfen başka bir giriş yöntemi deneyin.`,
    inAppBrowser:
      'Uygulama içi bir tarayıcı kullanıyor gibisiniz. Giriş yapmak için lütfen harici bir tarayıcıda tekrar deneyin.',
  },
  PASSWORDLESS_MESSAGES: {
    invalidEmail: 'Lütfen geçerli bir e-posta adresi girin.',
    emailRequired: 'Kod göndermek için e-posta adresi gerekli.',
    phoneRequired: 'Kod göndermek için telefon numarası gerekli.',
    invalidPhone: 'Lütfen geçerli bir telefon numarası girin.',
    codeShouldBeNumeric: 'Kod yalnızca rakamlardan oluşmalı',
    passcodeOnlyNumbers: 'Kod yalnızca rakam içerebilir',
    passcodeExactLength: 'Kod tam olarak 6 haneli olmalı',
    invalidOrExpiredCode: 'Doğrulama kodu geçersiz veya süresi dolmuş',
    issueVerifyingCode: 'Kod doğrulanamadı',
  },
  PASSKEY_TEXT: {
    linkTitle: 'Geçiş anahtarı ekle',
    recoveryTitle: 'Cüzdanınızı geçiş anahtarıyla koruyun',
    loginOff: 'Bu uygulamada geçiş anahtarıyla giriş açık değil',
    recoverySet: 'Cüzdanınız artık geçiş anahtarınızla korunuyor',
    mustHaveWallet: 'Geçiş anahtarıyla korumak için bir cüzdanınız olmalı',
    alreadySet: 'Bu cüzdan zaten bir geçiş anahtarıyla korunuyor',
    noPrf:
      'Bu geçiş anahtarı bir cüzdanı koruyamaz: cihazı veya tarayıcısı bunu desteklemiyor. Bunun yerine bir kurtarma şifresi belirleyin veya başka bir cihazdaki geçiş anahtarını kullanın.',
    exitedRecoveryFlow: 'Geçiş anahtarı kurulumundan çıkıldı',
    recoveryFailed: 'Cüzdana geçiş anahtarı eklenemedi',
    failed: `Geçiş anahtarı kullanılamadı. ${TRY_AGAIN}`,
  },
  FARCASTER_UI_TEXT: {
    connectTitle: 'Farcaster ile giriş yap',
    scan: 'Farcaster ile giriş yapmak için telefonunuzun kamerasıyla tarayın.',
    qrLabel: 'Farcaster ile giriş için QR kodu',
    copyLink: 'Bağlantıyı kopyala',
    openApp: 'Farcaster uygulamasını aç',
    onPhone: `Farcaster uygulamasında Farcaster hesabınızla giriş yapın, ${COME_BACK}`,
    waiting: 'Giriş yapmanız bekleniyor…',
    connected: 'Farcaster ile bağlantı kuruldu',
    signerTitle: 'Farcaster uygulamasında onaylayın',
    signerScan:
      'Bu uygulamanın sizin adınıza Farcaster üzerinde paylaşım yapmasına izin vermek için telefonunuzun kamerasıyla tarayın.',
    signerQrLabel: 'Bu uygulamayı Farcaster uygulamasında onaylamak için QR kodu',
    signerOnPhone: `Bu uygulamayı Farcaster uygulamasında onaylayın, ${COME_BACK}`,
    signerWaiting: 'Onayınız bekleniyor…',
    signerApproved: 'Onaylandı',
    tryAgain: 'Tekrar dene',
    connectTimeout: 'İsteğin süresi doldu. Tekrar deneyin.',
    signerFailedTitle: 'Bağlantı kurulamadı',
    signerFailedDetail: 'Bir sorun oluştu. Lütfen tekrar deneyin.',
    signerRejectedTitle: 'İstek reddedildi',
    signerRejectedDetail: 'İstek reddedildi. Lütfen tekrar deneyin.',
  },
};
