/**
 * The German locale, the chunk lazy/locale-de.js (core/locale.ts loads it). Its terms are those
 * of docs/i18n/glossary-de.md, in the "Sie" form throughout. No text counts anything but a digit's
 * place (`Ziffer 3`), so none needs Intl.PluralRules.
 */
import { localeChunk } from '../apply.js';
import { FIRST_MODAL } from './login.js';
import { SCREENS } from './screens.js';
import { WALLET } from './wallet.js';

export const { show } = localeChunk('de', { ...FIRST_MODAL, ...SCREENS, ...WALLET });
