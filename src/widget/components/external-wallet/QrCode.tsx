import { useMemo } from 'react';
import { qrPath } from '../../../core/wallet/external/qr.js';
import { useExternalWalletStyles } from '../../external-wallet-styles.js';

/** A QR code of `value` as an SVG (no canvas, no data URI): dark modules on white, 160 px. */
export function QrCode({ value, label }: { value: string; label: string }) {
  const s = useExternalWalletStyles();
  const { size, path } = useMemo(() => qrPath(value), [value]);
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
