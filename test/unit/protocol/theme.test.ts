import { describe, expect, it, vi } from 'vitest';
import { themeVariables } from '../../../src/protocol/theme.js';

describe('themeVariables: what a host may set, never raw CSS', () => {
  it('keeps hex colours, px lengths in range and a plain font-family list', () => {
    const refuse = vi.fn();
    const values = {
      accent: '#0a7',
      background: '#101828',
      radius: '0px',
      fontSize: '24px',
      fontFamily: `'Inter', "Segoe UI", sans-serif`,
    };
    expect(themeVariables(values, refuse)).toEqual(values);
    expect(refuse).not.toHaveBeenCalled();
  });

  it('refuses everything else, by name', () => {
    const refuse = vi.fn();
    const safe = themeVariables(
      {
        accent: 'red',
        foreground: 'rgb(1,2,3); x: y',
        muted: '#12345',
        radius: '33px',
        fontSize: '9px',
        fontFamily: 'Inter; color: red',
        toString: 'x',
        background: 42,
      },
      refuse,
    );
    expect(safe).toEqual({});
    expect(refuse.mock.calls.map(([name]) => name)).toEqual([
      'accent',
      'foreground',
      'muted',
      'radius',
      'fontSize',
      'fontFamily',
      'toString',
      'background',
    ]);
    themeVariables('dark', refuse);
    expect(refuse).toHaveBeenLastCalledWith('', 'dark');
    expect(themeVariables(undefined, refuse)).toEqual({});
  });
});
