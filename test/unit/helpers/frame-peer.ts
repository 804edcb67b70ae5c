/**
 * The wallet frame as the host page meets it in unit tests: the frame's real message channel
 * (src/frame/messaging.ts: envelopes, exact origins, the queue, prompts, wallet:cancel) in a
 * window of the provider's origin, running the test's handlers, and the person in front of the
 * provider-origin surface the host shows for each prompt.
 *
 * In happy-dom the real cross-origin surface page cannot load in the host's iframe, so `surface`
 * stands in for frame and surface together: it loads (asks for the view) as soon as the frame
 * announces a prompt, and acts on it over the frame's surface channel as the user would there.
 * The surface page's own rendering is tested in test/unit/frame/surface-*.test.ts.
 */
import { vi } from 'vitest';
import type { FrameHandlers } from '../../../src/frame/messaging.js';
import { startFrame } from '../../../src/frame/messaging.js';
import {
  PROMPT_MESSAGE,
  type PromptMessage,
  type SurfaceAction,
  type SurfaceState,
  type SurfaceView,
} from '../../../src/protocol/surface.js';
import {
  WALLET_FRAME_READY,
  WALLET_FRAME_SOURCE,
  type WalletFrameOutgoing,
  type WalletFrameReply,
} from '../../../src/protocol/wallet-frame.js';
import { API_URL } from './fake-provider.js';
import { SurfaceUser, surfaceChannel } from './surface-channel.js';

export const PROVIDER_ORIGIN = new URL(API_URL).origin;
export const HOST_ORIGIN = 'https://shop.test';

export interface FrameMessage {
  source: string;
  id: string;
  type: string;
  data: Record<string, unknown>;
  quiet?: boolean;
}

/** A reply the test makes instead of the frame (a forged, empty or missing one: 'silence'). */
export type FrameAnswer = { data: unknown } | { error: { type: string; message: string } } | 'silence';

export interface FramePeerOptions {
  handlers: FrameHandlers;
  /** Answers a request before the frame sees it; undefined lets the frame answer. */
  override?: (message: FrameMessage) => FrameAnswer | undefined;
  /** Posts ready once it listens (default true). */
  ready?: boolean;
}

/** One prompt the frame announced to the host: the request it belongs to, its id and what it shows. */
export interface ShownPrompt extends Omit<PromptMessage['prompt'], 'kind'> {
  request: string;
  kind: SurfaceView['kind'];
}

