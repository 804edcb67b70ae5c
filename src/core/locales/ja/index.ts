/**
 * The Japanese locale, one lazy chunk (core/locale.ts loads it). Its terms are those of
 * docs/i18n/glossary-ja.md. Japanese has no plural forms: counts need no Intl.PluralRules here.
 */
import { localeChunk } from '../apply.js';
import { LOGIN } from './login.js';

const { UI_TEXT, ERROR_SCREEN_TEXT, OUTAGE_TEXT, FLOW_MESSAGES } = LOGIN;

export const { show } = localeChunk('ja', { UI_TEXT, ERROR_SCREEN_TEXT, OUTAGE_TEXT, FLOW_MESSAGES });
