/**
 * The phone field's rules (§3, §5) over libphonenumber-js. Only the lazy phone field imports this
 * module, so the library stays out of what loads before the login modal shows.
 */
import {
  AsYouType,
  type CountryCode,
  getCountries,
  getCountryCallingCode,
  parsePhoneNumberFromString,
} from 'libphonenumber-js';
import type { PhoneInputResult } from '../protocol/client.js';
import { DEFAULT_COUNTRY } from '../protocol/constants.js';

export interface Country {
  code: string;
  /** e.g. 'United States', in the page's language when the browser knows it. */
  name: string;
  /** e.g. '1'. */
  callingCode: string;
}

const SUPPORTED = new Set<string>(getCountries());

function isSupportedCountry(code: string | undefined): code is string {
  return code !== undefined && SUPPORTED.has(code.toUpperCase());
}

/** `intl.defaultCountry` when libphonenumber knows it, else US (§5, §9). */
export function initialCountry(preferred: string | undefined): string {
  return isSupportedCountry(preferred) ? preferred.toUpperCase() : DEFAULT_COUNTRY;
}

/** Every country with its calling code, sorted by name. */
export function countryList(locale?: string): Country[] {
  let names: Intl.DisplayNames | undefined;
  try {
    names = new Intl.DisplayNames(locale ? [locale] : undefined, { type: 'region' });
  } catch {
    names = undefined;
  }
  return getCountries()
    .map((code) => ({ code, name: names?.of(code) ?? code, callingCode: getCountryCallingCode(code) }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** The national digits the user typed (a leading '+' or other characters are dropped). */
const digitsOf = (text: string): string => text.replace(/\D+/g, '');

/**
 * Formats the number as typed for the selected country, e.g. '2015550' → '(201) 555-0'. Given the
 * previous value, erasing only formatting (the ')' of '(201)') erases the digit before it, so
 * backspace always makes progress.
 */
export function formatAsTyped(country: string, text: string, previous = ''): string {
  let digits = digitsOf(text);
  if (text.length < previous.length && digits === digitsOf(previous)) digits = digits.slice(0, -1);
  if (!digits) return '';
  return new AsYouType(country as CountryCode).input(digits);
}

/**
 * The phone input result (§3): the qualified number is '+' + calling code + national number, and
 * it is valid only when it is a valid number of the selected country.
 */
export function phoneInputResult(country: string, text: string): PhoneInputResult {
  const code = country as CountryCode;
  const digits = digitsOf(text);
  const parsed = digits ? parsePhoneNumberFromString(digits, code) : undefined;
  const national = parsed?.nationalNumber ?? digits;
  return {
    rawPhoneNumber: text,
    qualifiedPhoneNumber: `+${getCountryCallingCode(code)}${national}`,
    countryCode: code,
    isValid: Boolean(parsed?.isValid() && parsed.country === code),
  };
}

/** A qualified number ('+14155552671') as people read it: '+1 415 555 2671'; unchanged when it does not parse. */
export function formatPhoneNumber(qualified: string): string {
  return parsePhoneNumberFromString(qualified)?.formatInternational() ?? qualified;
}

/** The country and the as-typed text of a qualified number, to show it again in the phone field. */
export function phoneFieldOf(qualified: string, fallbackCountry: string): { country: string; text: string } {
  const parsed = parsePhoneNumberFromString(qualified);
  if (!parsed?.country) return { country: fallbackCountry, text: '' };
  return { country: parsed.country, text: formatAsTyped(parsed.country, parsed.nationalNumber) };
}
