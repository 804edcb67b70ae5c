/**
 * The Portuguese locale as spoken in Brazil, the chunk lazy/locale-pt.js (core/locale.ts loads it
 * for pt-BR, and for any other pt tag). Its terms are those of docs/i18n/glossary-pt.md. No text's
 * words change with a count (a digit's label takes its number, not a plural): none needs
 * Intl.PluralRules('pt') yet.
 */
import { localeChunk } from '../apply.js';
import { FIRST_MODAL } from './login.js';
import { SCREENS } from './screens.js';
import { WALLET } from './wallet.js';

export const { show } = localeChunk('pt-BR', { ...FIRST_MODAL, ...SCREENS, ...WALLET });
