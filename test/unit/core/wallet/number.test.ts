/**
 * Amounts in the shown language (core/wallet/number.ts): its decimal separator, grouping and
 * currency placement, Western digits always, and §9's rules (6 decimals at most, '<' under the
 * smallest shown) kept in every language.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

const shown = vi.hoisted(() => ({ language: 'en' }));
vi.mock('../../../../src/core/locale.js', () => ({ shownLanguage: () => shown.language }));

const { formatTokenAmount, nativeToUsd } = await import('../../../../src/core/wallet/format.js');
const { formatFiatAmount, formatTokenAmount: fundingToken } = await import(
  '../../../../src/core/funding/amounts.js'
);

const ETH = 10n ** 18n;
/** Intl's spaces (narrow no-break, no-break) as plain ones, and no bidi marks: what a reader sees. */
const seen = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ').replace(/[\u200e\u200f\u061c]/g, '');

afterEach(() => {
  shown.language = 'en';
});

describe('amounts in the shown language', () => {
  it('English writes them as §9 does', () => {
    expect(formatTokenAmount(1234567800000000000000n)).toBe('1234.5678');
    expect(formatTokenAmount(1n)).toBe('<0.000001');
    expect(nativeToUsd(ETH, 3000.5)).toBe('$3,000.50');
    expect(nativeToUsd(1n, 3000)).toBe('<$0.01');
    expect(formatFiatAmount(100, 'usd')).toBe('$100.00');
    expect(fundingToken(0.0477255)).toBe('0.047726');
  });

  it('German: a decimal comma, the dollar after, a thousands dot in money only', () => {
    shown.language = 'de';
    expect(formatTokenAmount(1234567800000000000000n)).toBe('1234,5678');
    expect(formatTokenAmount(1n)).toBe('<0,000001');
    expect(seen(nativeToUsd(1234n * ETH, 1))).toBe('1.234,00 $');
    expect(seen(nativeToUsd(1n, 3000))).toBe('<0,01 $');
    expect(seen(formatFiatAmount(20.5, 'eur'))).toBe('20,50 €');
  });

  it('French and Turkish their own way; Japanese as English; every digit exact', () => {
    shown.language = 'fr';
    expect(seen(nativeToUsd(1234n * ETH, 1))).toBe('1 234,00 $US');
    expect(formatTokenAmount(123456789012345678n)).toBe('0,123457');
    shown.language = 'tr';
    expect(formatTokenAmount(5n * 10n ** 16n)).toBe('0,05');
    shown.language = 'ja';
    expect(nativeToUsd(1234n * ETH, 1)).toBe('$1,234.00');
    expect(formatTokenAmount(987654321123456789012345n)).toBe('987654.321123');
  });

  it('Arabic in Western digits, as its code boxes and addresses', () => {
    shown.language = 'ar';
    const amount = seen(formatTokenAmount(15n * 10n ** 17n));
    expect(amount).toMatch(/^1[.,٫]5$/);
    expect(seen(nativeToUsd(ETH, 3000.5))).toMatch(/3,?000[.٫]50/);
    expect(`${amount}${nativeToUsd(ETH, 1)}`).not.toMatch(/[٠-٩]/);
  });
});
