/**
 * The surface's side of the passkey window: knowing that the browser refuses passkeys in the
 * frame (the permissions policy, or the ceremony's error naming it), the view's 'Continue in a new
 * window', and the popup's messages: taken only from the provider's origin and that very popup,
 * a blocked popup and a popup closed without a result each saying so.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { openPasskeyPopup, type PopupOpener, popupUrl } from '../../../src/frame/surface/passkey-popup.js';
import { policyRefuses, refusedByPolicy } from '../../../src/frame/surface/passkey-refusal.js';
import type { PasskeyAction, PasskeyView } from '../../../src/protocol/passkey.js';
import {
  PASSKEY_WINDOW_MESSAGES,
  PASSKEY_WINDOW_POLL_MS,
  PASSKEY_WINDOW_SOURCE,
} from '../../../src/protocol/passkey-window.js';
import { mountHarness } from './surface-support.js';

const ORIGIN = 'https://provider.test';
const SURFACE_URL = `${ORIGIN}/apps/app1/embedded-wallets/surface?prompt=p1&origin=https%3A%2F%2Fshop.test&background=%23101010&accent=%23ff0000`;
const CHROMIUM_REFUSAL =
  "The 'publickey-credentials-get' feature is not enabled in this document. Permissions Policy may be used to delegate Web Authentication capabilities to cross-origin child frames.";

const view = (fields: Partial<PasskeyView> = {}): PasskeyView => ({
  kind: 'passkey',
  purpose: 'signup',
  ceremony: 'create',
  options: { challenge: 'AAAA', user: { id: 'dXNlcg', name: 'a', displayName: 'a' } },
  prf: false,
  canSignUp: false,
  ...fields,
});
const ACTION: PasskeyAction = {
  type: 'passkey',
  credential: { id: 'Y3JlZA', rawId: 'Y3JlZA', type: 'public-key', response: {}, clientExtensionResults: {} },
  prf: 'c2VjcmV0',
};
const result = (fields: { action: PasskeyAction | null; error: string | null }) => ({
  source: PASSKEY_WINDOW_SOURCE,
  type: PASSKEY_WINDOW_MESSAGES.result,
  ...fields,
});
const ready = { source: PASSKEY_WINDOW_SOURCE, type: PASSKEY_WINDOW_MESSAGES.ready };

function fakePopup() {
  return { closed: false, postMessage: vi.fn(), close: vi.fn(), focus: vi.fn() };
}

/** The surface's window: `open` gives `popup` (null: blocked); `deliver` is a message event. */
function fakeOpener(popup: ReturnType<typeof fakePopup> | null) {
  const listeners = new Set<(event: MessageEvent) => void>();
  const open = vi.fn((_url?: string | URL, _name?: string, _features?: string) => popup as unknown as Window);
  const win = {
    open,
    addEventListener: (_type: string, listener: (event: MessageEvent) => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: (event: MessageEvent) => void) =>
      listeners.delete(listener),
    screenX: 0,
    screenY: 0,
    outerWidth: 1280,
    outerHeight: 800,
    location: { origin: ORIGIN, href: SURFACE_URL, search: new URL(SURFACE_URL).search },
  } as unknown as PopupOpener;
  const deliver = (data: unknown, origin: string, source: unknown) => {
    for (const listener of [...listeners]) listener({ data, origin, source } as MessageEvent);
  };
  return { win, open, deliver, listening: () => listeners.size };
}

/** The lines the view shows (hidden ones aside). */
const lines = (root: HTMLElement) =>
  [...root.querySelectorAll<HTMLElement>('p.text')].filter((p) => !p.hidden).map((p) => p.textContent);
const REFUSED_LINE = "Passkeys can't be used inside this page. Continue in a new window instead.";

/** A document whose policy allows only the features `allowed` (knowing both passkey features). */
const withPolicy = (
  allowed: string[],
  known = ['publickey-credentials-get', 'publickey-credentials-create'],
) =>
  ({
    featurePolicy: { allowsFeature: (f: string) => allowed.includes(f), features: () => known },
  }) as unknown as Document;

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  document.body.replaceChildren();
  Reflect.deleteProperty(document, 'featurePolicy');
  Reflect.deleteProperty(navigator, 'credentials');
});

