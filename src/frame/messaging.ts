/**
 * The frame's side of the postMessage channel: which host it talks to, which messages it acts on,
 * and how errors become `{type, message}` (§7, §8). A message acts only when its `source` is the
 * parent window AND its `origin` is exactly the host origin; every reply, prompt and the ready
 * message go to that origin, never `'*'`. Anything else is dropped without a reply.
 */
import { PROVIDER_UNREACHABLE_CODE } from '../protocol/error-messages.js';
import { MFA_TEXT } from '../protocol/mfa-text.js';
import { STEP_UP_REQUIRED } from '../protocol/step-up.js';
import { PROMPT_MESSAGE, type PromptMessage } from '../protocol/surface.js';
import {
  WALLET_FRAME_ERRORS,
  WALLET_FRAME_READY,
  WALLET_FRAME_REQUEST_TYPES,
  WALLET_FRAME_REQUESTS,
  WALLET_FRAME_SOURCE,
  type WalletErrorType,
  type WalletFrameError,
  type WalletFrameOutgoing,
  type WalletFrameReply,
  type WalletFrameRequest,
  type WalletFrameRequestType,
} from '../protocol/wallet-frame.js';

export { hostOriginFrom, readFrameConfig } from './frame-config.js';

import { AddressMismatchError } from './keys.js';
import { WrongPasswordError } from './password-box.js';
import { PromptCancelledError, type PromptHub } from './prompts.js';
import { WalletApiError } from './provider-call.js';
import { type RequestScope, requestScope, UserActionRequiredError } from './request-scope.js';
import { InvalidRpcRequestError } from './signing.js';
import { InvalidArgumentsError, WalletNotOnDeviceError } from './wallet-errors.js';

/** Longest request id accepted (the proxy client's ids are short). */
const MAX_ID_LENGTH = 128;

/** Provider codes that reach the host as the §8 wallet error type of the same name. */
const WALLET_TYPED_CODES: ReadonlySet<string> = new Set<string>([
  'missing_or_invalid_mfa',
  'mfa_verification_max_attempts_reached',
  'mfa_timeout',
  'twilio_verification_failed',
  PROVIDER_UNREACHABLE_CODE,
]);

/** A refusal of the provider as a wallet error (§8). */
/** The verifications the provider ends (too many codes, too late), with §8's texts for them. */
const ENDED_MFA: Readonly<Record<string, string>> = {
  mfa_verification_max_attempts_reached: MFA_TEXT.maxAttempts,
  mfa_timeout: MFA_TEXT.timedOut,
};

function apiErrorToFrameError(error: WalletApiError): WalletFrameError {
  // A wrong code is the prompt's 'The code you entered is not valid': missing_or_invalid_mfa.
  if (error.code === 'invalid_mfa_code')
    return { type: 'missing_or_invalid_mfa', message: MFA_TEXT.invalidCode };
  // §8: a verification the provider ended says so to the host in the surface's words.
  const ended = ENDED_MFA[error.code];
  if (ended) return { type: error.code as WalletErrorType, message: ended };
  if (WALLET_TYPED_CODES.has(error.code))
    return { type: error.code as WalletErrorType, message: error.message };
  // A step-up a quiet request could not ask for: the user's next action asks.
  if (error.code === STEP_UP_REQUIRED) return WALLET_FRAME_ERRORS.userActionRequired;
  // §8: a message containing 'code 429' means rate limited.
  const message = error.status === 429 ? `Request failed with code 429: ${error.message}` : error.message;
  return { type: 'error', message };
}

/** `error` of a reply; unexpected failures say only 'Embedded wallet error'. */
export function toFrameError(error: unknown): WalletFrameError {
  if (error instanceof PromptCancelledError) return WALLET_FRAME_ERRORS.userRejected;
  if (error instanceof UserActionRequiredError) return WALLET_FRAME_ERRORS.userActionRequired;
  if (error instanceof WalletNotOnDeviceError) return WALLET_FRAME_ERRORS.walletNotOnDevice;
  if (error instanceof WrongPasswordError) return WALLET_FRAME_ERRORS.invalidRecoveryPin;
  if (error instanceof AddressMismatchError) return WALLET_FRAME_ERRORS.addressMismatch;
  if (error instanceof InvalidArgumentsError || error instanceof InvalidRpcRequestError) {
    return { type: 'invalid_request_arguments', message: error.message };
  }
  if (error instanceof WalletApiError) return apiErrorToFrameError(error);
  return WALLET_FRAME_ERRORS.unknown;
}

