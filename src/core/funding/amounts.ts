/**
 * The amounts of a purchase as the status screen shows them (§3, §9): what was paid (base), what
 * was bought (quote) and the fees, from MoonPay's numbers. Fiat with 2 decimals in the currency
 * paid ('$100.00', '€20.50'; '<$0.01' when tiny), tokens with up to 6 decimals without trailing
 * zeros ('0.047725 ETH'; '<0.001' when tiny), as the shown language writes numbers ('100,00 $'
 * in German).
 */
import type { FiatOnRampStatus } from '../../protocol/funding.js';
import { shownLanguage } from '../locale.js';

/** Below this a fiat amount shows as '<' and this amount (§9). */
const FIAT_TINY = 0.01;
/** Below this a token amount shows as '<0.001' (§9). */
const TOKEN_TINY = 0.001;

export interface FundingAmounts {
  /** What the customer pays before fees, in the currency paid: '$100.00'. */
  base?: string;
  /** What the wallet receives: '0.047725 ETH'. */
  quote?: string;
  /** MoonPay's fee, the app's extra fee and the network fee together, in the currency paid: '$4.55'. */
  fees?: string;
}

/**
 * Numbers as the shown language writes them (the wallet's own amounts: wallet/number.ts, which
 * this chunk does not import: it would share a chunk with the wallet's).
 */
const numbers = (options: Intl.NumberFormatOptions) => new Intl.NumberFormat(shownLanguage(), options);

/** A fiat amount in `currencyCode` (ISO 4217, any case): 2 decimals, '<$0.01' when tiny. */
export function formatFiatAmount(amount: number, currencyCode: string): string {
  const code = currencyCode.toUpperCase();
  const format = (value: number) => {
    try {
      return numbers({ style: 'currency', currency: code }).format(value);
    } catch {
      return `${value.toFixed(2)} ${code}`;
    }
  };
  if (amount > 0 && amount < FIAT_TINY) return `<${format(FIAT_TINY)}`;
  return format(amount);
}

/**
 * A token amount (§9): up to 6 decimals, trailing zeros trimmed, '<0.001' when tiny. Rounded half
 * up on the number's shortest decimal form (Intl), so 0.0477255 is 0.047726 as written.
 */
export function formatTokenAmount(amount: number): string {
  const format = (value: number) => numbers({ maximumFractionDigits: 6, useGrouping: false }).format(value);
  return amount > 0 && amount < TOKEN_TINY ? `<${format(TOKEN_TINY)}` : format(amount);
}

/** The symbol of a MoonPay currency code: 'eth' → 'ETH', 'usdc_polygon' → 'USDC'. */
export function currencySymbol(code: string): string {
  return (code.split('_')[0] ?? code).toUpperCase();
}

/** The amounts of a status that carries them; each one absent when MoonPay has not set it yet. */
export function formatFundingAmounts(status: FiatOnRampStatus): FundingAmounts {
  const paidIn = status.baseCurrency?.code ?? 'usd';
  const amounts: FundingAmounts = {};
  if (status.baseCurrencyAmount !== undefined)
    amounts.base = formatFiatAmount(status.baseCurrencyAmount, paidIn);
  if (status.quoteCurrencyAmount !== undefined) {
    const symbol = status.currency ? ` ${currencySymbol(status.currency.code)}` : '';
    amounts.quote = `${formatTokenAmount(status.quoteCurrencyAmount)}${symbol}`;
  }
  const fees = [status.feeAmount, status.extraFeeAmount, status.networkFeeAmount].filter(
    (fee): fee is number => fee !== undefined,
  );
  if (fees.length > 0)
    amounts.fees = formatFiatAmount(
      fees.reduce((sum, fee) => sum + fee, 0),
      paidIn,
    );
  return amounts;
}
