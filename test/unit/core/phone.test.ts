import { describe, expect, it } from 'vitest';
import {
  countryList,
  formatAsTyped,
  formatPhoneNumber,
  initialCountry,
  phoneFieldOf,
  phoneInputResult,
} from '../../../src/core/phone.js';

describe('phone field rules (§3, §5)', () => {
  it('starts in the US, or the host default country when it exists', () => {
    expect(initialCountry(undefined)).toBe('US');
    expect(initialCountry('fr')).toBe('FR');
    expect(initialCountry('ZZ')).toBe('US');
  });

  it('formats the number as typed for the selected country', () => {
    expect(formatAsTyped('US', '201')).toBe('(201)');
    expect(formatAsTyped('US', '2015550')).toBe('(201) 555-0');
    expect(formatAsTyped('US', '2015550123')).toBe('(201) 555-0123');
    expect(formatAsTyped('GB', '07400123456')).toBe('07400 123456');
    expect(formatAsTyped('US', 'abc')).toBe('');
  });

  it('backspace over formatting erases the digit before it', () => {
    expect(formatAsTyped('US', '(201', '(201)')).toBe('20');
    expect(formatAsTyped('US', '(201) 555-', '(201) 555-0')).toBe('(201) 555');
  });

  it('qualifies the number as + calling code + national number, valid only for the selected country', () => {
    expect(phoneInputResult('US', '(201) 555-0123')).toEqual({
      rawPhoneNumber: '(201) 555-0123',
      qualifiedPhoneNumber: '+12015550123',
      countryCode: 'US',
      isValid: true,
    });
    expect(phoneInputResult('GB', '07400 123456')).toMatchObject({
      qualifiedPhoneNumber: '+447400123456',
      isValid: true,
    });
    expect(phoneInputResult('US', '201 555')).toMatchObject({
      qualifiedPhoneNumber: '+1201555',
      isValid: false,
    });
    // A French mobile number is not a valid number of the United States.
    expect(phoneInputResult('US', '0612345678').isValid).toBe(false);
    expect(phoneInputResult('FR', '06 12 34 56 78')).toMatchObject({
      qualifiedPhoneNumber: '+33612345678',
      isValid: true,
    });
    expect(phoneInputResult('US', '').isValid).toBe(false);
  });

  it('lists every country with its calling code, by name', () => {
    const countries = countryList('en');
    expect(countries.length).toBeGreaterThan(200);
    expect(countries.find((c) => c.code === 'US')).toEqual({
      code: 'US',
      name: 'United States',
      callingCode: '1',
    });
    expect(countries.find((c) => c.code === 'GB')?.callingCode).toBe('44');
    const names = countries.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });
});

describe('phone numbers shown to people', () => {
  it('formats a qualified number for reading, and leaves what does not parse as it is', () => {
    expect(formatPhoneNumber('+12015550123')).toBe('+1 201 555 0123');
    expect(formatPhoneNumber('+442079460958')).toBe('+44 20 7946 0958');
    expect(formatPhoneNumber('12')).toBe('12');
  });

  it('gives the phone field back its country and the number as typed', () => {
    expect(phoneFieldOf('+442079460958', 'US')).toEqual({
      country: 'GB',
      text: formatAsTyped('GB', '2079460958'),
    });
    expect(phoneFieldOf('+12015550123', 'GB')).toEqual({ country: 'US', text: '(201) 555-0123' });
    expect(phoneFieldOf('nonsense', 'FR')).toEqual({ country: 'FR', text: '' });
  });
});
