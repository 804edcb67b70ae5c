/**
 * The modal's look: the theme (light, dark, or the visitor's `prefers-color-scheme`, followed live)
 * and the host's theme variables over its palette, as `--gh-*` custom properties of the shadow
 * root's host element, which every style of the widget reads (styles.ts, wallet-styles.ts…). The
 * accent gets its AA shades on the background (protocol/contrast.ts), as text and as a fill.
 */
import { useEffect, useMemo, useState } from 'react';
import type { ResolvedConfig } from '../core/config.js';
import type { HostConfig, Theme } from '../protocol/client.js';
import { accentShades } from '../protocol/contrast.js';
import type { ThemeVariables } from '../protocol/theme.js';

/** Colours of a theme; the accent comes from the app or the host. */
const PALETTES = {
  light: {
    background: '#FFFFFF',
    foreground: '#040217',
    muted: '#64668B',
    border: '#E2E3F0',
    subtle: '#F1F2F9',
    error: '#D32F2F',
    success: '#16803C',
    backdrop: '#04021773',
  },
  dark: {
    background: '#1E1E2D',
    foreground: '#F4F4F6',
    muted: '#A3A4B8',
    border: '#3A3B52',
    subtle: '#2A2A3D',
    error: '#FF7B7B',
    success: '#4ADE80',
    backdrop: '#0009',
  },
} as const;

export const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

/** The look's values by custom property name (without `--gh-`). */
export type Look = ReturnType<typeof lookOf>;

export function lookOf(theme: Theme, variables: ThemeVariables, accentColor: string) {
  const look = {
    ...PALETTES[theme],
    accent: accentColor,
    radius: '12px',
    fontFamily: FONT,
    fontSize: '14px',
    ...variables,
  };
  const { text, fill, onAccent } = accentShades(look.accent, look.background);
  return { ...look, accentText: text, accentFill: fill, onAccent };
}

const DARK = '(prefers-color-scheme: dark)';

/** Whether the visitor's system prefers dark colours, re-rendering when that changes. */
function useSystemDark(): boolean {
  const query = useMemo(() => matchMedia(DARK), []);
  const [, changed] = useState({});
  useEffect(() => {
    query.onchange = () => changed({});
    return () => {
      query.onchange = null;
    };
  }, [query]);
  return query.matches;
}

const NONE: ThemeVariables = {};

/**
 * The host's variables, checked (core/settings/appearance.ts: a chunk of its own, fetched only
 * when the host sets some); null until then, none when that chunk cannot be had.
 */
function useVariables(host: HostConfig): ThemeVariables | null {
  const [checked, setChecked] = useState<[HostConfig, ThemeVariables]>();
  const given = host.appearance?.variables !== undefined;
  useEffect(() => {
    if (given)
      import('../core/settings/appearance.js').then(
        (checks) => setChecked([host, checks.themeVariablesOf(host)]),
        () => setChecked([host, NONE]),
      );
  }, [host, given]);
  return !given ? NONE : checked?.[0] === host ? checked[1] : null;
}

/** The look of the configuration as it is now; null while the host's variables are checked. */
export function useLook(config: ResolvedConfig, host: HostConfig): Look | null {
  const dark = useSystemDark();
  const variables = useVariables(host);
  const theme = config.theme === 'system' ? (dark ? 'dark' : 'light') : config.theme;
  return useMemo(
    () => variables && lookOf(theme, variables, config.accentColor),
    [theme, variables, config.accentColor],
  );
}
