/**
 * The Turkish locale, the chunk lazy/locale-tr.js (core/locale.ts loads it). Its terms are those
 * of docs/i18n/glossary-tr.md: sentences address the user as "siz". A noun after a number stays
 * singular in Turkish ("6 haneli kod"), so no count needs Intl.PluralRules. A name put into a text
 * takes no suffix, whose vowel its sound would choose: "Google ile", "MetaMask bekleniyor".
 */
import { localeChunk } from '../apply.js';
import { FIRST_MODAL } from './login.js';
import { SCREENS } from './screens.js';
import { WALLET } from './wallet.js';

export const { show } = localeChunk('tr', { ...FIRST_MODAL, ...SCREENS, ...WALLET });
