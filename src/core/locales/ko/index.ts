/**
 * The Korean locale, the chunk lazy/locale-ko.js (core/locale.ts loads it). Its terms are those
 * of docs/i18n/glossary-ko.md, in the polite 해요체. Korean has no plural forms: counts need no
 * Intl.PluralRules here. A name put into a text takes no particle that its last sound would
 * change (을/를, 이/가, 으로/로): the texts say `Google 계정으로`, `MetaMask 앱으로`, `MoonPay에서`.
 */
import { localeChunk } from '../apply.js';
import { FIRST_MODAL } from './login.js';
import { SCREENS } from './screens.js';
import { WALLET } from './wallet.js';

export const { show } = localeChunk('ko', { ...FIRST_MODAL, ...SCREENS, ...WALLET });
