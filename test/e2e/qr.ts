import jsQR from 'jsqr';
import type { Locator } from 'playwright-core';

/** Reads the QR code on screen as a phone's camera would: its pixels, through a QR decoder. */
export async function scan(qr: Locator): Promise<string> {
  const { width, height, pixels } = await qr.evaluate(async (svg) => {
    const size = 400;
    const clone = svg.cloneNode(true) as SVGElement;
    clone.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
    clone.setAttribute('width', String(size));
    clone.setAttribute('height', String(size));
    const image = new Image();
    image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(clone.outerHTML)}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = size + 40;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d canvas');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(image, 20, 20, size, size);
    const data = context.getImageData(0, 0, canvas.width, canvas.height);
    return { width: data.width, height: data.height, pixels: Array.from(data.data) };
  });
  const code = jsQR(Uint8ClampedArray.from(pixels), width, height);
  if (!code) throw new Error('the QR code on screen could not be read');
  return code.data;
}
