/** Input rules shared by the widget and the server (§5), so both sides accept exactly the same values. */

/** Local part, @, domain labels with letters, and a top-level part of at least 2 letters. */
const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,}$/;
/** RFC 5321 caps an address at 254 characters. */
const EMAIL_MAX_LENGTH = 254;

export function isValidEmail(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value);
}

/** Exactly six digits (§5). */
export const VERIFICATION_CODE_PATTERN = /^[0-9]{6}$/;

/** A phone number in E.164: '+', a country calling code and the national number, 7 to 15 digits (§3, §5). */
export const E164_PATTERN = /^\+[1-9][0-9]{6,14}$/;
