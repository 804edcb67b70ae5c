/**
 * The texts of the mails and SMS the provider sends, one module a language beside this file
 * (en.ts, ja.ts, …), each a `MessageTexts`: a missing key, or a text with other parameters, fails
 * `tsc`. Each language follows its glossary (docs/i18n/glossary-<language>.md). The code and the
 * app's name go in as they are; a text for HTML gets them escaped.
 */
export interface MessageTexts {
  /** The `lang` of an HTML mail's body. */
  lang: string;
  dir: 'ltr' | 'rtl';
  /** The login code mail: subject, the line with the code (plain text), the line before it (HTML). */
  loginSubject(code: string, app: string): string;
  loginLine(code: string, app: string): string;
  loginIntro(app: string): string;
  loginExpiry(minutes: number): string;
  /** The SMS with a login code, and with an MFA or step-up code. */
  smsLogin(code: string, app: string, minutes: number): string;
  smsVerification(code: string, app: string, minutes: number): string;
}
