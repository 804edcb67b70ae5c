import { useMemo } from 'react';
import { qrPath } from '../../../core/wallet/external/qr.js';
import { useExternalWalletStyles } from '../../external-wallet-styles.js';

/** A QR code of `value` as an SVG (no canvas, no data URI): dark modules on white, 160 px. */
export function QrCode({ value, label, level }: { value: string; label: string; level?: 'M' | 'H' }) {
  const s = useExternalWalletStyles();
  const { size, path } = useMemo(() => qrPath(value, level), [value, level]);
  return (
    <svg
      className={s.qr}
      viewBox={`-2 -2 ${size + 4} ${size + 4}`}
      role="img"
      aria-label={label}
      shape-rendering="crispEdges"
    >
      <path d={path} fill="#000000" />
    </svg>
  );
}
