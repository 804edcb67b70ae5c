/**
 * The frame's side of the postMessage channel: which host it talks to, which messages it acts on,
 * and how errors become `{type, message}` (§7, §8). A message acts only when its `source` is the
 * parent window AND its `origin` is exactly the host origin; every reply and the ready message go
 * to that origin, never `'*'`. Anything else is dropped without a reply.
 */

import { MFA_TEXT } from '../protocol/mfa-text.js';
import {
  WALLET_FRAME_CONFIG_META,
  WALLET_FRAME_ERRORS,
  WALLET_FRAME_QUERY,
  WALLET_FRAME_READY,
  WALLET_FRAME_REQUEST_TYPES,
  WALLET_FRAME_SOURCE,
  type WalletErrorType,
  type WalletFrameConfig,
  type WalletFrameError,
  type WalletFrameOutgoing,
  type WalletFrameReply,
  type WalletFrameRequest,
  type WalletFrameRequestData,
  type WalletFrameRequestType,
} from '../protocol/wallet-frame.js';
import { AddressMismatchError } from './keys.js';
import type { FrameMfa } from './mfa-service.js';
import { WrongPasswordError } from './password-box.js';
import { InvalidRpcRequestError } from './signing.js';
import { WalletApiError } from './wallet-api.js';
import {
  InvalidArgumentsError,
  RecoveryPinRequiredError,
  WalletNotOnDeviceError,
  type WalletService,
} from './wallet-service.js';

/** Longest request id accepted (the proxy client's ids are short). */
const MAX_ID_LENGTH = 128;

/** The app and its origins, as the server wrote them into the page; undefined when absent or malformed. */
export function readFrameConfig(doc: Document): WalletFrameConfig | undefined {
  const content = doc.querySelector(`meta[name="${WALLET_FRAME_CONFIG_META}"]`)?.getAttribute('content');
  if (!content) return undefined;
  try {
    const config = JSON.parse(content) as Partial<WalletFrameConfig>;
    if (
      typeof config.appId !== 'string' ||
      !Array.isArray(config.allowedOrigins) ||
      !config.allowedOrigins.every((origin) => typeof origin === 'string')
    ) {
      return undefined;
    }
    return { appId: config.appId, allowedOrigins: config.allowedOrigins };
  } catch {
    return undefined;
  }
}

/**
 * The host origin named by the `origin` query parameter, when it is exactly one of the app's
 * origins (no normalisation: `https://a.example/` or another port is another origin); else null.
 */
export function hostOriginFrom(search: string, allowedOrigins: readonly string[]): string | null {
  const origin = new URLSearchParams(search).get(WALLET_FRAME_QUERY.origin);
  if (!origin || origin === 'null' || origin === '*') return null;
  return allowedOrigins.includes(origin) ? origin : null;
}

/** Provider codes that reach the host as the §8 wallet error type of the same name. */
const WALLET_TYPED_CODES: ReadonlySet<string> = new Set<WalletErrorType>([
  'missing_or_invalid_mfa',
  'mfa_verification_max_attempts_reached',
  'mfa_timeout',
  'twilio_verification_failed',
]);

/** A refusal of the provider as a wallet error (§8). */
function apiErrorToFrameError(error: WalletApiError): WalletFrameError {
  // A wrong code is the prompt's 'The code you entered is not valid': missing_or_invalid_mfa.
  if (error.code === 'invalid_mfa_code')
    return { type: 'missing_or_invalid_mfa', message: MFA_TEXT.invalidCode };
  if (WALLET_TYPED_CODES.has(error.code))
    return { type: error.code as WalletErrorType, message: error.message };
  // §8: a message containing 'code 429' means rate limited.
  const message = error.status === 429 ? `Request failed with code 429: ${error.message}` : error.message;
  return { type: 'error', message };
}

/** `error` of a reply; unexpected failures say only 'Embedded wallet error'. */
export function toFrameError(error: unknown): WalletFrameError {
  if (error instanceof WalletNotOnDeviceError) return WALLET_FRAME_ERRORS.walletNotOnDevice;
  if (error instanceof WrongPasswordError) return WALLET_FRAME_ERRORS.invalidRecoveryPin;
  if (error instanceof RecoveryPinRequiredError) return WALLET_FRAME_ERRORS.recoveryPinRequired;
  if (error instanceof AddressMismatchError) return WALLET_FRAME_ERRORS.addressMismatch;
  if (error instanceof InvalidArgumentsError || error instanceof InvalidRpcRequestError) {
    return { type: 'invalid_request_arguments', message: error.message };
  }
  if (error instanceof WalletApiError) return apiErrorToFrameError(error);
  return WALLET_FRAME_ERRORS.unknown;
}

/** The request handlers, one per §7 type (WalletService and FrameMfa implement them: frameHandlers). */
export interface FrameHandlers {
  create(data: unknown): Promise<unknown>;
  connect(data: unknown): Promise<unknown>;
  recover(data: unknown): Promise<unknown>;
  rpc(data: unknown): Promise<unknown>;
  setRecoveryPassword(data: unknown): Promise<unknown>;
  mfaVerify(data: unknown): Promise<unknown>;
  mfaInitEnrollment(data: unknown): Promise<unknown>;
  mfaSubmitEnrollment(data: unknown): Promise<unknown>;
  mfaUnenroll(data: unknown): Promise<unknown>;
  mfaClear(data: unknown): Promise<unknown>;
}

