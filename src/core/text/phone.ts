import { texts } from './registry.js';

/** The phone field's texts (§2.3): they load with the field's own chunk, not with the first modal. */
export const PHONE_TEXT = texts('PHONE_TEXT', {
  phoneLabel: 'Phone number',
  countryLabel: 'Country',
  phonePlaceholder: 'Phone number',
} as const);
