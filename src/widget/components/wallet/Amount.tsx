import type { ReactNode } from 'react';
import { useWalletStyles } from '../../wallet-styles.js';

/** A token amount and its dollar value, as §9 formats them (already formatted by core). */
export interface AmountParts {
  /** '0.0021', '<0.001'. */
  token: string;
  /** '$4.20', '<$0.01'; null when no price is known: the native amount only. */
  usd: string | null;
}

/**
 * An amount, the primary currency first (§9: dollars unless the host chose the native token), the
 * other under it; the native amount alone when there is no price.
 */
export function AmountValue({
  amount,
  symbol,
  primary,
}: {
  amount: AmountParts;
  symbol: string;
  primary: 'fiat-currency' | 'native-token';
}) {
  const w = useWalletStyles();
  const native = `${amount.token} ${symbol}`;
  if (amount.usd === null) return <>{native}</>;
  const [first, second] = primary === 'native-token' ? [native, amount.usd] : [amount.usd, native];
  return (
    <>
      {first} <span className={w.secondaryValue}>{second}</span>
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
