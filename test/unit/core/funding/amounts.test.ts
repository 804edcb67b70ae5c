import { describe, expect, it } from 'vitest';
import {
  currencySymbol,
  formatFiatAmount,
  formatFundingAmounts,
  formatTokenAmount,
} from '../../../../src/core/funding/index.js';

describe('the amounts of a purchase (§3, §9)', () => {
  it('base, quote and fees of a status as MoonPay answers them', () => {
    expect(
      formatFundingAmounts({
        status: 'completed',
        baseCurrencyAmount: 100,
        quoteCurrencyAmount: 0.047725,
        feeAmount: 3.99,
        extraFeeAmount: 0,
        networkFeeAmount: 0.56,
        baseCurrency: { code: 'usd' },
        currency: { code: 'eth' },
      }),
    ).toEqual({ base: '$100.00', quote: '0.047725 ETH', fees: '$4.55' });
  });

  it('in the currency paid, with the symbol of the token bought', () => {
    expect(
      formatFundingAmounts({
        status: 'pending',
        baseCurrencyAmount: 1234.5,
        quoteCurrencyAmount: 1200,
        feeAmount: 30,
        baseCurrency: { code: 'eur' },
        currency: { code: 'usdc_polygon' },
      }),
    ).toEqual({ base: '€1,234.50', quote: '1200 USDC', fees: '€30.00' });
  });

  it('leaves out what MoonPay has not set yet', () => {
    expect(formatFundingAmounts({ status: 'notStarted' })).toEqual({});
    expect(formatFundingAmounts({ status: 'pending', baseCurrencyAmount: 50 })).toEqual({ base: '$50.00' });
    expect(formatFundingAmounts({ status: 'pending', quoteCurrencyAmount: 0.5 })).toEqual({ quote: '0.5' });
  });

  it('fiat: 2 decimals, rounded; tiny as <$0.01; an unknown currency code still shows', () => {
    expect(formatFiatAmount(4.550000000000001, 'usd')).toBe('$4.55');
    expect(formatFiatAmount(0.005, 'USD')).toBe('<$0.01');
    expect(formatFiatAmount(0, 'usd')).toBe('$0.00');
    expect(formatFiatAmount(20, 'gbp')).toBe('£20.00');
    expect(formatFiatAmount(12.3, 'zz1')).toBe('12.30 ZZ1');
  });

  it('tokens: up to 6 decimals, rounded, trailing zeros trimmed; tiny as <0.001', () => {
    expect(formatTokenAmount(0.0477254)).toBe('0.047725');
    expect(formatTokenAmount(0.0477255)).toBe('0.047726');
    expect(formatTokenAmount(1.5)).toBe('1.5');
    expect(formatTokenAmount(2)).toBe('2');
    expect(formatTokenAmount(0.0009)).toBe('<0.001');
    expect(formatTokenAmount(0)).toBe('0');
    expect(currencySymbol('eth')).toBe('ETH');
    expect(currencySymbol('ETH_ETHEREUM')).toBe('ETH');
  });
});
