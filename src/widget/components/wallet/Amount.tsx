import type { ReactNode } from 'react';
import { useWalletStyles } from '../../wallet-styles.js';

/** A token amount and its dollar value, as §9 formats them (already formatted by core). */
export interface AmountParts {
  /** '0.0021', '<0.000001'. */
  token: string;
  /** '$4.20', '<$0.01'; null when no price is known: the native amount only. */
  usd: string | null;
}

type PriceDisplay = 'fiat-currency' | 'native-token';

/**
 * An amount as the host's price display says (§9): dollars first unless the primary is the native
 * token (then no dollars at all), the secondary under them when it is the native amount; the native
 * amount alone when there is no price.
 */
export function AmountValue({
  amount,
  symbol,
  primary,
  secondary,
}: {
  amount: AmountParts;
  symbol: string;
  primary: PriceDisplay;
  secondary: PriceDisplay;
}) {
  const w = useWalletStyles();
  const native = `${amount.token} ${symbol}`;
  const usd = primary === 'fiat-currency' ? amount.usd : null;
  if (usd === null) return <>{native}</>;
  if (secondary !== 'native-token') return <>{usd}</>;
  return (
    <>
      {usd} <span className={w.secondaryValue}>{native}</span>
    </>
  );
}

/** One label/value line of a details block. */
export function DetailRow({ label, children, sub }: { label: string; children: ReactNode; sub?: boolean }) {
  const w = useWalletStyles();
  return (
    <div className={sub ? `${w.row} ${w.subRow}` : w.row}>
      <dt className={w.label}>{label}</dt>
      <dd className={w.value}>{children}</dd>
    </div>
  );
}
