/**
 * The wallet proxy client (§7): a hidden iframe at the provider's wallet frame
 * (`/apps/{appId}/embedded-wallets?caid&origin`), request/reply by id over postMessage.
 *
 * - Waits for `gatehouse:iframe:ready` (30 s; 15 s when the wallet is created from the API, §9).
 * - Posts only to the provider's origin; accepts a message only when `event.source` is the frame's
 *   window and `event.origin` is the provider's origin exactly.
 * - Each request has its id and its timeout (create 10 s, others 120 s); a reply's `error {type}`
 *   becomes a {@link WalletProxyError} with the §8 wallet error type as its code.
 * - A request that needs the user gets `gatehouse:prompt` messages first (protocol/surface.ts):
 *   `onPrompt` shows the surface, and the timeout stops (the user takes the time they need);
 *   aborting `signal` tells the frame to give the request up (`wallet:cancel`).
 */

import { PROMPT_MESSAGE, type PromptMessage } from '../../../protocol/surface.js';
import { WALLET_CLEAR_TIMEOUT_MS } from '../../../protocol/wallet-device-frame.js';
import {
  WALLET_CREATE_TIMEOUT_MS,
  WALLET_FRAME_QUERY,
  WALLET_FRAME_READY,
  WALLET_FRAME_REQUESTS,
  WALLET_FRAME_SOURCE,
  WALLET_PROXY_CONNECT_TIMEOUT_FROM_API_MS,
  WALLET_PROXY_CONNECT_TIMEOUT_MS,
  WALLET_REQUEST_TIMEOUT_MS,
  type WalletFrameReplyData,
  type WalletFrameRequestData,
  type WalletFrameRequestType,
  walletFramePath,
} from '../../../protocol/wallet-frame.js';
import * as CODES from '../../errors/codes.js';
import {
  checkAfterLoad,
  frameUnreachable,
  type MountedFrame,
  type MountFrame,
  mountIframe,
} from './frame-mount.js';
import { nextId, toProxyError, WalletProxyError } from './proxy-error.js';

export { WalletProxyError } from './proxy-error.js';

import { WALLET_FLOW_TEXT } from '../../text/wallet-flow.js';

export interface WalletProxyOptions {
  apiUrl: string;
  appId: string;
  clientAnalyticsId: string;
  /** The host page's origin; default `location.origin`. */
  hostOrigin?: string;
  /** Where the frame's messages arrive; default the host's window. */
  messages?: EventTarget;
  /** Adds the frame at `url`; default a hidden iframe appended to document.body. */
  mount?: MountFrame;
}

interface Pending {
  type: WalletFrameRequestType;
  resolve: (data: unknown) => void;
  reject: (error: Error) => void;
  timer: ReturnType<typeof setTimeout>;
  onPrompt?: ((prompt: PromptMessage['prompt']) => void) | undefined;
}

/** How one request goes. */
export interface ProxyRequestOptions {
  timeoutMs?: number;
  fromApi?: boolean;
  /** No surface will show for it (a background connection): the frame fails rather than ask. */
  quiet?: boolean;
  /** The frame needs the user: show the surface of this prompt (again for each new kind of view). */
  onPrompt?: (prompt: PromptMessage['prompt']) => void;
  /** Aborted: the request is given up (the frame cancels what waits on the user). */
  signal?: AbortSignal;
}

export class WalletProxy {
  readonly frameUrl: string;
  readonly providerOrigin: string;
  private readonly options: WalletProxyOptions;
  private readonly messages: EventTarget;
  private frame: MountedFrame | null = null;
  private readyPromise: Promise<void> | null = null;
  private resolveReady: (() => void) | null = null;
  private readonly pending = new Map<string, Pending>();
  private pendingCreate: { key: string; promise: Promise<WalletFrameReplyData['wallet:create']> } | null =
    null;
  private readonly onMessage = (event: Event): void => this.receive(event as MessageEvent);

  constructor(options: WalletProxyOptions) {
    this.options = options;
    this.providerOrigin = new URL(options.apiUrl).origin;
    const hostOrigin = options.hostOrigin ?? globalThis.location?.origin ?? '';
    const url = new URL(walletFramePath(options.appId), options.apiUrl);
    url.searchParams.set(WALLET_FRAME_QUERY.clientAnalyticsId, options.clientAnalyticsId);
    url.searchParams.set(WALLET_FRAME_QUERY.origin, hostOrigin);
    this.frameUrl = url.toString();
    this.messages = options.messages ?? globalThis;
  }