describe('knowing that the browser refuses passkeys in the frame', () => {
  it('reads the permissions policy for the view’s ceremony, where the browser has one', () => {
    const refusing = withPolicy([]);
    expect(policyRefuses({ ceremony: 'get' }, refusing)).toBe(true);
    expect(policyRefuses({ ceremony: 'create' }, refusing)).toBe(true);
    const getOnly = withPolicy(['publickey-credentials-get']);
    expect(policyRefuses({ ceremony: 'get' }, getOnly)).toBe(false);
    expect(policyRefuses({ ceremony: 'create' }, getOnly)).toBe(true);
    // A browser that does not know the feature, or has no policy object, says nothing.
    expect(policyRefuses({ ceremony: 'create' }, withPolicy([], ['publickey-credentials-get']))).toBe(false);
    expect(policyRefuses({ ceremony: 'get' }, {} as Document)).toBe(false);
  });

  it('takes an error that names the policy or the frame for a refusal, not a cancelled ceremony', () => {
    expect(refusedByPolicy(new DOMException(CHROMIUM_REFUSAL, 'NotAllowedError'))).toBe(true);
    const safari = 'The origin of the document is not the same as its ancestors.';
    expect(refusedByPolicy(new DOMException(safari, 'NotAllowedError'))).toBe(true);
    expect(refusedByPolicy(new DOMException(CHROMIUM_REFUSAL, 'SecurityError'))).toBe(true);
    const cancelled = 'The operation either timed out or was not allowed.';
    expect(refusedByPolicy(new DOMException(cancelled, 'NotAllowedError'))).toBe(false);
    expect(refusedByPolicy(new DOMException(CHROMIUM_REFUSAL, 'InvalidStateError'))).toBe(false);
    expect(refusedByPolicy(null)).toBe(false);
  });
});

describe('the popup’s messages (passkey-popup.ts)', () => {
  it('opens a popup (not noopener) beside the surface, with its colours only', () => {
    const { win, open } = fakeOpener(fakePopup());
    openPasskeyPopup(view(), () => undefined, win);
    const [url, name, features] = open.mock.calls[0] ?? [];
    expect(url).toBe(`${ORIGIN}/apps/app1/embedded-wallets/passkey?background=%23101010&accent=%23ff0000`);
    expect(url).toBe(popupUrl(win.location));
    expect(name).toBe('gatehouse-passkey');
    expect(features).toMatch(/^popup,width=480,height=600,left=400,top=100$/);
    expect(features).not.toContain('noopener');
  });

  it('gives the view to its popup only, and takes a result only from it, on the provider’s origin', () => {
    const popup = fakePopup();
    const { win, deliver, listening } = fakeOpener(popup);
    const done = vi.fn();
    openPasskeyPopup(view(), done, win);
    const stranger = fakePopup();
    deliver(ready, 'https://shop.test', popup);
    deliver(ready, ORIGIN, stranger);
    expect(popup.postMessage).not.toHaveBeenCalled();
    deliver(ready, ORIGIN, popup);
    expect(popup.postMessage).toHaveBeenCalledWith(
      { source: PASSKEY_WINDOW_SOURCE, type: PASSKEY_WINDOW_MESSAGES.view, view: view() },
      ORIGIN,
    );
    deliver(result({ action: ACTION, error: null }), 'https://shop.test', popup);
    deliver(result({ action: ACTION, error: null }), ORIGIN, stranger);
    deliver({ ...result({ action: ACTION, error: null }), source: 'other' }, ORIGIN, popup);
    expect(done).not.toHaveBeenCalled();
    deliver(result({ action: ACTION, error: null }), ORIGIN, popup);
    expect(done).toHaveBeenCalledWith({ action: ACTION });
    expect(popup.close).toHaveBeenCalled();
    expect(listening()).toBe(0);
  });

  it('returns null for a blocked popup; reports a popup closed without a result as nothing', () => {
    expect(openPasskeyPopup(view(), () => undefined, fakeOpener(null).win)).toBeNull();
    vi.useFakeTimers();
    const popup = fakePopup();
    const done = vi.fn();
    openPasskeyPopup(view(), done, fakeOpener(popup).win);
    vi.advanceTimersByTime(PASSKEY_WINDOW_POLL_MS * 4);
    expect(done).not.toHaveBeenCalled();
    popup.closed = true;
    // Once more than seen closed: a result posted just before it closed may still come.
    vi.advanceTimersByTime(PASSKEY_WINDOW_POLL_MS);
    expect(done).not.toHaveBeenCalled();
    vi.advanceTimersByTime(PASSKEY_WINDOW_POLL_MS);
    expect(done).toHaveBeenCalledWith({ action: null, error: null });
  });
});