export function framePeer(options: FramePeerOptions) {
  const messages = new EventTarget();
  const received: FrameMessage[] = [];
  /** What the frame posted to the host (ready, prompts, replies). */
  const sent: WalletFrameOutgoing[] = [];
  const origins: string[] = [];
  const prompts: ShownPrompt[] = [];
  const channel = surfaceChannel();
  const user = new SurfaceUser(channel);
  let toFrame: ((data: unknown) => void) | null = null;
  let mounted = 0;
  let url = '';

  /** Dispatches a message on the host as if posted by `source` from `origin`. */
  function post(data: unknown, origin = PROVIDER_ORIGIN, source: unknown = frameWindow) {
    const event = new Event('message');
    Object.defineProperties(event, {
      data: { value: data },
      origin: { value: origin },
      source: { value: source },
    });
    messages.dispatchEvent(event);
  }

  const frameWindow = {
    postMessage(message: FrameMessage, targetOrigin: string) {
      origins.push(targetOrigin);
      received.push(structuredClone(message));
      const answer = options.override?.(message);
      queueMicrotask(() => {
        if (answer === 'silence') return;
        if (answer) post({ source: WALLET_FRAME_SOURCE, id: message.id, type: message.type, ...answer });
        else toFrame?.(structuredClone(message));
      });
    },
  };

  /** The frame's window in the host's iframe: its parent is the host page, at HOST_ORIGIN only. */
  function mount(src: string) {
    mounted += 1;
    url = src;
    const listeners = new Set<(event: MessageEvent) => void>();
    const parent = {
      postMessage(message: WalletFrameOutgoing, targetOrigin: string) {
        if (targetOrigin !== HOST_ORIGIN) throw new Error(`the frame posted to ${targetOrigin}`);
        if (message.type === WALLET_FRAME_READY && options.ready === false) return;
        sent.push(structuredClone(message));
        if (message.type === PROMPT_MESSAGE) {
          const { prompt, id } = message;
          prompts.push({ ...prompt, request: id });
          // The host shows the surface; it loads and asks the frame for the view.
          user.open(prompt.id);
        }
        queueMicrotask(() => post(structuredClone(message)));
      },
    };
    const stop = startFrame(
      {
        parent,
        addEventListener: (_type, listener) => listeners.add(listener),
        removeEventListener: (_type, listener) => listeners.delete(listener),
      },
      HOST_ORIGIN,
      options.handlers,
      channel.hub,
    );
    toFrame = (data) => {
      for (const listener of [...listeners])
        listener({ data, source: parent, origin: HOST_ORIGIN } as MessageEvent);
    };
    return {
      window: frameWindow,
      remove: () => {
        stop();
        toFrame = null;
        channel.hub.cancelAll();
      },
    };
  }

  return {
    received,
    sent,
    /** The frame's reply to the request of this id, once posted. */
    replyTo: (id: string) =>
      sent.find((m): m is WalletFrameReply => 'id' in m && m.id === id && m.type !== PROMPT_MESSAGE),
    origins,
    post,
    frameWindow,
    surface: surfaceDriver(prompts, user),
    get mounted() {
      return mounted;
    },
    get url() {
      return url;
    },
    seams: { messages, hostOrigin: HOST_ORIGIN, mount },
    ready: () => post({ source: WALLET_FRAME_SOURCE, type: WALLET_FRAME_READY }),
  };
}

/** The person in front of the surface: what it shows, and what they do there. */
function surfaceDriver(prompts: ShownPrompt[], user: SurfaceUser) {
  /** The prompt the surface shows now (the last announced that has not ended). */
  const current = (): ShownPrompt | undefined => {
    const last = prompts.at(-1);
    return last && !user.ended(last.id) ? last : undefined;
  };
  const latest = (): { view: SurfaceView; state: SurfaceState } | undefined => {
    const prompt = current();
    return prompt && user.latest(prompt.id);
  };
  const showing = (kind?: SurfaceView['kind']) => {
    const shown = latest();
    return shown && !shown.state.busy && (!kind || shown.view.kind === kind) ? shown.view : undefined;
  };
  /**
   * Waits until the surface shows a view of `kind` (any, by default) that waits for the user. No
   * wait (and no fake time advanced) when it does already.
   */
  const shows = async <K extends SurfaceView['kind']>(kind?: K) => {
    if (!showing(kind)) {
      await vi.waitFor(
        () => {
          if (!showing(kind))
            throw new Error(`the surface shows ${JSON.stringify(latest())}, not ${kind ?? 'a prompt'}`);
        },
        { timeout: 3000 },
      );
    }
    return showing(kind) as Extract<SurfaceView, { kind: K }>;
  };
  const act = async (action: SurfaceAction, kind?: SurfaceView['kind']) => {
    await shows(kind);
    user.act(current()!.id, action);
  };
  return {
    prompts,
    current,
    /** What the surface shows now, and its state (busy, the error text). */
    latest,
    shows,
    act,
    /** Approve, Sign, Send, Reveal: a trusted click in the surface. */
    approve: (kind?: SurfaceView['kind']) => act({ type: 'approve' }, kind),
    /** The surface's Cancel. */
    cancel: () => act({ type: 'cancel' }),
    password: (password: string, kind?: 'password-set' | 'password-enter') =>
      act({ type: 'password', password }, kind),
    factor: (factor: Extract<SurfaceAction, { type: 'factor' }>['factor']) =>
      act({ type: 'factor', factor }, 'verify'),
    code: (code: string, kind: SurfaceView['kind'] = 'verify') => act({ type: 'code', code }, kind),
  };
}

export type FramePeer = ReturnType<typeof framePeer>;