/** The handlers of a frame: the wallet's and the MFA ones, which share the frame's MfaSession. */
export function frameHandlers(wallet: WalletService, mfa: FrameMfa): FrameHandlers {
  return {
    create: (data) => wallet.create(data as WalletFrameRequestData['wallet:create']),
    connect: (data) => wallet.connect(data as WalletFrameRequestData['wallet:connect']),
    recover: (data) => wallet.recover(data as WalletFrameRequestData['wallet:recover']),
    rpc: (data) => wallet.rpc(data as WalletFrameRequestData['wallet:rpc']),
    setRecoveryPassword: (data) =>
      wallet.setRecoveryPassword(data as WalletFrameRequestData['wallet:set-recovery-password']),
    mfaVerify: (data) => mfa.verify(data as WalletFrameRequestData['mfa:verify']),
    mfaInitEnrollment: (data) => mfa.initEnrollment(data as WalletFrameRequestData['mfa:init-enrollment']),
    mfaSubmitEnrollment: (data) =>
      mfa.submitEnrollment(data as WalletFrameRequestData['mfa:submit-enrollment']),
    mfaUnenroll: (data) => mfa.unenroll(data as WalletFrameRequestData['mfa:unenroll']),
    mfaClear: () => mfa.clear(),
  };
}

/** Requests of other groups (Farcaster's), by type; each answers its `data` or throws. */
export type ExtraFrameHandlers = Readonly<Record<string, (data: unknown) => Promise<unknown>>>;

function handlerFor(
  handlers: FrameHandlers,
  type: WalletFrameRequestType,
): (data: unknown) => Promise<unknown> {
  switch (type) {
    case 'wallet:create':
      return (data) => handlers.create(data);
    case 'wallet:connect':
      return (data) => handlers.connect(data);
    case 'wallet:recover':
      return (data) => handlers.recover(data);
    case 'wallet:rpc':
      return (data) => handlers.rpc(data);
    case 'wallet:set-recovery-password':
      return (data) => handlers.setRecoveryPassword(data);
    case 'mfa:verify':
      return (data) => handlers.mfaVerify(data);
    case 'mfa:init-enrollment':
      return (data) => handlers.mfaInitEnrollment(data);
    case 'mfa:submit-enrollment':
      return (data) => handlers.mfaSubmitEnrollment(data);
    case 'mfa:unenroll':
      return (data) => handlers.mfaUnenroll(data);
    case 'mfa:clear':
      return (data) => handlers.mfaClear(data);
  }
}

/** A host→frame envelope of a known type, or undefined. */
function asRequest(data: unknown, extra: ExtraFrameHandlers): WalletFrameRequest | undefined {
  const message = data as Partial<WalletFrameRequest> | null;
  if (typeof message !== 'object' || message === null || message.source !== WALLET_FRAME_SOURCE)
    return undefined;
  if (typeof message.id !== 'string' || message.id === '' || message.id.length > MAX_ID_LENGTH)
    return undefined;
  const type = message.type as WalletFrameRequestType;
  if (!WALLET_FRAME_REQUEST_TYPES.includes(type) && !Object.hasOwn(extra, type)) return undefined;
  return message as WalletFrameRequest;
}

/** The window the frame answers to; `parent` in a browser. */
export interface FrameWindow {
  parent: { postMessage(message: WalletFrameOutgoing, targetOrigin: string): void } | null;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

/**
 * Listens for the host's requests, then posts `gatehouse:iframe:ready` to the host origin.
 * Requests run one at a time, in arrival order. Returns a function that stops listening.
 */
export function startFrame(
  win: FrameWindow,
  hostOrigin: string,
  handlers: FrameHandlers,
  extra: ExtraFrameHandlers = {},
): () => void {
  const parent = win.parent;
  if (!parent || (parent as unknown) === win) return () => undefined;
  let queue: Promise<void> = Promise.resolve();

  const listener = (event: MessageEvent): void => {
    if (event.source !== parent || event.origin !== hostOrigin) return;
    const request = asRequest(event.data, extra);
    if (!request) return;
    const run =
      (Object.hasOwn(extra, request.type) && extra[request.type]) || handlerFor(handlers, request.type);
    queue = queue.then(async () => {
      let reply: WalletFrameReply;
      try {
        const data = await run(request.data);
        reply = { source: WALLET_FRAME_SOURCE, id: request.id, type: request.type, data } as WalletFrameReply;
      } catch (error) {
        reply = {
          source: WALLET_FRAME_SOURCE,
          id: request.id,
          type: request.type,
          error: toFrameError(error),
        };
      }
      parent.postMessage(reply, hostOrigin);
    });
  };

  win.addEventListener('message', listener);
  parent.postMessage({ source: WALLET_FRAME_SOURCE, type: WALLET_FRAME_READY }, hostOrigin);
  return () => win.removeEventListener('message', listener);
}
