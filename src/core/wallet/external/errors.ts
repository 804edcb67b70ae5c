/** What a wallet's failure means to the user (§8 wallet connect errors). */
import { PROVIDER_ERROR_CODES } from '../../../protocol/wallet-constants.js';
import * as CODES from '../../errors/codes.js';
import type { ErrorCode } from '../../errors/error-code.js';
import { GatehouseError } from '../../errors/gatehouse-error.js';
import { PROVIDER_ERROR_VARIANTS } from '../../errors/wallet-messages.js';
import { EXTERNAL_WALLET_TEXT as TEXT } from '../../text/external-wallet.js';

/** A failure AWAITING_CONNECTION shows (§8). */
export interface WalletFlowError {
  code: string;
  message: string;
  detail: string | null;
  /** 'Retry' shows; otherwise 'Use a different wallet'. */
  retryable: boolean;
}

/** §8 `connector_error`: an external wallet's connector failed (no account, no chain, no answer). */
export function connectorError(code: ErrorCode, message: string, details?: unknown): GatehouseError {
  return new GatehouseError({ type: 'connector_error', code, message, details });
}

/** The numeric code of a wallet's error (EIP-1193), looking into the wrappers some wallets add. */
export function providerCode(error: unknown): number | undefined {
  const value = error as { code?: unknown; data?: { originalError?: { code?: unknown } } } | null;
  const code = value?.code ?? value?.data?.originalError?.code;
  return typeof code === 'number' ? code : undefined;
}

/** -32002: the wallet is locked, or a request of its own waits (for a connection, or another). */
function busyWallet(error: unknown, connecting: boolean): WalletFlowError {
  const { message, detail, retryable } = /lock/i.test(String((error as Error | null)?.message))
    ? PROVIDER_ERROR_VARIANTS.walletLocked
    : connecting
      ? PROVIDER_ERROR_VARIANTS.connectionRequestPending
      : PROVIDER_ERROR_VARIANTS.resourceRequestPending;
  return { code: CODES.genericConnectWalletError, message, detail, retryable };
}

const KNOWN: Record<string, WalletFlowError> = {
  [CODES.userRejectedConnection]: {
    code: CODES.userRejectedConnection,
    message: TEXT.userRejectedConnection,
    detail: null,
    retryable: true,
  },
  [CODES.timeout]: { code: CODES.timeout, message: TEXT.timedOut, detail: null, retryable: true },
  [CODES.linkedToAnotherUser]: {
    code: CODES.linkedToAnotherUser,
    message: TEXT.userExists,
    detail: TEXT.userExistsDetail,
    retryable: false,
  },
  [CODES.walletAlreadyLinked]: {
    code: CODES.walletAlreadyLinked,
    message: TEXT.alreadyLinked,
    detail: null,
    retryable: false,
  },
};

/**
 * §8: the wallet connect error of a failure. A wallet that is busy or locked (-32002) says so with
 * the §8 variant for a connection (`connecting`) or another request, and where to look.
 */
export function describeWalletError(error: unknown, connecting = false): WalletFlowError {
  const code = providerCode(error);
  if (code === PROVIDER_ERROR_CODES.userRejected) {
    return { code: CODES.userRejected, message: TEXT.rejected, detail: null, retryable: true };
  }
  if (code === PROVIDER_ERROR_CODES.resourceUnavailable) return busyWallet(error, connecting);
  const failure = error instanceof GatehouseError ? error : null;
  const known = failure ? KNOWN[failure.code] : undefined;
  if (known) return known;
  // A connector's own failure says what it is ('Unable to retrieve accounts', …); Retry connects again.
  return {
    code: failure?.code ?? CODES.genericConnectWalletError,
    message: failure?.type === 'connector_error' ? failure.message : TEXT.couldNotLogIn,
    detail: null,
    retryable: true,
  };
}

/** A wallet request that fails with 'Wallet request timed out' after `timeoutMs` (§9). */
export function timed<T>(promise: Promise<T>, timeoutMs: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(connectorError(CODES.timeout, TEXT.timedOut)), timeoutMs);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
