/**
 * The French locale, the chunk lazy/locale-fr.js (core/locale.ts loads it). Its terms are those
 * of docs/i18n/glossary-fr.md. No text's words change with a count (a digit's label takes its
 * number, not a plural): none needs Intl.PluralRules('fr') yet. Before « : », « ? » and « ! »
 * stands a no-break space (\u00a0), as French typography wants.
 */
import { localeChunk } from '../apply.js';
import { FIRST_MODAL } from './login.js';
import { SCREENS } from './screens.js';
import { WALLET } from './wallet.js';

export const { show } = localeChunk('fr', { ...FIRST_MODAL, ...SCREENS, ...WALLET });
