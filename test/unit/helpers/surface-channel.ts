/**
 * The provider-origin surface as the wallet frame's tests meet it (protocol/surface.ts): the
 * BroadcastChannel between the frame and its surfaces, in memory, and a person in front of a
 * surface who asks for the prompt's view and acts on it. In happy-dom the real cross-origin
 * surface page cannot load beside the frame, so this stands in for it on the very channel protocol
 * the surface page speaks (its own rendering is tested in test/unit/frame/surface-*.test.ts).
 */
import { PromptHub } from '../../../src/frame/prompts.js';
import {
  SURFACE_MESSAGES,
  type SurfaceAction,
  type SurfaceChannelMessage,
  type SurfaceState,
  type SurfaceView,
} from '../../../src/protocol/surface.js';

type ViewMessage = Extract<SurfaceChannelMessage, { type: 'surface:view' }>;

/** The channel in memory: what the frame posts is recorded; `post` delivers to the frame (a channel never echoes). */
export function surfaceChannel() {
  const frameSide = new Set<(event: MessageEvent) => void>();
  const received: SurfaceChannelMessage[] = [];
  const channel = {
    postMessage: (message: unknown) => {
      received.push(structuredClone(message) as SurfaceChannelMessage);
    },
    addEventListener: (_type: 'message', listener: (event: MessageEvent) => void) => {
      frameSide.add(listener);
    },
    removeEventListener: (_type: 'message', listener: (event: MessageEvent) => void) => {
      frameSide.delete(listener);
    },
  };
  const post = (message: SurfaceChannelMessage) => {
    for (const listener of [...frameSide]) listener({ data: structuredClone(message) } as MessageEvent);
  };
  return { channel, received, post, hub: new PromptHub(channel) };
}

export type SurfaceChannel = ReturnType<typeof surfaceChannel>;

/** The person in front of the surfaces of one channel. */
export class SurfaceUser {
  constructor(private readonly channel: SurfaceChannel) {}

  /** The surface of `prompt` loaded: it asks the frame for the view. */
  open(prompt: string): void {
    this.channel.post({ type: SURFACE_MESSAGES.hello, prompt });
  }

  /** The last view and state the frame pushed for `prompt`. */
  latest(prompt: string): { view: SurfaceView; state: SurfaceState } | undefined {
    const last = this.channel.received
      .filter((m): m is ViewMessage => m.type === SURFACE_MESSAGES.view && m.prompt === prompt)
      .at(-1);
    return last && { view: last.view, state: last.state };
  }

  ended(prompt: string): boolean {
    return this.channel.received.some((m) => m.type === SURFACE_MESSAGES.end && m.prompt === prompt);
  }

  act(prompt: string, action: SurfaceAction): void {
    this.channel.post({ type: SURFACE_MESSAGES.action, prompt, action });
  }
}
