import { afterEach, describe, expect, it, vi } from 'vitest';
import { hostOriginFrom, readFrameConfig } from '../../../src/frame/frame-config.js';
import { applyTheme, readSurfaceParams, themeOf } from '../../../src/frame/surface/look.js';
import { AA_CONTRAST, contrastRatio } from '../../../src/protocol/contrast.js';
import { SURFACE_MESSAGES } from '../../../src/protocol/surface.js';
import { WALLET_FRAME_CONFIG_META } from '../../../src/protocol/wallet-frame.js';
import { IDLE, mountHarness, PROMPT } from './surface-support.js';

const SIGN = {
  kind: 'sign-message',
  address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  message: 'hi',
} as const;

afterEach(() => {
  vi.useRealTimers();
  document.body.replaceChildren();
  document.head.replaceChildren();
  document.documentElement.removeAttribute('style');
});

describe('the surface page and its channel', () => {
  it('says hello for its prompt, shows a loading state, and takes only its own prompt’s views', () => {
    const h = mountHarness();
    expect(h.port.sent).toEqual([{ type: SURFACE_MESSAGES.hello, prompt: PROMPT }]);
    expect(h.root.querySelector('[role="status"]')?.textContent).toBe('Loading…');
    h.port.deliver({ type: SURFACE_MESSAGES.view, prompt: 'another', view: SIGN, state: IDLE });
    h.port.deliver({ type: SURFACE_MESSAGES.view, prompt: PROMPT, view: { kind: 'nope' }, state: IDLE });
    h.port.deliver({ type: SURFACE_MESSAGES.view, prompt: PROMPT, view: SIGN, state: { busy: 'yes' } });
    h.port.deliver({ type: SURFACE_MESSAGES.end, prompt: 'another' });
    h.port.deliver('junk');
    expect(h.root.querySelector('h1')).toBeNull();
    h.show(SIGN);
    expect(h.root.querySelector('h1')?.textContent).toBe('Sign message');
  });

  it('says the request is no longer waiting when no view comes, and still takes a late one', () => {
    vi.useFakeTimers();
    const h = mountHarness({ viewTimeoutMs: 3000 });
    vi.advanceTimersByTime(2999);
    expect(h.root.textContent).toBe('Loading…');
    vi.advanceTimersByTime(1);
    expect(h.root.textContent).toContain('This request is no longer waiting.');
    h.show(SIGN);
    expect(h.root.querySelector('h1')?.textContent).toBe('Sign message');
  });

  it('once the prompt is over: a neutral Done, no control, nothing more taken or sent', () => {
    const h = mountHarness();
    h.show(SIGN);
    h.port.deliver({ type: SURFACE_MESSAGES.end, prompt: PROMPT });
    expect(h.root.textContent).toBe('Done');
    expect(h.root.querySelectorAll('button, input')).toHaveLength(0);
    expect(h.port.listening).toBe(0);
    h.show(SIGN);
    expect(h.root.textContent).toBe('Done');
  });

  it('focuses each new view’s heading, and not again for a new state of the same view', () => {
    const h = mountHarness();
    h.show(SIGN);
    const heading = h.root.querySelector('h1');
    expect(document.activeElement).toBe(heading);
    h.button('Cancel').focus();
    h.show(SIGN, { busy: true, error: null });
    expect(document.activeElement).toBe(h.button('Cancel'));
    h.show({ ...SIGN, message: 'another' });
    expect(document.activeElement).toBe(h.root.querySelector('h1'));
  });
});

describe('the surface query, configuration and theme', () => {
  it("reads the prompt and the modal's theme variables, refusing unsafe values", () => {
    expect(
      readSurfaceParams(
        `?prompt=${PROMPT}&origin=x&caid=c&background=%23101010&foreground=rgb(1%2C2%2C3)&accent=red;x` +
          '&radius=4px&fontSize=16px&fontFamily=%22Inter%22%2C%20sans-serif&muted=url(x)',
      ),
    ).toEqual({
      prompt: PROMPT,
      colours: { background: '#101010', radius: '4px', fontSize: '16px', fontFamily: '"Inter", sans-serif' },
    });
    expect(readSurfaceParams('?origin=x')).toBeUndefined();
    expect(readSurfaceParams('?prompt=a%20b')).toBeUndefined();
  });

  it('reads the app and its origins from the meta tag, and takes only an allowed host origin', () => {
    const meta = document.createElement('meta');
    meta.name = WALLET_FRAME_CONFIG_META;
    meta.content = JSON.stringify({
      appId: 'app',
      allowedOrigins: ['https://host.example'],
      appName: 'Mine',
    });
    document.head.append(meta);
    expect(readFrameConfig(document)).toEqual({
      appId: 'app',
      allowedOrigins: ['https://host.example'],
      appName: 'Mine',
      enforceWalletUis: true,
    });
    const allowed = ['https://host.example'];
    expect(hostOriginFrom('?origin=https%3A%2F%2Fhost.example', allowed)).toBe('https://host.example');
    expect(hostOriginFrom('?origin=https%3A%2F%2Fhost.example%2F', allowed)).toBeNull();
    expect(hostOriginFrom('?origin=*', ['*'])).toBeNull();
    meta.content = '{"appId": 1}';
    expect(readFrameConfig(document)).toBeUndefined();
  });

  it('keeps every text colour at 4.5:1 on the theme background, light or dark', () => {
    for (const colours of [
      {},
      { background: '#1E1E2D', foreground: '#F4F4F6', accent: '#676FFF' },
      { background: '#FFFFFF', foreground: '#040217', accent: '#FFD000' },
      { background: '#000000', foreground: '#FFFFFF', accent: '#0000AA' },
    ]) {
      const theme = themeOf(colours);
      const background = theme['--gh-background']!;
      for (const name of ['--gh-foreground', '--gh-muted', '--gh-accent-text', '--gh-error', '--gh-warning'])
        expect(
          contrastRatio(theme[name]!, background),
          `${name} of ${JSON.stringify(colours)}`,
        ).toBeGreaterThanOrEqual(AA_CONTRAST);
      expect(contrastRatio(theme['--gh-on-accent']!, theme['--gh-accent']!)).toBeGreaterThanOrEqual(
        AA_CONTRAST,
      );
    }
    expect(themeOf({ background: '#1E1E2D', foreground: '#F4F4F6' })['color-scheme']).toBe('dark');
    applyTheme(document, { accent: '#FF0000', radius: '4px' });
    expect(document.documentElement.style.getPropertyValue('--gh-accent')).not.toBe('');
    expect(document.documentElement.style.getPropertyValue('--gh-radius')).toBe('4px');
  });
});
