/** Reads a QR code drawn as qrPath draws it (one 1×1 square per dark module), as a camera would. */
import jsQR, { type QRCode } from 'jsqr';

/** The modules of `path` (`size` a side) drawn as pixels with a quiet zone, then a QR decoder. */
export function readQrPath(size: number, path: string): QRCode | null {
  const scale = 4;
  const quiet = 4;
  const side = (size + 2 * quiet) * scale;
  const pixels = new Uint8ClampedArray(side * side * 4).fill(255);
  for (const [, col, row] of path.matchAll(/M(\d+) (\d+)h1v1h-1z/g)) {
    for (let y = 0; y < scale; y++) {
      for (let x = 0; x < scale; x++) {
        const px = (Number(col) + quiet) * scale + x;
        const py = (Number(row) + quiet) * scale + y;
        const i = (py * side + px) * 4;
        pixels[i] = pixels[i + 1] = pixels[i + 2] = 0;
      }
    }
  }
  return jsQR(pixels, side, side);
}
