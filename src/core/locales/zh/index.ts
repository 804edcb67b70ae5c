/**
 * The Simplified Chinese locale, the chunk lazy/locale-zh.js (core/locale.ts loads it). Its terms
 * are those of docs/i18n/glossary-zh.md. Chinese has no plural forms: counts need no
 * Intl.PluralRules here. A tag in Traditional characters (zh-TW, zh-HK, zh-Hant) does not show
 * it (protocol/language-tag.ts).
 */
import { localeChunk } from '../apply.js';
import { FIRST_MODAL } from './login.js';
import { SCREENS } from './screens.js';
import { WALLET } from './wallet.js';

export const { show } = localeChunk('zh', { ...FIRST_MODAL, ...SCREENS, ...WALLET });
