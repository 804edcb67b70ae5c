/**
 * The Japanese locale, the chunk lazy/locale-ja.js (core/locale.ts loads it). Its terms are those
 * of docs/i18n/glossary-ja.md. Japanese has no plural forms: counts need no Intl.PluralRules here.
 */
import { localeChunk } from '../apply.js';
import { FIRST_MODAL } from './login.js';
import { SCREENS } from './screens.js';
import { WALLET } from './wallet.js';

export const { show } = localeChunk('ja', { ...FIRST_MODAL, ...SCREENS, ...WALLET });
