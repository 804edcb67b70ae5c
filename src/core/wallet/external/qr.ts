/**
 * The WalletConnect pairing QR code (§2.2): the module matrix of a `wc:` URI as one SVG path, so
 * the screen draws it without inline styles or images (CSP-safe) and a test can decode it.
 */
import qrcode from 'qrcode-generator';

export interface QrPath {
  /** Modules per side, quiet zone excluded. */
  size: number;
  /** An SVG path of 1×1 squares, one per dark module, in module units. */
  path: string;
}

/** Error correction 'M': a wc: URI is long, and M keeps the modules large enough to scan at 160 px. */
export function qrPath(text: string, level: 'L' | 'M' | 'Q' | 'H' = 'M'): QrPath {
  const code = qrcode(0, level);
  code.addData(text, 'Byte');
  code.make();
  const size = code.getModuleCount();
  let path = '';
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      if (code.isDark(row, col)) path += `M${col} ${row}h1v1h-1z`;
    }
  }
  return { size, path };
}
