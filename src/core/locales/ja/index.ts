/**
 * The Japanese locale, the chunk lazy/locale-ja.js (core/locale.ts loads it). Its terms are those
 * of docs/i18n/glossary-ja.md. Japanese has no plural forms: counts need no Intl.PluralRules here.
 */
import { localeChunk } from '../apply.js';
import { CODE_TEXT, ERROR_SCREEN_TEXT, FLOW_MESSAGES, OUTAGE_TEXT, UI_TEXT } from './login.js';

export const { show } = localeChunk('ja', {
  UI_TEXT,
  ERROR_SCREEN_TEXT,
  OUTAGE_TEXT,
  FLOW_MESSAGES,
  CODE_TEXT,
});
