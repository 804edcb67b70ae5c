/**
 * The recovery password (§5): its rules, the strength meter, the confirmation, a generated password,
 * and the recovery file's name (§4.6).
 */
import { PASSWORD_MIN_LENGTH } from '../../protocol/constants.js';
import {
  PASSWORD_ENTROPY_DIVISOR,
  PASSWORD_MEDIUM_ABOVE,
  PASSWORD_STRONG_ABOVE,
  PASSWORD_SYMBOLS,
  PASSWORD_VARIETY_MIN_LENGTH,
  RECOVERY_FILE_SUFFIX,
} from '../../protocol/wallet-constants.js';
import { PASSWORD_TEXT } from '../errors/wallet-messages.js';

const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const UPPER = LOWER.toUpperCase();
const DIGITS = '0123456789';
/** Spaces too: a passphrase of words is easy to remember and hard to guess (NIST SP 800-63B). */
const ALLOWED = new Set(`${LOWER}${UPPER}${DIGITS}${PASSWORD_SYMBOLS} `);

/** The characters of a password that §5 does not allow, each once, in order of appearance. */
export function invalidPasswordCharacters(password: string): string[] {
  return [...new Set([...password].filter((c) => !ALLOWED.has(c)))];
}

export interface PasswordValidation {
  /** Continue is enabled only when valid (§5). */
  valid: boolean;
  /** What the field says; null while empty or when valid. */
  error: string | null;
}

/**
 * §5: letters, digits and ! @ # $ % ^ & * ( ) - _ + only ('Invalid characters used ( ... )'), and
 * spaces (the README's deviations), at least 6 characters ('Password must be at least 6
 * characters'). Empty is invalid without a message.
 */
export function validatePassword(password: string): PasswordValidation {
  if (password === '') return { valid: false, error: null };
  const invalid = invalidPasswordCharacters(password);
  if (invalid.length > 0) {
    const shown = invalid.map((c) => (c.trim() === '' ? PASSWORD_TEXT.space : c)).join(' ');
    return { valid: false, error: PASSWORD_TEXT.invalidCharacters(shown) };
  }
  if ([...password].length < PASSWORD_MIN_LENGTH) return { valid: false, error: PASSWORD_TEXT.tooShort };
  return { valid: true, error: null };
}

/** The confirming step (§5): 'Passwords do not match' unless equal exactly; nothing while empty. */
export function passwordConfirmationError(password: string, confirmation: string): string | null {
  if (confirmation === '' || confirmation === password) return null;
  return PASSWORD_TEXT.mismatch;
}

/** The final step may submit only with the acknowledgement ticked and a valid, confirmed password (§5). */
export function canSubmitPassword(password: string, confirmation: string, acknowledged: boolean): boolean {
  return acknowledged && validatePassword(password).valid && password === confirmation;
}

const CLASSES: readonly string[] = [LOWER, UPPER, DIGITS, PASSWORD_SYMBOLS];

/**
 * The meter's score in [0, 1] (§5): the mean of the variety score (length of 8 or more, a lowercase
 * letter, an uppercase letter, a digit, a symbol: a fifth each) and the entropy estimate (length ×
 * log2 of the size of the character classes used) divided by 95, capped at 1.
 */
export function passwordStrengthScore(password: string): number {
  const chars = [...password];
  if (chars.length === 0) return 0;
  const used = CLASSES.filter((set) => chars.some((c) => set.includes(c)));
  const variety = (used.length + (chars.length >= PASSWORD_VARIETY_MIN_LENGTH ? 1 : 0)) / 5;
  const pool = used.reduce((sum, set) => sum + set.length, 0);
  const bits = pool > 1 ? chars.length * Math.log2(pool) : 0;
  const entropy = Math.min(1, bits / PASSWORD_ENTROPY_DIVISOR);
  return (variety + entropy) / 2;
}

export type PasswordStrengthLevel = 'weak' | 'medium' | 'strong';

export interface PasswordStrength {
  level: PasswordStrengthLevel;
  /** 'Weak', 'Medium' or 'Strong'. */
  label: string;
  score: number;
}

/** §5: Strong above 0.9, Medium above 0.5, else Weak. */
export function passwordStrength(password: string): PasswordStrength {
  const score = passwordStrengthScore(password);
  const level: PasswordStrengthLevel =
    score > PASSWORD_STRONG_ABOVE ? 'strong' : score > PASSWORD_MEDIUM_ABOVE ? 'medium' : 'weak';
  return { level, label: PASSWORD_TEXT.strength[level], score };
}

/** Length of {@link generateRecoveryPassword}'s passwords: Strong on the meter. */
const GENERATED_PASSWORD_LENGTH = 20;

/**
 * A random password of the allowed characters (§4.6 'user-set or generated') with every character
 * class in it, from the CSPRNG with rejection sampling (no modulo bias).
 */
export function generateRecoveryPassword(length: number = GENERATED_PASSWORD_LENGTH): string {
  const alphabet = [...ALLOWED];
  const limit = 256 - (256 % alphabet.length);
  for (;;) {
    let password = '';
    while (password.length < length) {
      for (const byte of globalThis.crypto.getRandomValues(new Uint8Array(length * 2))) {
        if (byte < limit && password.length < length) password += alphabet[byte % alphabet.length];
      }
    }
    if (length < CLASSES.length || CLASSES.every((set) => [...password].some((c) => set.includes(c)))) {
      return password;
    }
  }
}

/**
 * The recovery file's name (§4.6): the app name lowercased with letters and hyphens only (spaces
 * become hyphens), then '-gatehouse-wallet-recovery.txt'. 'My Cool App!' → 'my-cool-app-gatehouse-wallet-recovery.txt'.
 * An app name that has the provider's name in it already does not get it twice: 'Gatehouse Demo'
 * → 'gatehouse-demo-wallet-recovery.txt'.
 */
export function recoveryFileName(appName: string): string {
  const slug = appName
    .toLowerCase()
    .replace(/[\s_]+/g, '-')
    .replace(/[^a-z-]/g, '')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
  if (!slug) return RECOVERY_FILE_SUFFIX.slice(1);
  const provider = RECOVERY_FILE_SUFFIX.split('-')[1];
  const named = slug.split('-').includes(provider ?? '');
  return `${slug}${named ? RECOVERY_FILE_SUFFIX.replace(`-${provider}`, '') : RECOVERY_FILE_SUFFIX}`;
}
