/**
 * Numbers as the shown language writes them (Intl.NumberFormat): its decimal separator, grouping
 * and currency placement ('0,05', '1.234,56 $'). Western digits in every language: Arabic's
 * (the language 'ar', not a region) are Western in CLDR. An amount comes in as an exact decimal
 * string (format.ts computes it on bigints); Intl formats such a string exactly where the browser
 * supports it (ES2023), and through a double elsewhere, which keeps the 6 decimals shown.
 */
import { shownLanguage } from '../locale.js';

const numbers = (decimal: string, options: Intl.NumberFormatOptions): string =>
  new Intl.NumberFormat(shownLanguage(), options).format(decimal as unknown as number);

/** A token amount with at most 6 decimals, ungrouped as §9 writes it: '1234.5' → '1234,5' in German. */
export const localToken = (decimal: string): string =>
  numbers(decimal, { maximumFractionDigits: 6, useGrouping: false });

/** Dollars with their 2 decimals: '1234.5' → '$1,234.50', '1.234,50 $' in German. */
export const localUsd = (decimal: string): string => numbers(decimal, { style: 'currency', currency: 'USD' });
