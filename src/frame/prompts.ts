/**
 * The wallet frame's side of the provider-origin surface (protocol/surface.ts): a request that
 * needs the user opens a Prompt, the host shows the surface for it, and the surface — a page of
 * this origin, on a BroadcastChannel the host page cannot join — renders the prompt's view and
 * sends back what the user did. The flow waits on `next()` for each action and pushes a new view
 * or state after it. Nothing on this channel ever reaches the host.
 */

import { toB64url } from '../protocol/sealed-box.js';
import {
  type PromptMessage,
  SURFACE_MESSAGES,
  type SurfaceAction,
  type SurfaceChannelMessage,
  type SurfaceState,
  type SurfaceView,
} from '../protocol/surface.js';

/** The user closed the prompt (its Cancel, Escape, or the host's screen closed: `wallet:cancel`). */
export class PromptCancelledError extends Error {
  constructor() {
    super('The user rejected the request.');
    this.name = 'PromptCancelledError';
  }
}

/** What the frame needs of a BroadcastChannel. */
export interface BridgeChannel {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

const IDLE: SurfaceState = { busy: false, error: null };

interface Waiter {
  resolve: (action: SurfaceAction) => void;
  reject: (error: Error) => void;
}

export class Prompt {
  readonly id = toB64url(globalThis.crypto.getRandomValues(new Uint8Array(16)));
  private current: { view: SurfaceView; state: SurfaceState };
  private waiter: Waiter | null = null;
  private readonly queued: SurfaceAction[] = [];
  private cancelled = false;
  private ended = false;

  constructor(
    view: SurfaceView,
    private readonly post: (message: SurfaceChannelMessage) => void,
    /** Tells the host which surface to show (a new kind of view shows anew). */
    private readonly announce: (prompt: PromptMessage['prompt']) => void,
    private readonly onEnd: (prompt: Prompt) => void,
  ) {
    this.current = { view, state: IDLE };
  }

  /** Tells the host to show the surface for this prompt's view. */
  announceView(): void {
    const { view } = this.current;
    this.announce({
      id: this.id,
      kind: view.kind,
      ...(view.kind === 'verify' ? { purpose: view.purpose } : {}),
    });
  }

  get view(): SurfaceView {
    return this.current.view;
  }

  /** The surface asked (again): what it shows now. */
  publish(): void {
    if (this.ended) return;
    const { view, state } = this.current;
    this.post({ type: SURFACE_MESSAGES.view, prompt: this.id, view, state });
  }

  /** Another view for the same request; the host is told when its kind (or a verification's purpose) changes. */
  show(view: SurfaceView, state: SurfaceState = IDLE): void {
    const before = this.current.view;
    const kindChanged =
      view.kind !== before.kind ||
      (view.kind === 'verify' && before.kind === 'verify' && view.purpose !== before.purpose);
    this.current = { view, state };
    if (kindChanged) this.announceView();
    this.publish();
  }

  /** Busy while an action runs; the text of what went wrong after it (its code goes with it). */
  state(state: Partial<SurfaceState>): void {
    const code = 'error' in state ? { code: state.code } : {};
    this.current = { ...this.current, state: { ...this.current.state, ...state, ...code } };
    this.publish();
  }

  /** The user's next action; rejects with PromptCancelledError once the prompt is cancelled. */
  next(): Promise<SurfaceAction> {
    if (this.cancelled) return Promise.reject(new PromptCancelledError());
    const action = this.queued.shift();
    if (action) return Promise.resolve(action);
    return new Promise((resolve, reject) => {
      this.waiter = { resolve, reject };
    });
  }

  /** An action from the surface: Cancel cancels; anything else goes to the flow. */
  receive(action: SurfaceAction): void {
    if (this.ended || this.cancelled) return;
    if (action.type === 'cancel') {
      this.cancel();
      return;
    }
    const waiter = this.waiter;
    this.waiter = null;
    if (waiter) waiter.resolve(action);
    else this.queued.push(action);
  }

  cancel(): void {
    if (this.cancelled) return;
    this.cancelled = true;
    this.queued.length = 0;
    const waiter = this.waiter;
    this.waiter = null;
    waiter?.reject(new PromptCancelledError());
  }

  /** The request is answered: the surface stops, the prompt is forgotten. */
  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.cancel();
    this.post({ type: SURFACE_MESSAGES.end, prompt: this.id });
    this.onEnd(this);
  }
}

const isAction = (value: unknown): value is SurfaceAction =>
  typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';

/** The frame's prompts, by id, behind one channel. */
export class PromptHub {
  private readonly open = new Map<string, Prompt>();

  constructor(private readonly channel: BridgeChannel) {
    channel.addEventListener('message', (event) => this.receive(event.data));
  }

  /** A new prompt for one request; `announce` tells that request's host. */
  start(view: SurfaceView, announce: (prompt: PromptMessage['prompt']) => void): Prompt {
    const post = (message: SurfaceChannelMessage) => this.channel.postMessage(message);
    const prompt = new Prompt(view, post, announce, (ended) => this.open.delete(ended.id));
    this.open.set(prompt.id, prompt);
    prompt.announceView();
    return prompt;
  }

  /** Every open prompt is cancelled (the host logged out, or went away). */
  cancelAll(): void {
    for (const prompt of this.open.values()) prompt.cancel();
  }

  private receive(data: unknown): void {
    const message = data as Partial<SurfaceChannelMessage> | null;
    if (typeof message !== 'object' || message === null || typeof message.prompt !== 'string') return;
    const prompt = this.open.get(message.prompt);
    if (!prompt) return;
    if (message.type === SURFACE_MESSAGES.hello) prompt.publish();
    else if (message.type === SURFACE_MESSAGES.action) {
      const { action } = message as { action?: unknown };
      if (isAction(action)) prompt.receive(action);
    }
  }
}
