/**
 * The surface page driven as the wallet frame and the user would: a fake SURFACE_CHANNEL that
 * records what the page sends and delivers the frame's views, a settable clock, a trust check the
 * test can switch (happy-dom's dispatched events are never trusted) and an IntersectionObserver the
 * test answers.
 */

import type { SurfacePort } from '../../../src/frame/surface/channel.js';
import { mountSurface } from '../../../src/frame/surface/render.js';
import {
  SURFACE_MESSAGES,
  SURFACE_MIN_VISIBLE_MS,
  type SurfaceAction,
  type SurfaceChannelMessage,
  type SurfaceState,
  type SurfaceView,
  type TransactionView,
} from '../../../src/protocol/surface.js';

export const PROMPT = 'Xq3vT9pLm2Rk8sWz4yBn6A';
export const IDLE: SurfaceState = { busy: false, error: null };

export const ME = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
export const THEM = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

/** A transaction review: sending 0.5 ETH on Ethereum, unless `fields` say otherwise. */
export const transaction = (fields: Partial<TransactionView> = {}): TransactionView => ({
  kind: 'transaction',
  intent: 'send',
  from: ME,
  chainId: 1,
  to: THEM,
  value: '0.5',
  maxFee: '0.00042',
  dataBytes: 0,
  ...fields,
});

export class FakePort implements SurfacePort {
  readonly sent: SurfaceChannelMessage[] = [];
  private readonly listeners = new Set<(event: MessageEvent) => void>();

  postMessage(message: SurfaceChannelMessage): void {
    this.sent.push(structuredClone(message));
  }
  addEventListener(_type: 'message', listener: (event: MessageEvent) => void): void {
    this.listeners.add(listener);
  }
  removeEventListener(_type: 'message', listener: (event: MessageEvent) => void): void {
    this.listeners.delete(listener);
  }
  get listening(): number {
    return this.listeners.size;
  }
  deliver(data: unknown): void {
    for (const listener of [...this.listeners]) listener(new MessageEvent('message', { data }));
  }
  actions(): SurfaceAction[] {
    return this.sent.flatMap((message) => (message.type === SURFACE_MESSAGES.action ? [message.action] : []));
  }
}

/** An IntersectionObserver the test answers: `report({ isVisible: true })` (v2) or `{ isIntersecting }` (v1). */
export function fakeObserver() {
  const callbacks: IntersectionObserverCallback[] = [];
  const observed: Element[] = [];
  class Observer {
    constructor(
      callback: IntersectionObserverCallback,
      readonly options?: IntersectionObserverInit & { trackVisibility?: boolean; delay?: number },
    ) {
      callbacks.push(callback);
      created.push(this);
    }
    observe(target: Element) {
      observed.push(target);
    }
    disconnect() {}
  }
  const created: Observer[] = [];
  const report = (entry: Partial<IntersectionObserverEntry> & { isVisible?: boolean }) => {
    for (const callback of callbacks)
      callback([entry as IntersectionObserverEntry], {} as unknown as IntersectionObserver);
  };
  return { Observer, created, observed, report };
}

export interface Harness {
  root: HTMLElement;
  port: FakePort;
  trust: { value: boolean };
  copied: string[];
  downloads: Array<{ fileName: string; content: string }>;
  tick(ms: number): void;
  /** The frame pushes this view (and state) for the harness's prompt. */
  show(view: SurfaceView, state?: SurfaceState): void;
  /** The view is visible, trusted, and long enough: the approval may go. */
  settle(): void;
  button(name: string): HTMLButtonElement;
  close(): void;
}

export function mountHarness(options: { appName?: string; viewTimeoutMs?: number } = {}): Harness {
  const root = document.createElement('main');
  document.body.replaceChildren(root);
  const port = new FakePort();
  const trust = { value: false };
  let clock = 1_000;
  const observer = fakeObserver();
  const copied: string[] = [];
  const downloads: Harness['downloads'] = [];
  const surface = mountSurface(root, {
    prompt: PROMPT,
    port,
    appName: options.appName ?? 'My Cool App',
    copy: async (text) => {
      copied.push(text);
    },
    download: (fileName, content) => downloads.push({ fileName, content }),
    trust: { isTrusted: () => trust.value, now: () => clock, IntersectionObserver: observer.Observer },
    viewTimeoutMs: options.viewTimeoutMs ?? 60_000,
  });
  const harness: Harness = {
    root,
    port,
    trust,
    copied,
    downloads,
    tick: (ms) => {
      clock += ms;
    },
    show: (view, state = IDLE) => port.deliver({ type: SURFACE_MESSAGES.view, prompt: PROMPT, view, state }),
    settle() {
      trust.value = true;
      observer.report({ isVisible: true, isIntersecting: true });
      clock += SURFACE_MIN_VISIBLE_MS;
    },
    button(name) {
      const found = [...root.querySelectorAll('button')].find(
        (button) => button.textContent?.trim() === name || button.getAttribute('aria-label') === name,
      );
      if (!found) throw new Error(`No button ${name} in: ${root.textContent}`);
      return found;
    },
    close: () => surface.close(),
  };
  return harness;
}

/** Types `value` into an input as a user would (one input event). */
export function type(input: HTMLInputElement, value: string): void {
  input.value = value;
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/** Submits the form holding `control` as Enter or its submit button would. */
export function submit(control: Element): void {
  const form = control.closest('form');
  if (!form) throw new Error('not in a form');
  form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
}
