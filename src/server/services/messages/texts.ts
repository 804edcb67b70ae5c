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
  /** The step-up's code mail: what the code approves (a clause), then the mail's lines and subject. */
  purposeNewDevice: string;
  purposeLink(label: string): string;
  purposeUnlink(label: string): string;
  purposeUpdate(label: string): string;
  purposeMfaEnroll: string;
  purposeMfaUnenroll: string;
  stepUpSubject(code: string, app: string): string;
  stepUpAsked(purpose: string, app: string, code: string): string;
  codeExpiry(minutes: number): string;
  stepUpNotYou(purpose: string, app: string): string;
  /** A way in added, or the email changed, without a step-up; `until` is a date and time. */
  changeUpdatedSubject(app: string): string;
  changeLinkedSubject(app: string): string;
  changeUpdated(app: string, label: string): string;
  changeLinked(app: string, label: string): string;
  changeAdvice(app: string, until: string): string;
  /** A new device recovered the user's wallet; `when` is a date and time. */
  newDeviceSubject(app: string): string;
  newDeviceRecovered(app: string, address: string, when: string): string;
  newDeviceYou: string;
  newDeviceAdvice(app: string): string;
}
