/**
 * The bodies of the email and SMS one-time-code calls (§7 passwordless/*, passwordless_sms/*). The
 * calls that send a code, and the logins with it, carry the widget's language (`locale`, a BCP 47
 * tag): the language of the mail or SMS, kept as the user's for later ones.
 */

export interface PasswordlessInitBody {
  email: string;
  /** Captcha token, when captcha is enabled. */
  token?: string;
  /** The widget's language, a BCP 47 tag: the mail's or SMS's language (else Accept-Language's). */
  locale?: string;
}

export interface PasswordlessAuthenticateBody {
  email: string;
  code: string;
  /** The widget's language, kept as the user's for later mails and SMS. */
  locale?: string;
}

/** `passwordless/link` (bearer): answers the updated user. */
export type PasswordlessLinkBody = PasswordlessAuthenticateBody;

/** `passwordless/unlink` (bearer): answers the updated user. */
export interface PasswordlessUnlinkBody {
  address: string;
}

/** `passwordless/update` (bearer): the code went to `newAddress`; answers the updated user. */
export interface PasswordlessUpdateBody {
  oldAddress: string;
  newAddress: string;
  code: string;
}

export interface SmsInitBody {
  phoneNumber: string;
  /** Captcha token, when captcha is enabled. */
  token?: string;
  /** The widget's language, a BCP 47 tag: the mail's or SMS's language (else Accept-Language's). */
  locale?: string;
}

/** `passwordless_sms/authenticate` and `/link` (bearer; answers the updated user). */
export interface SmsAuthenticateBody {
  phoneNumber: string;
  code: string;
  /** The widget's language, kept as the user's for later mails and SMS. */
  locale?: string;
}

/** `passwordless_sms/unlink` (bearer): answers the updated user. */
export interface SmsUnlinkBody {
  phoneNumber: string;
}
