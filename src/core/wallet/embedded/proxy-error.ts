/** The wallet proxy's failures (§8 kind wallet_error), the frame's `error` of a reply as one, and request ids. */
import type { WalletErrorType } from '../../../protocol/wallet-frame.js';
import type { ErrorCode } from '../../errors/error-code.js';
import { GatehouseError } from '../../errors/gatehouse-error.js';
import { WALLET_FLOW_TEXT } from '../../text/wallet-flow.js';

/** A failure of the wallet proxy (§8 kind wallet_error): `code` is the wallet error type (or a client code for timeouts). */
export class WalletProxyError extends GatehouseError {
  /** The frame's `error.type`, when the frame answered with an error. */
  readonly walletErrorType: WalletErrorType | null;

  constructor(code: ErrorCode, message: string, walletErrorType: WalletErrorType | null = null) {
    super({ type: 'wallet_error', code, message });
    this.name = 'WalletProxyError';
    this.walletErrorType = walletErrorType;
  }
}

/** The frame's error as a WalletProxyError: its §8 type as the code, its message kept (developer-facing). */
export function toProxyError(error: { type?: unknown; message?: unknown }): WalletProxyError {
  const type = typeof error.type === 'string' ? (error.type as WalletErrorType) : 'error';
  const message =
    typeof error.message === 'string' && error.message ? error.message : WALLET_FLOW_TEXT.embeddedWalletError;
  return new WalletProxyError(type, message, type);
}

/** A request id: unique in this page (a counter) and unguessable across pages. */
let counter = 0;
export const nextId = (): string => {
  counter += 1;
  const random = globalThis.crypto?.randomUUID?.() ?? Math.random().toString(36).slice(2);
  return `${random}-${counter}`;
};
