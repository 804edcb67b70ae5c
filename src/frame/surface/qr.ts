/**
 * The authenticator app's QR code as an inline SVG (no canvas, no data: URL, nothing styled
 * inline): qrcode-generator comes in a chunk of its own, fetched only by the view that shows one.
 */
const SVG = 'http://www.w3.org/2000/svg';

/** The QR code of `text`, labelled for assistive technology. */
export async function qrCode(text: string, label: string): Promise<SVGSVGElement> {
  const { qrPath } = await import('../../core/wallet/external/qr.js');
  const { size, path } = qrPath(text);
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', `-2 -2 ${size + 4} ${size + 4}`);
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', label);
  svg.setAttribute('shape-rendering', 'crispEdges');
  svg.setAttribute('class', 'qr');
  const dark = document.createElementNS(SVG, 'path');
  dark.setAttribute('d', path);
  dark.setAttribute('fill', '#000000');
  svg.append(dark);
  return svg;
}
