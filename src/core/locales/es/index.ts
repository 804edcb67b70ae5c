/**
 * The Spanish locale, the chunk lazy/locale-es.js (core/locale.ts loads it). Its terms are those
 * of docs/i18n/glossary-es.md. No text's words change with a count (a digit's label takes its
 * number, not a plural): none needs Intl.PluralRules('es') yet.
 */
import { localeChunk } from '../apply.js';
import { FIRST_MODAL } from './login.js';
import { SCREENS } from './screens.js';
import { WALLET } from './wallet.js';

export const { show } = localeChunk('es', { ...FIRST_MODAL, ...SCREENS, ...WALLET });
