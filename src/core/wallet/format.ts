/**
 * Amounts as the wallet screens show them (§9), computed on bigints so no amount ever goes through
 * floating point: wei ↔ decimal strings, token amounts (up to 6 decimals, '<0.000001' when tiny),
 * dollars (2 decimals, '<$0.01' when tiny), shown as the shown language writes numbers
 * (number.ts); short addresses are short-address.ts.
 */
import { DEFAULT_NATIVE_SYMBOL, NATIVE_CURRENCY_DECIMALS } from '../../protocol/chains.js';
import { WALLET_MESSAGES } from '../errors/wallet-messages.js';
import { localToken, localUsd } from './number.js';
import { invalidParams } from './provider-error.js';

const pow10 = (n: number): bigint => 10n ** BigInt(n);

/** `value / 10^decimals` written exactly, without trailing zeros: 1500000000000000000n → '1.5'. */
export function formatUnits(value: bigint, decimals: number = NATIVE_CURRENCY_DECIMALS): string {
  const sign = value < 0n ? '-' : '';
  const abs = value < 0n ? -value : value;
  const whole = abs / pow10(decimals);
  const fraction = (abs % pow10(decimals)).toString().padStart(decimals, '0').replace(/0+$/, '');
  return `${sign}${whole}${fraction ? `.${fraction}` : ''}`;
}

/**
 * A decimal string in units of `10^-decimals`: ('1.5', 18) → 1500000000000000000n. More fraction
 * digits than `decimals` are refused, unless `round` is set (then rounded half up).
 */
export function parseUnits(
  value: string,
  decimals: number = NATIVE_CURRENCY_DECIMALS,
  options: { round?: boolean } = {},
): bigint {
  const match = /^(-?)(\d*)(?:\.(\d*))?$/.exec(value.trim());
  if (!match || (match[2] === '' && !match[3])) throw invalidParams(WALLET_MESSAGES.invalidQuantity('value'));
  const [, sign, whole = '', fraction = ''] = match;
  let kept = fraction.slice(0, decimals);
  const dropped = fraction.slice(decimals);
  if (/[1-9]/.test(dropped) && !options.round) throw invalidParams(WALLET_MESSAGES.invalidQuantity('value'));
  kept = kept.padEnd(decimals, '0');
  let units = BigInt(whole || '0') * pow10(decimals) + BigInt(kept || '0');
  if (options.round && dropped !== '' && dropped.charCodeAt(0) >= 53 /* '5' */) units += 1n;
  return sign === '-' ? -units : units;
}

/** A finite JavaScript number written as a plain decimal string (no exponent): 1e-7 → '0.0000001'. */
export function numberToDecimalString(value: number): string {
  if (!Number.isFinite(value)) throw invalidParams(WALLET_MESSAGES.invalidQuantity('value'));
  const text = String(value);
  if (!/e/i.test(text)) return text;
  const [mantissa = '', exponentText = '0'] = text.toLowerCase().split('e');
  const exponent = Number(exponentText);
  const negative = mantissa.startsWith('-');
  const [int = '', frac = ''] = mantissa.replace('-', '').split('.');
  const digits = int + frac;
  const point = int.length + exponent;
  let out: string;
  if (point <= 0) out = `0.${'0'.repeat(-point)}${digits}`;
  else if (point >= digits.length) out = digits + '0'.repeat(point - digits.length);
  else out = `${digits.slice(0, point)}.${digits.slice(point)}`;
  return negative ? `-${out}` : out;
}

/** Gwei (a number or decimal string, as gas stations answer) in wei, rounded to the nearest wei. */
export function gweiToWei(value: number | string): bigint {
  return parseUnits(typeof value === 'number' ? numberToDecimalString(value) : value, 9, { round: true });
}

/**
 * Below this a token amount shows as '<0.000001': the last of its 6 decimals, so a fee is shown to
 * the same precision as the total beside it ('0.000063', not '<0.001' beside '0.050063').
 */
const TOKEN_TINY_DISPLAY = '0.000001';
/** Below one cent a dollar amount shows as '<$0.01' (§9). */
const USD_TINY_DISPLAY = '0.01';

/**
 * A token amount (§9): at most 6 fraction digits (rounded half up), trailing zeros trimmed,
 * '<0.000001' for a positive amount under that, as the shown language writes numbers (number.ts).
 * `1234567800000000000000n` → '1234.5678' ('1234,5678' in German).
 */
export function formatTokenAmount(value: bigint, decimals: number = NATIVE_CURRENCY_DECIMALS): string {
  const tiny = value > 0n && value < parseUnits(TOKEN_TINY_DISPLAY, decimals);
  return tiny ? `<${localToken(TOKEN_TINY_DISPLAY)}` : localToken(formatUnits(value, decimals));
}

/** A native amount with its symbol: '0.05 ETH' (§9). */
export function formatNativeAmount(
  value: bigint,
  currency: { symbol: string; decimals: number } = {
    symbol: DEFAULT_NATIVE_SYMBOL,
    decimals: NATIVE_CURRENCY_DECIMALS,
  },
): string {
  return `${formatTokenAmount(value, currency.decimals)} ${currency.symbol}`;
}

/** A dollar amount (§9): 2 decimals, '<$0.01' for a positive amount under a cent. 1234.5 → '$1,234.50'. */
export function formatUsd(amount: number | string): string {
  const exact = parseUnits(typeof amount === 'number' ? numberToDecimalString(amount) : amount, 18, {
    round: true,
  });
  if (exact > 0n && exact < parseUnits(USD_TINY_DISPLAY, 18)) return `<${localUsd(USD_TINY_DISPLAY)}`;
  return localUsd(formatUnits(exact, 18));
}

/**
 * The dollar value of a native amount at `usdPrice` dollars per whole token (the token price
 * lookup's `usd`), as {@link formatUsd} writes it: (10n ** 18n, 3000.5) → '$3,000.50'.
 */
export function nativeToUsd(
  value: bigint,
  usdPrice: number,
  decimals: number = NATIVE_CURRENCY_DECIMALS,
): string {
  const priceText = numberToDecimalString(usdPrice);
  const scale = (priceText.split('.')[1] ?? '').length;
  const price = parseUnits(priceText, scale);
  // value × price in units of 10^-(decimals + scale) dollars; compared with a cent exactly, and
  // rounded half up to cents by Intl on the exact decimal (number.ts).
  const product = value * price;
  const unit = decimals + scale;
  if (product > 0n && product < pow10(unit - 2)) return `<${localUsd(USD_TINY_DISPLAY)}`;
  return localUsd(formatUnits(product, unit));
}
