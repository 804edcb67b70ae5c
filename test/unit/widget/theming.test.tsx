import { afterEach, describe, expect, it, vi } from 'vitest';
import { contrastRatio } from '../../../src/protocol/contrast.js';
import type { HostConfig } from '../../../src/protocol/index.js';
import { surfaceSrc } from '../../../src/widget/components/wallet/ProviderSurface.js';
import { FONT, lookOf } from '../../../src/widget/look.js';
import { cleanupWidget, dialog, mountWidget, openLogin } from '../helpers/widget.js';

afterEach(cleanupWidget);

/** A custom property of the look as the modal's elements inherit it from the shadow host. */
const property = (widget: ReturnType<typeof mountWidget>, name: string): string =>
  getComputedStyle(widget.shadow.host).getPropertyValue(`--gh-${name}`).trim();

async function themed(config: HostConfig) {
  const widget = mountWidget();
  await widget.handle.call('init', [config]);
  await openLogin(widget);
  return widget;
}

describe('theming (appearance.theme, appearance.variables)', () => {
  it('the light theme and its palette by default', async () => {
    const widget = await themed({});
    expect(property(widget, 'background')).toBe('#FFFFFF');
    expect(property(widget, 'foreground')).toBe('#040217');
    expect(property(widget, 'radius')).toBe('12px');
    expect(property(widget, 'fontSize')).toBe('14px');
    // #676FFF is under 4.5:1 on white: as text and as a fill under white text, it is darkened.
    expect(property(widget, 'accent')).toBe('#676FFF');
    expect(contrastRatio(property(widget, 'accentText'), '#FFFFFF')).toBeGreaterThanOrEqual(4.5);
    expect(
      contrastRatio(property(widget, 'accentFill'), property(widget, 'onAccent')),
    ).toBeGreaterThanOrEqual(4.5);
  });

  it("the host's variables reach the rendered modal as custom properties", async () => {
    const widget = await themed({
      appearance: {
        theme: 'dark',
        variables: {
          accent: '#FF7A00',
          background: '#101828',
          foreground: '#F9FAFB',
          muted: '#98A2B3',
          radius: '4px',
          fontFamily: '"Inter", system-ui, sans-serif',
          fontSize: '15px',
        },
      },
    });
    await vi.waitFor(() => expect(property(widget, 'background')).toBe('#101828'));
    expect(property(widget, 'foreground')).toBe('#F9FAFB');
    expect(property(widget, 'muted')).toBe('#98A2B3');
    expect(property(widget, 'accent')).toBe('#FF7A00');
    expect(property(widget, 'radius')).toBe('4px');
    expect(property(widget, 'fontFamily')).toBe('"Inter", system-ui, sans-serif');
    expect(property(widget, 'fontSize')).toBe('15px');
    // The dark palette's border, and the orange as a fill under dark text (white is under 3:1 on it).
    expect(property(widget, 'border')).toBe('#3A3B52');
    expect(property(widget, 'onAccent')).toBe('#040217');
    expect(dialog(widget.shadow)).not.toBeNull();
  });

  it('refuses invalid variables with a warning naming each, and keeps the valid ones', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const widget = await themed({
      appearance: {
        variables: {
          accent: 'red; background: url(https://evil.test)',
          background: '#0F172A',
          radius: '1rem',
          fontSize: '100px',
          fontFamily: 'x; } :host { display: none',
          // @ts-expect-error: not a variable
          shadow: '0 0 1px red',
        },
      },
    });
    await vi.waitFor(() => expect(property(widget, 'background')).toBe('#0F172A'));
    expect(property(widget, 'accent')).toBe('#676FFF');
    expect(property(widget, 'radius')).toBe('12px');
    expect(property(widget, 'fontSize')).toBe('14px');
    expect(property(widget, 'fontFamily')).toMatch(/^system-ui/);
    const warned = warn.mock.calls.map(([message]) => String(message));
    for (const field of ['accent', 'radius', 'fontSize', 'fontFamily', 'shadow']) {
      expect(warned).toContainEqual(expect.stringContaining(`appearance.variables.${field} = `));
    }
    expect(warned.join('\n')).not.toContain('appearance.variables.background');
  });

  it("theme 'system' follows prefers-color-scheme, also when it changes while open", async () => {
    let dark = true;
    const listeners = new Set<MediaQueryList>();
    const real = window.matchMedia.bind(window);
    vi.stubGlobal('matchMedia', (query: string) => {
      if (query !== '(prefers-color-scheme: dark)') return real(query);
      const list = {
        get matches() {
          return dark;
        },
        onchange: null as null | (() => void),
      } as unknown as MediaQueryList;
      listeners.add(list);
      return list;
    });
    const widget = await themed({ appearance: { theme: 'system' } });
    expect(property(widget, 'background')).toBe('#1E1E2D');
    // The widget listens once its effects have run.
    await vi.waitFor(() => expect([...listeners].some((list) => list.onchange)).toBe(true));
    dark = false;
    for (const list of listeners) list.onchange?.call(list, new Event('change') as MediaQueryListEvent);
    await vi.waitFor(() => expect(property(widget, 'background')).toBe('#FFFFFF'));
  });

  it("the surface's address carries the modal's look, checked values only", () => {
    const look = lookOf('dark', { accent: '#FF7A00', radius: '4px' }, '#676FFF');
    const src = new URL(surfaceSrc('https://auth.test/apps/a/embedded-wallets/surface?prompt=p1', look));
    expect(Object.fromEntries(src.searchParams)).toEqual({
      prompt: 'p1',
      accent: '#FF7A00',
      background: '#1E1E2D',
      foreground: '#F4F4F6',
      muted: '#A3A4B8',
      radius: '4px',
      fontFamily: FONT,
      fontSize: '14px',
    });
  });

  it("the surface's address carries the modal's language, when it is not English", () => {
    const look = lookOf('light', {}, '#676FFF');
    const url = 'https://auth.test/apps/a/embedded-wallets/surface?prompt=p1';
    expect(new URL(surfaceSrc(url, look, 'ar')).searchParams.get('lang')).toBe('ar');
    expect(new URL(surfaceSrc(url, look, 'en')).searchParams.has('lang')).toBe(false);
    // Without a widget root on the page, English.
    expect(new URL(surfaceSrc(url, look)).searchParams.has('lang')).toBe(false);
  });

  it("rejects a theme that is neither 'light', 'dark' nor 'system' at init", async () => {
    const widget = mountWidget();
    await expect(widget.handle.call('init', [{ appearance: { theme: 'blue' as 'dark' } }])).rejects.toThrow(
      'Invalid Gatehouse configuration: appearance.theme = "blue".',
    );
  });
});
