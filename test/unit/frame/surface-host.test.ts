import { afterEach, describe, expect, it, vi } from 'vitest';
import { forwardEscape, type HostWindow, reportSize } from '../../../src/frame/surface/host.js';
import { SURFACE_HOST_MESSAGES, type SurfaceHostMessage } from '../../../src/protocol/surface.js';
import { mountHarness, PROMPT, submit, type } from './surface-support.js';

const HOST = 'https://host.example';

/** A parent window that records what it is sent, and to which origin. */
function parentWindow() {
  const posts: Array<{ message: SurfaceHostMessage; origin: string }> = [];
  const win: HostWindow = {
    parent: { postMessage: (message, origin) => posts.push({ message: structuredClone(message), origin }) },
  };
  return { win, posts };
}

/** A ResizeObserver the test fires, over a root whose height the test sets. */
function resizable(root: HTMLElement) {
  let height = 0;
  const callbacks: Array<() => void> = [];
  let disconnected = false;
  root.getBoundingClientRect = () => ({ height }) as DOMRect;
  class Observer {
    constructor(callback: () => void) {
      callbacks.push(callback);
    }
    observe() {
      callbacks.at(-1)?.();
    }
    disconnect() {
      disconnected = true;
    }
  }
  return {
    Observer,
    resize(to: number) {
      height = to;
      for (const callback of callbacks) callback();
    },
    get disconnected() {
      return disconnected;
    },
  };
}

afterEach(() => {
  vi.restoreAllMocks();
  document.body.replaceChildren();
});

describe('what the surface tells its host', () => {
  it('its height, in whole CSS pixels, to the host origin exactly, on each change', () => {
    const { win, posts } = parentWindow();
    const root = document.createElement('main');
    const sizes = resizable(root);
    const stop = reportSize(root, { win, hostOrigin: HOST, prompt: PROMPT, ResizeObserver: sizes.Observer });
    sizes.resize(212.2);
    sizes.resize(212.9);
    sizes.resize(340);
    stop();
    expect(sizes.disconnected).toBe(true);
    expect(posts).toEqual([
      {
        message: { source: 'gatehouse', type: SURFACE_HOST_MESSAGES.size, prompt: PROMPT, height: 0 },
        origin: HOST,
      },
      {
        message: { source: 'gatehouse', type: SURFACE_HOST_MESSAGES.size, prompt: PROMPT, height: 213 },
        origin: HOST,
      },
      {
        message: { source: 'gatehouse', type: SURFACE_HOST_MESSAGES.size, prompt: PROMPT, height: 340 },
        origin: HOST,
      },
    ]);
  });

  it('an Escape pressed inside, and no other key', () => {
    const { win, posts } = parentWindow();
    forwardEscape(document, { win, hostOrigin: HOST, prompt: PROMPT });
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter' }));
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', cancelable: true }));
    expect(posts).toEqual([
      { message: { source: 'gatehouse', type: SURFACE_HOST_MESSAGES.escape, prompt: PROMPT }, origin: HOST },
    ]);
  });

  it('nothing else: codes, passwords and approvals go only to the wallet frame', async () => {
    const { win, posts } = parentWindow();
    const windowPost = vi.spyOn(window, 'postMessage');
    const h = mountHarness();
    const sizes = resizable(h.root);
    reportSize(h.root, { win, hostOrigin: HOST, prompt: PROMPT, ResizeObserver: sizes.Observer });
    h.settle();
    h.show({ kind: 'password-enter', address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' });
    const input = h.root.querySelector<HTMLInputElement>('input')!;
    type(input, 'hunter22');
    submit(input);
    sizes.resize(300);
    h.show({
      kind: 'verify',
      purpose: 'mfa',
      action: null,
      account: null,
      factors: [{ id: 'totp', label: '' }],
      factor: 'totp',
      sentTo: null,
    });
    for (const [index, box] of h.root.querySelectorAll<HTMLInputElement>('input.box').entries())
      type(box, String(index + 1));
    sizes.resize(320);
    h.show({ kind: 'sign-message', address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', message: 'hi' });
    h.tick(1000);
    h.button('Sign').click();

    expect(h.port.actions()).toEqual([
      { type: 'password', password: 'hunter22' },
      { type: 'code', code: '123456' },
      { type: 'approve' },
    ]);
    expect(posts.every(({ origin }) => origin === HOST)).toBe(true);
    expect(posts.map(({ message }) => Object.keys(message).sort())).toEqual(
      posts.map(() => ['height', 'prompt', 'source', 'type']),
    );
    expect(JSON.stringify(posts)).not.toMatch(/hunter22|123456|approve/);
    expect(windowPost).not.toHaveBeenCalled();
  });
});