describe('the passkey view where the frame may not use passkeys', () => {
  beforeAll(async () => {
    const h = mountHarness();
    h.show(view());
    await vi.waitFor(() => expect(h.root.querySelector('h1')).not.toBeNull());
  });

  const refusingDocument = () =>
    Object.defineProperty(document, 'featurePolicy', {
      value: (withPolicy([]) as Document & { featurePolicy: unknown }).featurePolicy,
      configurable: true,
    });

  it('says so and offers Continue in a new window, which opens the popup and sends its action', () => {
    refusingDocument();
    const popup = fakePopup();
    const open = vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    const h = mountHarness();
    h.show(view({ purpose: 'login', ceremony: 'get', canSignUp: true }));
    expect(lines(h.root)).toContain(REFUSED_LINE);
    expect([...h.root.querySelectorAll('button')].map((b) => b.textContent)).toEqual([
      'Continue in a new window',
      'Cancel',
      'Create a passkey',
    ]);
    h.button('Continue in a new window').click();
    expect(open).not.toHaveBeenCalled();
    h.settle();
    h.button('Continue in a new window').click();
    expect(open).toHaveBeenCalledTimes(1);
    expect(lines(h.root)).toContain('Finish in the new window.');
    window.dispatchEvent(
      new MessageEvent('message', { data: result({ action: ACTION, error: null }), origin: location.origin }),
    );
    expect(h.port.actions()).toEqual([]);
    const event = new MessageEvent('message', { data: result({ action: ACTION, error: null }) });
    Object.defineProperties(event, { origin: { value: location.origin }, source: { value: popup } });
    window.dispatchEvent(event);
    expect(h.port.actions()).toEqual([ACTION]);
  });

  it('a blocked popup asks to allow pop-ups; a closed one says no passkey was used', () => {
    refusingDocument();
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const h = mountHarness();
    h.show(view());
    h.settle();
    h.button('Continue in a new window').click();
    expect(h.root.querySelector('[role="alert"]')?.textContent).toBe(
      'The new window was blocked. Allow pop-ups for this site, then try again.',
    );
    vi.useFakeTimers();
    const popup = fakePopup();
    open.mockReturnValue(popup as unknown as Window);
    h.button('Continue in a new window').click();
    expect(h.root.querySelector('[role="alert"]')?.textContent).toBe('');
    popup.closed = true;
    vi.advanceTimersByTime(PASSKEY_WINDOW_POLL_MS * 2);
    expect(h.root.querySelector('[role="alert"]')?.textContent).toBe(
      'No passkey was used. Please try again.',
    );
    expect(h.port.actions()).toEqual([]);
  });

  it('a ceremony the browser refuses by policy turns the view to the popup; a cancelled one does not', async () => {
    let message = 'The operation either timed out or was not allowed.';
    const create = vi.fn(async () => {
      throw new DOMException(message, 'NotAllowedError');
    });
    Object.defineProperty(navigator, 'credentials', { value: { create, get: create }, configurable: true });
    const h = mountHarness();
    h.show(view());
    expect(lines(h.root)).not.toContain(REFUSED_LINE);
    h.settle();
    h.button('Continue with passkey').click();
    await vi.waitFor(() =>
      expect(h.root.querySelector('[role="alert"]')?.textContent).toContain('No passkey'),
    );
    message = CHROMIUM_REFUSAL;
    h.tick(1000);
    h.button('Continue with passkey').click();
    await vi.waitFor(() => expect(lines(h.root)).toContain(REFUSED_LINE));
    expect(h.root.querySelector('[role="alert"]')?.textContent).toBe('');
    // A new button: a click at once does not count.
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    h.button('Continue in a new window').click();
    expect(open).not.toHaveBeenCalled();
    h.tick(1000);
    h.button('Continue in a new window').click();
    expect(open).toHaveBeenCalledTimes(1);
    expect(create).toHaveBeenCalledTimes(2);
  });
});
