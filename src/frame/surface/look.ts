/**
 * The surface's query (`prompt`, and the host's theme colours of WALLET_FRAME_QUERY) and its look:
 * the modal's colours, with every text colour kept at 4.5:1 or more against the background.
 */
import { AA_CONTRAST, accentShades, contrastRatio, readableOn } from '../../protocol/contrast.js';
import { SURFACE_QUERY } from '../../protocol/surface.js';
import { WALLET_FRAME_QUERY } from '../../protocol/wallet-frame.js';

export interface SurfaceParams {
  prompt: string;
  colours: Partial<Record<'background' | 'foreground' | 'accent', string>>;
}

/** A prompt id as the wallet frame makes them: printable ASCII, short. */
const PROMPT = /^[\x21-\x7e]{1,128}$/;
const COLOUR = /^(#[0-9a-fA-F]{3,8}|(rgb|rgba|hsl|hsla)\([0-9.,%\s/a-z]*\))$/;
const HEX = /^#([0-9a-f]{3}){1,2}$/i;
/** The modal's light palette (src/widget/styles.ts), where the host gave no colour. */
const DEFAULTS = {
  background: '#FFFFFF',
  foreground: '#040217',
  accent: '#676FFF',
  error: '#D32F2F',
  /** The strength meter's 'Medium' (an amber), made legible on the background like the error. */
  warning: '#E8A317',
};

/** The surface's parameters from its query string; undefined without a well-formed prompt id. */
export function readSurfaceParams(search: string): SurfaceParams | undefined {
  const prompt = new URLSearchParams(search).get(SURFACE_QUERY.prompt);
  if (!prompt || !PROMPT.test(prompt)) return undefined;
  return { prompt, colours: readColours(search) };
}

/** The theme colours of a query string (the surface's, the passkey window's), well-formed ones only. */
export function readColours(search: string): SurfaceParams['colours'] {
  const query = new URLSearchParams(search);
  const colours: SurfaceParams['colours'] = {};
  for (const name of ['background', 'foreground', 'accent'] as const) {
    const value = query.get(WALLET_FRAME_QUERY[name])?.trim();
    if (value && COLOUR.test(value)) colours[name] = value;
  }
  return colours;
}

const channels = (hex: string): number[] => {
  const digits = hex.length === 4 ? hex.replace(/[0-9a-f]/gi, '$&$&').slice(1) : hex.slice(1);
  return [0, 2, 4].map((i) => Number.parseInt(digits.slice(i, i + 2), 16));
};

/** `share` of `a` over `b`, both #rgb / #rrggbb. */
function mix(a: string, b: string, share: number): string {
  const [x, y] = [channels(a), channels(b)];
  const out = x.map((c, i) => Math.round(c * share + (y[i] ?? 0) * (1 - share)));
  return `#${out.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

/** Text, border and surface shades mixed from the foreground over the background (hex colours only). */
function mixes(foreground: string, background: string): Record<string, string> {
  if (!HEX.test(background) || !HEX.test(foreground))
    return {
      '--gh-muted': foreground,
      '--gh-border': foreground,
      '--gh-field': foreground,
      '--gh-subtle': background,
    };
  const muted = mix(foreground, background, 0.72);
  return {
    '--gh-muted': contrastRatio(muted, background) >= AA_CONTRAST ? muted : foreground,
    '--gh-border': mix(foreground, background, 0.16),
    // Field borders: 3:1 against the background (WCAG non-text contrast) for the usual themes.
    '--gh-field': mix(foreground, background, 0.45),
    '--gh-subtle': mix(foreground, background, 0.06),
  };
}

/** The accent as text, as a button's fill and the text on it, and the error colour, legible (AA). */
function accents(accent: string, background: string): Record<string, string> {
  if (!HEX.test(background))
    return {
      '--gh-accent-text': accent,
      '--gh-accent': accent,
      '--gh-error': DEFAULTS.error,
      '--gh-warning': DEFAULTS.warning,
    };
  const shades = HEX.test(accent) ? accentShades(accent, background) : undefined;
  return {
    '--gh-accent-text': shades?.text ?? accent,
    '--gh-accent': shades?.fill ?? accent,
    '--gh-on-accent': shades?.onAccent ?? '#FFFFFF',
    '--gh-error': readableOn(DEFAULTS.error, background),
    '--gh-warning': readableOn(DEFAULTS.warning, background),
    'color-scheme':
      contrastRatio(background, '#000000') < contrastRatio(background, '#FFFFFF') ? 'dark' : 'light',
  };
}

/**
 * CSS variables of the theme: background, foreground, a muted text and borders mixed from them,
 * the accent as text and as a button's fill with the text colour on it, and the error colour.
 * Colours other than #rgb / #rrggbb are used as given (their contrast cannot be checked here).
 */
export function themeOf(colours: SurfaceParams['colours']): Record<string, string> {
  const background = colours.background ?? DEFAULTS.background;
  const foreground = colours.foreground ?? DEFAULTS.foreground;
  return {
    '--gh-background': background,
    '--gh-foreground': foreground,
    '--gh-on-accent': '#FFFFFF',
    'color-scheme': 'light',
    ...mixes(foreground, background),
    ...accents(colours.accent ?? DEFAULTS.accent, background),
  };
}

/** Applies the theme to the document (CSSOM: allowed under `style-src 'self'`). */
export function applyTheme(doc: Document, colours: SurfaceParams['colours']): void {
  const style = doc.documentElement.style;
  for (const [name, value] of Object.entries(themeOf(colours))) style.setProperty(name, value);
}
