import { afterEach, describe, expect, it, vi } from 'vitest';
import { button, cleanupWidget, dialogName, mountWidget, openLogin } from '../helpers/widget.js';

afterEach(cleanupWidget);

const accent = (widget: ReturnType<typeof mountWidget>) =>
  getComputedStyle(widget.shadow.host).getPropertyValue('--gh-accent').trim();

describe('init() then login() at once', () => {
  it("the modal's first frame already has init()'s configuration", async () => {
    const widget = mountWidget();
    // The modal's files are here already (a settled page): only init()'s own work is left.
    await openLogin(widget);
    button(widget.shadow, 'Close').click();
    await vi.waitFor(() => expect(dialogName(widget.shadow)).toBeUndefined());

    const configured = widget.handle.call('init', [{ appearance: { accentColor: '#FF7A00' } }]);
    await widget.handle.call('login', []);
    expect(dialogName(widget.shadow)).toBe('Log in or sign up');
    expect(accent(widget)).toBe('#FF7A00');
    await configured;
  });
});
