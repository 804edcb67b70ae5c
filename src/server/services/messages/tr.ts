import type { MessageTexts } from './texts.js';

export const TR: MessageTexts = {
  lang: 'tr',
  dir: 'ltr',
  loginSubject: (code, app) => `${app} giriş kodunuz: ${code}`,
  loginLine: (code, app) => `${app} giriş kodunuz: ${code}`,
  loginIntro: (app) => `${app} giriş kodunuz:`,
  loginExpiry: (minutes) =>
    `Kodun süresi ${minutes} dakika içinde doluyor. Giriş yapmayı siz denemediyseniz bu e-postayı yok sayabilirsiniz.`,
  smsLogin: (code, app, minutes) =>
    `${app} giriş kodunuz: ${code}. Kodun süresi ${minutes} dakika içinde doluyor.`,
  smsVerification: (code, app, minutes) =>
    `${app} doğrulama kodunuz: ${code}. Kodun süresi ${minutes} dakika içinde doluyor.`,
  purposeNewDevice: 'Cüzdanınızı yeni bir cihaza yükleme',
  purposeLink: (label) => `Hesabınıza yeni bir giriş yolu ekleme (${label})`,
  purposeUnlink: (label) => `Hesabınızdan bir giriş yolunu kaldırma (${label})`,
  purposeUpdate: (label) => `E-posta adresinizi değiştirme (yeni adres: ${label})`,
  purposeMfaEnroll: 'Yeni bir iki adımlı doğrulama yöntemi ekleme',
  purposeMfaUnenroll: 'Bir iki adımlı doğrulama yöntemini kaldırma',
  stepUpSubject: (code, app) => `${app} kimlik doğrulama kodunuz: ${code}`,
  stepUpAsked: (purpose, app, code) =>
    `${app} hizmetinde şu işlem için bir istek yapıldı: ${purpose}. Bu siz idiyseniz kodu istendiği yere girin: ${code}`,
  codeExpiry: (minutes) => `Kodun süresi ${minutes} dakika içinde doluyor.`,
  stepUpNotYou: (purpose, app) =>
    `Bu siz değilseniz kodu kimseyle paylaşmayın. Kodu alan kişi şu işlemi yapabilir: ${purpose}. Tanımadığınız cihazlarda ${app} hesabınızdan çıkış yapın.`,
  changeUpdatedSubject: (app) => `${app} e-posta adresiniz değiştirildi`,
  changeLinkedSubject: (app) => `${app} hesabınıza yeni bir giriş yolu eklendi`,
  changeUpdated: (app, label) => `${app} e-posta adresiniz değiştirildi. Yeni adres: ${label}`,
  changeLinked: (app, label) =>
    `${app} hesabınıza yeni bir giriş yolu eklendi: ${label}. Artık bununla sizin adınıza giriş yapılabilir.`,
  changeAdvice: (app, until) =>
    `Bunu siz yaptıysanız yapmanız gereken bir şey yok. Siz yapmadıysanız ${app} hesabınıza giriş yapın ve bunu şu tarihten önce kaldırın: ${until}. O zamana kadar bu yol, yeni bir cihaz veya bir değişiklik için kimliğinizi doğrulamakta kullanılamaz.`,
  newDeviceSubject: (app) => `${app} cüzdanınız yeni bir cihazda kurtarıldı`,
  newDeviceRecovered: (app, address, when) =>
    `${app} cüzdanınız yeni bir cihazda kurtarıldı (${when}). Cüzdan adresi: ${address}`,
  newDeviceYou: 'Bunu siz yaptıysanız yapmanız gereken bir şey yok.',
  newDeviceAdvice: (app) =>
    `Siz yapmadıysanız ${app} hesabınıza giriş yapın, tanımadığınız cihazları cüzdanınızdan kaldırın ve giriş yönteminizi (e-postanız veya iki adımlı doğrulama) güvenceye alın.`,
};
