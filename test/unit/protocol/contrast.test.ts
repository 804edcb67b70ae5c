import { describe, expect, it } from 'vitest';
import {
  AA_CONTRAST,
  accentShades,
  contrastRatio,
  luminance,
  readableOn,
} from '../../../src/protocol/contrast.js';

const WHITE = '#FFFFFF';
const LIGHT_BACKGROUND = '#FFFFFF';
const DARK_BACKGROUND = '#1E1E2D';

describe('WCAG 2 contrast', () => {
  it('computes relative luminance and the contrast ratio as WCAG defines them', () => {
    expect(luminance('#000000')).toBe(0);
    expect(luminance('#FFFFFF')).toBeCloseTo(1, 10);
    expect(luminance('#fff')).toBeCloseTo(1, 10);
    expect(contrastRatio('#000', '#fff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#fff', '#fff')).toBe(1);
    // The brand accent under white text: 3.97:1, short of AA.
    expect(contrastRatio('#676FFF', WHITE)).toBeCloseTo(3.97, 2);
    // Order does not matter.
    expect(contrastRatio('#767676', WHITE)).toBeCloseTo(contrastRatio(WHITE, '#767676'), 10);
    expect(contrastRatio('#767676', WHITE)).toBeCloseTo(4.54, 2);
  });
});

describe('readableOn', () => {
  it('keeps a colour that already reaches 4.5:1', () => {
    expect(readableOn('#3B3FD1', WHITE)).toBe('#3B3FD1');
    expect(readableOn('#000000', WHITE)).toBe('#000000');
  });

  it('darkens a colour too light for a light background, just enough', () => {
    const shade = readableOn('#676FFF', WHITE);
    expect(shade).not.toBe('#676FFF');
    expect(contrastRatio(shade, WHITE)).toBeGreaterThanOrEqual(AA_CONTRAST);
    // Still the brand's blue-violet, not black: close to the threshold.
    expect(contrastRatio(shade, WHITE)).toBeLessThan(5.5);
    expect(shade).toMatch(/^#[0-9A-F]{6}$/);
  });

  it('lightens a colour too dark for a dark background', () => {
    const shade = readableOn('#676FFF', DARK_BACKGROUND);
    expect(contrastRatio(shade, DARK_BACKGROUND)).toBeGreaterThanOrEqual(AA_CONTRAST);
    expect(luminance(shade)).toBeGreaterThan(luminance('#676FFF'));
  });

  it('returns what it cannot parse unchanged', () => {
    expect(readableOn('rebeccapurple', WHITE)).toBe('rebeccapurple');
    expect(readableOn('#676FFF', 'white')).toBe('#676FFF');
  });
});

describe('accentShades: a host accent made legible for text and filled buttons', () => {
  it('#676FFF keeps white text on a slightly darker fill, and a darker shade as text', () => {
    const { text, fill, onAccent } = accentShades('#676FFF', LIGHT_BACKGROUND);
    expect(onAccent).toBe(WHITE);
    expect(contrastRatio(fill, onAccent)).toBeGreaterThanOrEqual(AA_CONTRAST);
    expect(contrastRatio(text, LIGHT_BACKGROUND)).toBeGreaterThanOrEqual(AA_CONTRAST);
  });

  it('yellow gets dark text on its own fill, and a dark shade of it as text', () => {
    const { text, fill, onAccent } = accentShades('#FFD400', LIGHT_BACKGROUND);
    expect(onAccent).toBe('#040217');
    expect(fill).toBe('#FFD400');
    expect(contrastRatio(fill, onAccent)).toBeGreaterThanOrEqual(AA_CONTRAST);
    expect(contrastRatio(text, LIGHT_BACKGROUND)).toBeGreaterThanOrEqual(AA_CONTRAST);
  });

  it('a dark accent stays as it is on a light theme, and is lightened as text on a dark one', () => {
    expect(accentShades('#1D2B8F', LIGHT_BACKGROUND)).toEqual({
      text: '#1D2B8F',
      fill: '#1D2B8F',
      onAccent: WHITE,
    });
    const dark = accentShades('#1D2B8F', DARK_BACKGROUND);
    expect(dark.fill).toBe('#1D2B8F');
    expect(contrastRatio(dark.text, DARK_BACKGROUND)).toBeGreaterThanOrEqual(AA_CONTRAST);
  });

  it('every accent a host may set gets AA text and fills, in both themes', () => {
    for (const accent of ['#676FFF', '#FFD400', '#00BFFF', '#FF8800', '#E91E63', '#777', '#fff', '#000']) {
      for (const background of [LIGHT_BACKGROUND, DARK_BACKGROUND]) {
        const { text, fill, onAccent } = accentShades(accent, background);
        expect(contrastRatio(text, background), `${accent} on ${background}`).toBeGreaterThanOrEqual(
          AA_CONTRAST,
        );
        expect(contrastRatio(fill, onAccent), `${onAccent} on ${accent}`).toBeGreaterThanOrEqual(AA_CONTRAST);
      }
    }
  });
});
