/**
 * WCAG 2 contrast of #rgb / #rrggbb colours, and the shade of a colour that reads against another
 * (AA, 4.5:1): how the widget keeps a host's accent for text and filled buttons legible.
 */

/** WCAG AA for normal text. */
export const AA_CONTRAST = 4.5;

const rgb = (hex: string): number[] => {
  const digits = hex.length === 4 ? hex.replace(/[0-9a-f]/gi, '$&$&').slice(1) : hex.slice(1);
  return [0, 2, 4].map((i) => Number.parseInt(digits.slice(i, i + 2), 16));
};

const hexOf = (channels: number[]): string =>
  `#${channels.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`.toUpperCase();

/** WCAG 2 relative luminance (0 black … 1 white). */
export function luminance(hex: string): number {
  const [r = 0, g = 0, b = 0] = rgb(hex).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two colours (1 … 21). */
export function contrastRatio(a: string, b: string): number {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((high ?? 0) + 0.05) / ((low ?? 0) + 0.05);
}

/**
 * `colour` as it is when it reaches 4.5:1 against `against`; otherwise the nearest shade of it
 * (mixed towards black, or white when `against` is dark) that does. Anything but #rgb / #rrggbb is
 * returned unchanged.
 */
export function readableOn(colour: string, against: string): string {
  if (!/^#([0-9a-f]{3}){1,2}$/i.test(colour) || !/^#([0-9a-f]{3}){1,2}$/i.test(against)) return colour;
  const target = contrastRatio('#000000', against) >= contrastRatio('#FFFFFF', against) ? 0 : 255;
  const from = rgb(colour);
  for (let step = 0; step <= 20; step++) {
    const shade = step === 0 ? colour : hexOf(from.map((c) => c + ((target - c) * step) / 20));
    if (contrastRatio(shade, against) >= AA_CONTRAST) return shade;
  }
  return target ? '#FFFFFF' : '#000000';
}

/**
 * A host's accent made legible (AA): `text`, the accent as text on `background`; `fill`, the accent
 * as a button's fill under `onAccent` — white unless the accent is too light for white even when
 * darkened a little, then near-black. A dark enough accent stays as it is.
 */
export function accentShades(accent: string, background: string) {
  const onAccent = contrastRatio(accent, '#FFFFFF') >= 3 ? '#FFFFFF' : '#040217';
  return { text: readableOn(accent, background), fill: readableOn(accent, onAccent), onAccent };
}
