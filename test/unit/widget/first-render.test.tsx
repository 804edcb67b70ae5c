import createEmotion from '@emotion/css/create-instance';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_PATHS } from '../../../src/protocol/api.js';
import type { Styles } from '../../../src/widget/styles.js';
import { staticModule } from '../../../vite.static-css.js';
import { cleanupWidget, dialog, mountWidget, openLogin } from '../helpers/widget.js';

afterEach(cleanupWidget);

describe("the modal's first render", () => {
  it('is styled when focus moves into it: the look is on the host before the first field takes focus', async () => {
    const widget = mountWidget();
    const host = widget.shadow.host as HTMLElement;
    const atFocus: string[] = [];
    widget.shadow.addEventListener('focusin', () => {
      atFocus.push(host.style.getPropertyValue('--gh-background'));
    });
    const modal = await openLogin(widget);
    expect(widget.shadow.activeElement).not.toBeNull();
    expect(modal.contains(widget.shadow.activeElement)).toBe(true);
    // One style and layout pass for the first frame: the card the focus laid out is the themed one.
    expect(atFocus[0]).toBe('#FFFFFF');
    expect(dialog(widget.shadow)).toBe(modal);
    // The open's analytics event goes out after the first paint: on the fake provider, not later.
    await vi.waitFor(() => expect(widget.provider.callsTo(API_PATHS.analyticsEvents)).not.toHaveLength(0));
  });
});

describe("the widget build's modal styles (vite.static-css.ts)", () => {
  /** The module the build puts in place of modal-styles.ts, run against an emotion on a shadow root. */
  function builtStyles() {
    const code = staticModule().replace('export function modalStyles', 'return function modalStyles');
    const modalStyles = new Function(code)() as (emotion: unknown) => Styles;
    const shadow = document.createElement('div').attachShadow({ mode: 'open' });
    const names = modalStyles(createEmotion({ key: 'gatehouse', container: shadow, speedy: false }));
    return { names, sheets: [...shadow.querySelectorAll('style')].map((style) => style.textContent ?? '') };
  }

  it("are one stylesheet with a rule for each of the modal's classes, unprefixed", () => {
    const { names, sheets } = builtStyles();
    expect(sheets).toHaveLength(1);
    const [text = ''] = sheets;
    expect(text.startsWith(':host{all:initial!important;display:block!important}')).toBe(true);
    for (const [key, name] of Object.entries(names)) {
      expect(name, key).toMatch(/^gh-[0-9a-z]+$/);
      expect(text, key).toContain(`.${name}`);
    }
    const dialogRule = new RegExp(`\\.${names.dialog}\\{[^}]*width:360px`);
    expect(text).toMatch(dialogRule);
    // The spinner's animation names keyframes of the same sheet.
    const animation = /animation:(animation-[0-9a-z]+) /.exec(text)?.[1];
    expect(text).toContain(`@keyframes ${animation}{`);
    expect(text.match(/-(webkit|moz|ms)-[a-z-]+/g)).toEqual(['-webkit-font-smoothing']);
  });
});
