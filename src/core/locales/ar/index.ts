/**
 * The Arabic locale, the chunk lazy/locale-ar.js (core/locale.ts loads it), written right to left.
 * Its terms are those of docs/i18n/glossary-ar.md. No text writes out a count whose words change
 * with it (the 6 of a code or a password is fixed, and `digit` names a position), so none needs
 * Intl.PluralRules('ar') yet: a text that does chooses its form with it.
 */
import { localeChunk } from '../apply.js';
import { FIRST_MODAL } from './login.js';
import { SCREENS } from './screens.js';
import { WALLET } from './wallet.js';

export const { show } = localeChunk('ar', { ...FIRST_MODAL, ...SCREENS, ...WALLET }, 'rtl');