/** One request's handler: its data, and its scope (the prompt it may open). */
export type FrameHandler = (data: unknown, scope: RequestScope) => Promise<unknown>;

/** The handlers of every request type but `wallet:cancel`, answered here. */
export type FrameHandlers = Readonly<Record<string, FrameHandler>>;

/** A host→frame envelope of a known type, or undefined. */
function asRequest(data: unknown, handlers: FrameHandlers): WalletFrameRequest | undefined {
  const message = data as Partial<WalletFrameRequest> | null;
  if (typeof message !== 'object' || message === null || message.source !== WALLET_FRAME_SOURCE)
    return undefined;
  if (typeof message.id !== 'string' || message.id === '' || message.id.length > MAX_ID_LENGTH)
    return undefined;
  const type = message.type as WalletFrameRequestType;
  const known = WALLET_FRAME_REQUEST_TYPES.includes(type) || Object.hasOwn(handlers, type);
  return known ? (message as WalletFrameRequest) : undefined;
}

/** The window the frame answers to; `parent` in a browser. */
export interface FrameWindow {
  parent: { postMessage(message: WalletFrameOutgoing, targetOrigin: string): void } | null;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

/** Requests answered at once, ahead of one that waits on the user. */
const UNQUEUED: ReadonlySet<string> = new Set([
  WALLET_FRAME_REQUESTS.cancel,
  WALLET_FRAME_REQUESTS.clearWallet,
]);

/**
 * Listens for the host's requests, then posts `gatehouse:iframe:ready` to the host origin.
 * Requests run one at a time, in arrival order, but for `wallet:cancel` and `wallet:clear`, which
 * reach a request waiting on the user. Returns a function that stops listening.
 */
export function startFrame(
  win: FrameWindow,
  hostOrigin: string,
  handlers: FrameHandlers,
  hub: PromptHub,
): () => void {
  const parent = win.parent;
  if (!parent || (parent as unknown) === win) return () => undefined;
  let queue: Promise<void> = Promise.resolve();
  const waiting = new Map<string, RequestScope>();
  const post = (message: WalletFrameOutgoing) => parent.postMessage(message, hostOrigin);

  const run = async (request: WalletFrameRequest): Promise<void> => {
    const announce = (prompt: PromptMessage['prompt']) =>
      post({ source: WALLET_FRAME_SOURCE, id: request.id, type: PROMPT_MESSAGE, prompt });
    const scope = requestScope(hub, announce, request.quiet !== true);
    waiting.set(request.id, scope);
    let reply: WalletFrameReply;
    try {
      const handler = handlers[request.type] as FrameHandler;
      const data = await handler(request.data, scope);
      reply = { source: WALLET_FRAME_SOURCE, id: request.id, type: request.type, data } as WalletFrameReply;
    } catch (error) {
      reply = { source: WALLET_FRAME_SOURCE, id: request.id, type: request.type, error: toFrameError(error) };
    } finally {
      waiting.delete(request.id);
      scope.end();
    }
    post(reply);
  };

  const cancel = (request: WalletFrameRequest): void => {
    const target = (request.data as { request?: unknown } | undefined)?.request;
    const scope = typeof target === 'string' ? waiting.get(target) : undefined;
    scope?.cancel();
    const data = { cancelled: scope !== undefined };
    post({ source: WALLET_FRAME_SOURCE, id: request.id, type: request.type, data } as WalletFrameReply);
  };

  const listener = (event: MessageEvent): void => {
    if (event.source !== parent || event.origin !== hostOrigin) return;
    const request = asRequest(event.data, handlers);
    if (!request) return;
    if (request.type === WALLET_FRAME_REQUESTS.cancel) {
      cancel(request);
      return;
    }
    if (UNQUEUED.has(request.type)) {
      for (const scope of waiting.values()) scope.cancel();
      void run(request);
      return;
    }
    queue = queue.then(() => run(request));
  };

  win.addEventListener('message', listener);
  post({ source: WALLET_FRAME_SOURCE, type: WALLET_FRAME_READY });
  return () => win.removeEventListener('message', listener);
}
