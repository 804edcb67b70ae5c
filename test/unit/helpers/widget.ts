/** Drives the mounted widget the way a user would: by role, accessible name and events. */
import { expect, vi } from 'vitest';
import type { WidgetHandle } from '../../../src/protocol/index.js';
import { mount } from '../../../src/widget/index.js';
import { API_URL, APP_ID, FakeProvider } from './fake-provider.js';
import { createStores } from './setup.js';

export interface MountedWidget {
  handle: WidgetHandle;
  provider: FakeProvider;
  stores: ReturnType<typeof createStores>;
  shadow: ShadowRoot;
}

export function mountWidget(provider = new FakeProvider(), nonce?: string): MountedWidget {
  vi.stubGlobal('fetch', provider.fetch);
  const stores = createStores();
  const handle = mount({ appId: APP_ID, apiUrl: API_URL, stores, nonce });
  const shadow = document.getElementById('gatehouse-root')?.shadowRoot;
  if (!shadow) throw new Error('no open shadow root on #gatehouse-root');
  return { handle, provider, stores, shadow };
}

export function cleanupWidget(): void {
  document.getElementById('gatehouse-root')?.remove();
  document.body.innerHTML = '';
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
}

export function dialog(shadow: ShadowRoot): HTMLElement | null {
  return shadow.querySelector<HTMLElement>('[role="dialog"]');
}

/** The dialog's accessible name, from aria-labelledby. */
export function dialogName(shadow: ShadowRoot): string | undefined {
  const id = dialog(shadow)?.getAttribute('aria-labelledby');
  return id ? shadow.getElementById(id)?.textContent?.trim() : undefined;
}

/** The accessible name of a control: aria-label, a <label for>, or its text. */
export function accessibleName(element: Element): string {
  const shadow = element.getRootNode() as ShadowRoot;
  const label = element.getAttribute('aria-label');
  if (label) return label;
  const id = element.getAttribute('id');
  const forLabel = id ? shadow.querySelector(`label[for="${id}"]`) : null;
  return (forLabel ?? element).textContent?.trim() ?? '';
}

function byName<T extends Element>(shadow: ShadowRoot, selector: string, name: string): T {
  const match = [...shadow.querySelectorAll<T>(selector)].find((el) => accessibleName(el) === name);
  if (!match) throw new Error(`no ${selector} named "${name}"`);
  return match;
}

export const textbox = (shadow: ShadowRoot, name: string) => byName<HTMLInputElement>(shadow, 'input', name);
export const button = (shadow: ShadowRoot, name: string) => byName<HTMLButtonElement>(shadow, 'button', name);
export const link = (shadow: ShadowRoot, name: string) => byName<HTMLAnchorElement>(shadow, 'a', name);

export const digits = (shadow: ShadowRoot) => [1, 2, 3, 4, 5, 6].map((n) => textbox(shadow, `Digit ${n}`));

export function type(input: HTMLInputElement, value: string): void {
  input.focus();
  input.value = value;
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

export function press(target: Element, key: string, init: KeyboardEventInit = {}): KeyboardEvent {
  const event = new KeyboardEvent('keydown', {
    key,
    bubbles: true,
    cancelable: true,
    composed: true,
    ...init,
  });
  target.dispatchEvent(event);
  return event;
}

export function paste(input: HTMLInputElement, text: string): void {
  input.focus();
  const event = new Event('paste', { bubbles: true, cancelable: true });
  Object.defineProperty(event, 'clipboardData', { value: { getData: () => text } });
  input.dispatchEvent(event);
}

/** Opens the modal through the public method and waits for the landing screen. */
export async function openLogin(widget: MountedWidget): Promise<HTMLElement> {
  await widget.handle.ready;
  await widget.handle.call('login', []);
  // The first opening in a file loads the modal's chunks, slower than 1 s on a busy machine.
  await vi.waitFor(() => expect(dialogName(widget.shadow)).toBe('Log in or sign up'), { timeout: 5000 });
  return dialog(widget.shadow)!;
}

/** Types a valid address on LANDING and waits for Submit to enable. */
export async function enterEmail(widget: MountedWidget, email: string): Promise<HTMLInputElement> {
  const field = textbox(widget.shadow, 'Email address');
  type(field, email);
  await vi.waitFor(() => expect(button(widget.shadow, 'Submit').disabled).toBe(false));
  return field;
}

/** On LANDING: types the address and presses Submit. */
export async function submitEmail(widget: MountedWidget, email: string): Promise<void> {
  await enterEmail(widget, email);
  button(widget.shadow, 'Submit').click();
}

/** From LANDING to the code screen for `email`. */
export async function requestCode(widget: MountedWidget, email: string): Promise<void> {
  await submitEmail(widget, email);
  await vi.waitFor(() => expect(dialogName(widget.shadow)).toBe('Enter confirmation code'));
}

/** The page's events named `name` from now on. */
export function events(name: string): CustomEvent[] {
  const seen: CustomEvent[] = [];
  window.addEventListener(name, (e) => seen.push(e as CustomEvent));
  return seen;
}

/** Alice logs in by email from LANDING; the modal stays open on its success. */
export async function logInByEmail(widget: MountedWidget, email = 'alice@example.com'): Promise<void> {
  await openLogin(widget);
  await requestCode(widget, email);
  type(digits(widget.shadow)[0]!, widget.provider.codes.get(email)!);
  await vi.waitFor(() => expect(widget.stores.$authenticated.get()).toBe(true));
}
