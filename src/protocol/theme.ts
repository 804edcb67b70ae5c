/**
 * The host's theme variables (appearance.variables): what each may be before it reaches a style
 * of the modal or the surface's query. Colours are `#rgb` or `#rrggbb` (so that contrast can be
 * checked), radius 0–32 px, fontSize 10–24 px, fontFamily a font-family list of letters, digits,
 * spaces, quotes, commas and hyphens: never raw CSS.
 */

const COLOUR = /^#([0-9a-f]{3}){1,2}$/i;
const CHECKS = {
  accent: COLOUR,
  background: COLOUR,
  foreground: COLOUR,
  muted: COLOUR,
  radius: /^([12]?\d|3[0-2])px$/,
  fontFamily: /^[\w "',-]{1,200}$/,
  fontSize: /^(1\d|2[0-4])px$/,
};
export type ThemeVariables = Partial<Record<keyof typeof CHECKS, string>>;
export const THEME_VARIABLES = /* @__PURE__ */ Object.keys(CHECKS) as (keyof typeof CHECKS)[];

/**
 * The well-formed variables of `input` (an object of them); `refuse` hears of every other entry by
 * its name (the empty name: `input` itself is no object).
 */
export function themeVariables(
  input: unknown,
  refuse?: (name: string, value: unknown) => void,
): ThemeVariables {
  const safe: Record<string, string> = {};
  if (input !== undefined && (!input || typeof input !== 'object')) refuse?.('', input);
  else
    for (const [name, value] of Object.entries(input ?? {})) {
      if (Object.hasOwn(CHECKS, name) && typeof value === 'string' && CHECKS[name as 'radius'].test(value))
        safe[name] = value;
      else refuse?.(name, value);
    }
  return safe;
}

/**
 * The surface's query parameter, beside the theme variables, of the widget's language when it is
 * not English (core/locale.ts): the surface shows its texts in it, and in English a language it
 * has no texts for (frame/surface/locale.ts). Here, not in surface.ts: the widget's chunk of
 * surface.ts is in the wallet chunk's budget, this file's only in the surface frame's.
 */
export const LANG_QUERY = 'lang';