  /**
   * Adds the frame (once) and waits for its ready message. A wait that runs out removes the frame,
   * so the next call starts afresh.
   */
  ready(fromApi = false): Promise<void> {
    if (this.readyPromise) return this.readyPromise;
    const timeoutMs = fromApi ? WALLET_PROXY_CONNECT_TIMEOUT_FROM_API_MS : WALLET_PROXY_CONNECT_TIMEOUT_MS;
    this.readyPromise = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.destroy();
        reject(new WalletProxyError(CODES.timeout, WALLET_FLOW_TEXT.walletTimeout));
      }, timeoutMs);
      let arrived = false;
      this.resolveReady = () => {
        arrived = true;
        clearTimeout(timer);
        resolve();
      };
      const unreachable = () => {
        clearTimeout(timer);
        this.destroy();
        reject(frameUnreachable());
      };
      this.messages.addEventListener('message', this.onMessage);
      try {
        this.frame = (this.options.mount ?? mountIframe)(this.frameUrl, () =>
          checkAfterLoad(this.frameUrl, () => arrived, unreachable),
        );
      } catch (error) {
        clearTimeout(timer);
        this.destroy();
        reject(error);
      }
    });
    return this.readyPromise;
  }

  /** One request to the frame; resolves with the reply's `data`, rejects with a WalletProxyError. */
  async request<T extends WalletFrameRequestType>(
    type: T,
    data: WalletFrameRequestData[T],
    options: ProxyRequestOptions = {},
  ): Promise<WalletFrameReplyData[T]> {
    await this.ready(options.fromApi);
    const frame = this.frame;
    if (!frame) throw new WalletProxyError('error', WALLET_FLOW_TEXT.unableToConnect);
    const id = nextId();
    const timeoutMs = options.timeoutMs ?? WALLET_REQUEST_TIMEOUT_MS;
    const post = (message: object) => frame.window.postMessage(message, this.providerOrigin);
    return new Promise<WalletFrameReplyData[T]>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(
          new WalletProxyError(
            CODES.timeout,
            type === WALLET_FRAME_REQUESTS.create
              ? WALLET_FLOW_TEXT.createTimedOut
              : WALLET_FLOW_TEXT.walletTimeout,
          ),
        );
      }, timeoutMs);
      const { signal, onPrompt } = options;
      const giveUp = () => {
        if (!this.pending.has(id)) return;
        post({
          source: WALLET_FRAME_SOURCE,
          id: nextId(),
          type: WALLET_FRAME_REQUESTS.cancel,
          data: { request: id },
        });
      };
      signal?.addEventListener('abort', giveUp, { once: true });
      const settle = (done: () => void) => () => {
        signal?.removeEventListener('abort', giveUp);
        done();
      };
      this.pending.set(id, {
        type,
        resolve: (value) => settle(() => resolve(value as WalletFrameReplyData[T]))(),
        reject: (error) => settle(() => reject(error))(),
        timer,
        onPrompt,
      });
      post({ source: WALLET_FRAME_SOURCE, id, type, data, ...(options.quiet ? { quiet: true } : {}) });
      if (signal?.aborted) giveUp();
    });
  }

  /**
   * `wallet:create` (10 s, until the frame asks the user). Identical pending calls (same token,
   * same recovery method) share one request (§4.6).
   */
  create(
    data: WalletFrameRequestData['wallet:create'],
    options: ProxyRequestOptions = {},
  ): Promise<WalletFrameReplyData['wallet:create']> {
    const key = `${data.accessToken}\u0000${data.recoveryMethod ?? ''}`;
    if (this.pendingCreate?.key === key) return this.pendingCreate.promise;
    const promise = this.ready(options.fromApi)
      .then(() =>
        this.request(WALLET_FRAME_REQUESTS.create, data, { ...options, timeoutMs: WALLET_CREATE_TIMEOUT_MS }),
      )
      .finally(() => {
        if (this.pendingCreate?.promise === promise) this.pendingCreate = null;
      });
    this.pendingCreate = { key, promise };
    return promise;
  }

  /**
   * `wallet:clear` to the frame, if one is there and ready (none is added for it): it forgets its
   * MFA proof and any key it was registering. Waits at most WALLET_CLEAR_TIMEOUT_MS; never rejects.
   */
  async forget(): Promise<void> {
    if (!this.frame || this.resolveReady !== null) return;
    try {
      await this.request(WALLET_FRAME_REQUESTS.clearWallet, {}, { timeoutMs: WALLET_CLEAR_TIMEOUT_MS });
    } catch {}
  }

  /** Takes the frame away; pending requests fail. */
  destroy(): void {
    this.messages.removeEventListener('message', this.onMessage);
    this.frame?.remove();
    this.frame = null;
    this.readyPromise = null;
    this.resolveReady = null;
    for (const [id, pending] of this.pending) {
      clearTimeout(pending.timer);
      pending.reject(new WalletProxyError('error', WALLET_FLOW_TEXT.unableToConnect));
      this.pending.delete(id);
    }
  }

  private receive(event: MessageEvent): void {
    // Only the frame we added, from the provider's origin exactly.
    if (
      !this.frame ||
      event.source !== (this.frame.window as unknown) ||
      event.origin !== this.providerOrigin
    ) {
      return;
    }
    const message = event.data as Record<string, unknown> | null;
    if (!message || typeof message !== 'object' || message.source !== WALLET_FRAME_SOURCE) return;
    if (message.type === WALLET_FRAME_READY) {
      this.resolveReady?.();
      this.resolveReady = null;
      return;
    }
    if (typeof message.id !== 'string') return;
    const pending = this.pending.get(message.id);
    if (pending && message.type === PROMPT_MESSAGE) {
      prompted(pending, message.prompt);
      return;
    }
    if (!pending || message.type !== pending.type) return;
    this.pending.delete(message.id);
    clearTimeout(pending.timer);
    const error = message.error as { type?: unknown; message?: unknown } | undefined;
    if (error && typeof error === 'object') {
      pending.reject(toProxyError(error));
      return;
    }
    if (message.data === undefined) {
      pending.reject(
        new WalletProxyError(
          'error',
          pending.type === WALLET_FRAME_REQUESTS.create
            ? WALLET_FLOW_TEXT.createNoResponse
            : WALLET_FLOW_TEXT.embeddedWalletError,
        ),
      );
      return;
    }
    pending.resolve(message.data);
  }
}

/** The frame waits on the user: no timeout while the surface shows, which `onPrompt` shows. */
function prompted(pending: Pending, prompt: unknown): void {
  clearTimeout(pending.timer);
  const shown = prompt as PromptMessage['prompt'] | undefined;
  if (shown && typeof shown.id === 'string') pending.onPrompt?.(shown);
}
