/** The frame's `mfa:*` messages (§7), and what their failures mean (§8 wallet error types). */
import type { MfaFrameReplyData, MfaFrameRequestData } from '../../protocol/mfa-frame.js';
import { MFA_TEXT } from '../../protocol/mfa-text.js';
import type { WalletFrameRequestData } from '../../protocol/wallet-frame.js';
import type { Context } from '../context.js';
import * as CODES from '../errors/codes.js';
import { clientError, toGatehouseError } from '../errors/gatehouse-error.js';
import { WALLET_FLOW_TEXT } from '../errors/wallet-flow-text.js';
import { requireToken } from '../session/require-token.js';
import { WalletProxyError } from '../wallet/embedded/proxy.js';
import { walletState } from '../wallet/embedded/state.js';

type Request = keyof MfaFrameRequestData;

/** One `mfa:*` request with the access token ('Must have valid access token to enrol in MFA' without one). */
export async function mfaRequest<T extends Exclude<Request, 'mfa:clear'>>(
  ctx: Context,
  type: T,
  data: Omit<MfaFrameRequestData[T], 'accessToken'>,
): Promise<MfaFrameReplyData[T]> {
  const accessToken = await requireToken(ctx.session, MFA_TEXT.tokenRequired);
  const request = { ...data, accessToken } as WalletFrameRequestData[T];
  return walletState(ctx).proxy.request(type, request) as Promise<MfaFrameReplyData[T]>;
}

/** A frame answer that asks for a verification first (no valid proof for the action). */
export const needsMfa = (error: unknown): boolean =>
  error instanceof WalletProxyError && error.walletErrorType === 'missing_or_invalid_mfa';

/** §8 MFA verification texts of a failure. */
export function mfaErrorText(error: unknown): string {
  const failure = toGatehouseError(error);
  if (/code 429/.test(failure.message)) return WALLET_FLOW_TEXT.rateLimited;
  const type = error instanceof WalletProxyError ? error.walletErrorType : null;
  switch (type) {
    case 'missing_or_invalid_mfa':
      return MFA_TEXT.invalidCode;
    case 'mfa_verification_max_attempts_reached':
      return MFA_TEXT.maxAttempts;
    case 'mfa_timeout':
      return MFA_TEXT.timedOut;
    case 'twilio_verification_failed':
    case 'invalid_request_arguments':
      return failure.message;
    default:
      return MFA_TEXT.unknown;
  }
}

/** A verification that cannot go on: too many codes, too late (the action fails with it). */
export function endsVerification(error: unknown): boolean {
  const type = error instanceof WalletProxyError ? error.walletErrorType : null;
  return type === 'mfa_verification_max_attempts_reached' || type === 'mfa_timeout';
}

/** `LoginWidget.cancelMfa()` and a closed prompt: 'MFA canceled' / 'Verification canceled' (a cancel, §8). */
export const canceled = (message: string = MFA_TEXT.mfaCanceled) => clientError(CODES.mfaCanceled, message);
