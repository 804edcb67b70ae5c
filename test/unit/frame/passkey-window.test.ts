/**
 * The passkey window's page (passkey-window/window.ts): it says it is ready to its opener only,
 * takes the view only from that opener on the provider's origin, runs the ceremony on a click the
 * user made, posts what came back (the PRF output apart, as the surface would) and closes itself.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mountPasskeyWindow } from '../../../src/frame/passkey-window/window.js';
import type { PasskeyAction, PasskeyView } from '../../../src/protocol/passkey.js';
import { PASSKEY_WINDOW_MESSAGES, PASSKEY_WINDOW_SOURCE } from '../../../src/protocol/passkey-window.js';

const ORIGIN = 'https://provider.test';
const VIEW: PasskeyView = {
  kind: 'passkey',
  purpose: 'recover',
  ceremony: 'get',
  options: { challenge: 'AAAA' },
  prf: true,
  canSignUp: false,
};
const ACTION: PasskeyAction = {
  type: 'passkey',
  credential: { id: 'Y3JlZA', rawId: 'Y3JlZA', type: 'public-key', response: {}, clientExtensionResults: {} },
  prf: 'c2VjcmV0',
};
const viewMessage = { source: PASSKEY_WINDOW_SOURCE, type: PASSKEY_WINDOW_MESSAGES.view, view: VIEW };

function mount(options: { opener?: boolean; ceremony?: () => Promise<PasskeyAction | null> } = {}) {
  const root = document.createElement('main');
  document.body.replaceChildren(root);
  const opener = { postMessage: vi.fn() };
  const listeners: Array<(event: MessageEvent) => void> = [];
  const close = vi.fn();
  const ceremony = vi.fn(options.ceremony ?? (async () => ACTION));
  const trust = { value: true };
  mountPasskeyWindow(root, {
    win: {
      opener: options.opener === false ? null : opener,
      location: { origin: ORIGIN },
      addEventListener: (_type, listener) => listeners.push(listener),
      close,
    },
    ceremony,
    isTrusted: () => trust.value,
  });
  const deliver = (data: unknown, origin = ORIGIN, source: unknown = opener) => {
    for (const listener of listeners) listener({ data, origin, source } as MessageEvent);
  };
  const button = (name: string) =>
    [...root.querySelectorAll('button')].find((b) => b.textContent === name) as HTMLButtonElement;
  const posts = () => opener.postMessage.mock.calls;
  return { root, opener, deliver, close, ceremony, trust, button, posts };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  document.body.replaceChildren();
});

describe('the passkey window', () => {
  it('without an opener, says where to open it from and posts nothing', () => {
    const w = mount({ opener: false });
    expect(w.root.textContent).toBe('Open this window from the passkey screen.');
    expect(w.posts()).toEqual([]);
  });

  it('says it is ready to its opener on its own origin, and takes the view only from that opener', () => {
    const w = mount();
    expect(w.posts()).toEqual([
      [{ source: PASSKEY_WINDOW_SOURCE, type: PASSKEY_WINDOW_MESSAGES.ready }, ORIGIN],
    ]);
    expect(w.root.textContent).toBe('Loading…');
    w.deliver(viewMessage, 'https://shop.test');
    w.deliver(viewMessage, ORIGIN, { postMessage: vi.fn() });
    w.deliver({ ...viewMessage, source: 'another' });
    expect(w.root.querySelector('h1')).toBeNull();
    w.deliver(viewMessage);
    expect(w.root.querySelector('h1')?.textContent).toBe('Unlock your wallet with your passkey');
    expect(document.title).toBe('Unlock your wallet with your passkey');
    expect(w.root.classList.contains('window')).toBe(true);
    expect([...w.root.querySelectorAll('button')].map((b) => b.textContent)).toEqual([
      'Cancel',
      'Continue with passkey',
    ]);
  });

  it('runs the ceremony on a click the user made, posts the action and closes', async () => {
    const w = mount();
    w.deliver(viewMessage);
    w.trust.value = false;
    w.button('Continue with passkey').click();
    expect(w.ceremony).not.toHaveBeenCalled();
    w.trust.value = true;
    w.button('Continue with passkey').click();
    w.button('Continue with passkey').click();
    expect(w.ceremony).toHaveBeenCalledTimes(1);
    expect(w.ceremony).toHaveBeenCalledWith(VIEW);
    await flush();
    expect(w.posts()[1]).toEqual([
      { source: PASSKEY_WINDOW_SOURCE, type: PASSKEY_WINDOW_MESSAGES.result, action: ACTION, error: null },
      ORIGIN,
    ]);
    expect(w.close).toHaveBeenCalledTimes(1);
  });

  it('posts a failed ceremony by its error name, and Cancel as no result', async () => {
    const failing = mount({
      ceremony: async () => {
        throw new DOMException('no', 'InvalidStateError');
      },
    });
    failing.deliver(viewMessage);
    failing.button('Continue with passkey').click();
    await flush();
    expect(failing.posts()[1]?.[0]).toMatchObject({ action: null, error: 'InvalidStateError' });
    expect(failing.close).toHaveBeenCalled();

    const cancelled = mount();
    cancelled.deliver(viewMessage);
    cancelled.button('Cancel').click();
    expect(cancelled.posts()[1]?.[0]).toMatchObject({ action: null, error: null });
    expect(cancelled.close).toHaveBeenCalled();
    expect(cancelled.ceremony).not.toHaveBeenCalled();
  });
});
