import { expect } from 'vitest';
import type { BridgeChannel } from '../../src/frame/prompts.js';
import {
  SURFACE_MESSAGES,
  type SurfaceAction,
  type SurfaceChannelMessage,
  type SurfaceState,
  type SurfaceView,
} from '../../src/protocol/surface.js';

/**
 * The BroadcastChannel between the wallet frame and its surfaces, in memory: what the frame posts
 * reaches the surfaces' side and the other way round (a real channel never echoes to its sender).
 */
export function surfaceChannel() {
  const frameSide = new Set<(event: MessageEvent) => void>();
  const received: SurfaceChannelMessage[] = [];
  const deliver = (message: unknown) => {
    for (const listener of [...frameSide]) listener({ data: message } as MessageEvent);
  };
  const frame: BridgeChannel = {
    postMessage: (message) => {
      received.push(structuredClone(message) as SurfaceChannelMessage);
    },
    addEventListener: (_type, listener) => frameSide.add(listener),
    removeEventListener: (_type, listener) => frameSide.delete(listener),
  };
  return { frame, received, post: deliver };
}

export type SurfaceChannel = ReturnType<typeof surfaceChannel>;

/** One prompt as a person in front of its surface sees it and acts on it. */
export class SurfaceSession {
  constructor(
    readonly prompt: string,
    private readonly channel: SurfaceChannel,
  ) {
    channel.post({ type: SURFACE_MESSAGES.hello, prompt });
  }

  /** The last view and state the frame pushed, or undefined. */
  latest(): { view: SurfaceView; state: SurfaceState } | undefined {
    const views = this.channel.received.filter(
      (m): m is Extract<SurfaceChannelMessage, { type: 'surface:view' }> =>
        m.type === SURFACE_MESSAGES.view && m.prompt === this.prompt,
    );
    const last = views.at(-1);
    return last && { view: last.view, state: last.state };
  }

  ended(): boolean {
    return this.channel.received.some((m) => m.type === SURFACE_MESSAGES.end && m.prompt === this.prompt);
  }

  /** Waits until the shown view (not busy) satisfies `test`. */
  async waitFor<V extends SurfaceView>(
    test: (view: SurfaceView, state: SurfaceState) => view is V,
  ): Promise<{ view: V; state: SurfaceState }>;
  async waitFor(
    test: (view: SurfaceView, state: SurfaceState) => boolean,
  ): Promise<{ view: SurfaceView; state: SurfaceState }>;
  async waitFor(test: (view: SurfaceView, state: SurfaceState) => boolean) {
    let found: { view: SurfaceView; state: SurfaceState } | undefined;
    await expect
      .poll(
        () => {
          const latest = this.latest();
          found = latest && !latest.state.busy && test(latest.view, latest.state) ? latest : undefined;
          return found !== undefined;
        },
        { timeout: 15_000, interval: 5 },
      )
      .toBe(true);
    return found as { view: SurfaceView; state: SurfaceState };
  }

  /** Waits for a view of this kind, not busy. */
  kind<K extends SurfaceView['kind']>(
    kind: K,
  ): Promise<{ view: Extract<SurfaceView, { kind: K }>; state: SurfaceState }> {
    return this.waitFor((view): view is Extract<SurfaceView, { kind: K }> => view.kind === kind);
  }

  act(action: SurfaceAction): void {
    this.channel.post({ type: SURFACE_MESSAGES.action, prompt: this.prompt, action });
  }
}
