/**
 * The surface's query (`prompt`, and the modal's theme variables, protocol/theme.ts) and its look:
 * the modal's colours, radius and font, with every text colour kept at 4.5:1 or more against the
 * background.
 */
import { accentShades, contrastRatio, readableOn } from '../../protocol/contrast.js';
import { SURFACE_QUERY } from '../../protocol/surface.js';
import { type ThemeVariables, themeVariables } from '../../protocol/theme.js';

export interface SurfaceParams {
  prompt: string;
  colours: ThemeVariables;
}

/** A prompt id as the wallet frame makes them: printable ASCII, short. */
const PROMPT = /^[\x21-\x7e]{1,128}$/;
/** The modal's light palette (src/widget/look.ts), where the host gave no colour. */
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

/** The theme variables of a query string (the surface's, the passkey window's), well-formed ones only. */
export const readColours = (search: string): ThemeVariables =>
  themeVariables(Object.fromEntries(new URLSearchParams(search)));

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

/**
 * CSS variables of the theme: background, foreground, a muted text and borders mixed from them,
 * the accent as text and as a button's fill with the text colour on it, the error colour, and the
 * radius and font where the modal gave them (surface.css has the defaults).
 */
export function themeOf(v: ThemeVariables): Record<string, string | undefined> {
  const background = v.background ?? DEFAULTS.background;
  const foreground = v.foreground ?? DEFAULTS.foreground;
  const shades = accentShades(v.accent ?? DEFAULTS.accent, background);
  return {
    '--gh-background': background,
    '--gh-foreground': foreground,
    '--gh-muted': readableOn(v.muted ?? mix(foreground, background, 0.72), background),
    '--gh-border': mix(foreground, background, 0.16),
    // Field borders: 3:1 against the background (WCAG non-text contrast) for the usual themes.
    '--gh-field': mix(foreground, background, 0.45),
    '--gh-subtle': mix(foreground, background, 0.06),
    '--gh-accent-text': shades.text,
    '--gh-accent': shades.fill,
    '--gh-on-accent': shades.onAccent,
    '--gh-error': readableOn(DEFAULTS.error, background),
    '--gh-warning': readableOn(DEFAULTS.warning, background),
    '--gh-radius': v.radius,
    '--gh-font': v.fontFamily,
    '--gh-font-size': v.fontSize,
    'color-scheme':
      contrastRatio(background, '#000000') < contrastRatio(background, '#FFFFFF') ? 'dark' : 'light',
  };
}

/** Applies the theme to the document (CSSOM: allowed under `style-src 'self'`). */
export function applyTheme(doc: Document, colours: ThemeVariables): void {
  const style = doc.documentElement.style;
  for (const [name, value] of Object.entries(themeOf(colours))) if (value) style.setProperty(name, value);
}
