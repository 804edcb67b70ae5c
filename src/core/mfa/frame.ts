/** The frame's `mfa:*` messages (§7), and what their failures mean (§8 wallet error types). */
import type { MfaFrameReplyData, MfaFrameRequestData } from '../../protocol/mfa-frame.js';
import { MFA_TEXT } from '../../protocol/mfa-text.js';
import type { WalletFrameRequestData } from '../../protocol/wallet-frame.js';
import type { Context } from '../context.js';
import { toGatehouseError } from '../errors/gatehouse-error.js';
import { requireToken } from '../session/require-token.js';
import { MFA_ERROR_TEXT } from '../text/mfa-errors.js';
import { WALLET_FLOW_TEXT } from '../text/wallet-flow.js';
import { type ProxyRequestOptions, WalletProxyError } from '../wallet/embedded/proxy.js';
import { walletState } from '../wallet/embedded/state.js';

type Request = keyof MfaFrameRequestData;

/** One `mfa:*` request with the access token ('Must have valid access token to enrol in MFA' without one). */
export async function mfaRequest<T extends Exclude<Request, 'mfa:clear'>>(
  ctx: Context,
  type: T,
  data: Omit<MfaFrameRequestData[T], 'accessToken'>,
  options: ProxyRequestOptions = {},
): Promise<MfaFrameReplyData[T]> {
  const accessToken = await requireToken(ctx.session, MFA_TEXT.tokenRequired);
  const request = { ...data, accessToken } as WalletFrameRequestData[T];
  return walletState(ctx).proxy.request(type, request, options) as Promise<MfaFrameReplyData[T]>;
}

/** The user closed the surface: the step goes back, as a closed prompt. */
export const closedInSurface = (error: unknown): boolean =>
  error instanceof WalletProxyError && error.walletErrorType === 'user_rejected';

/** §8 MFA verification texts of a failure. */
export function mfaErrorText(error: unknown): string {
  const failure = toGatehouseError(error);
  if (/code 429/.test(failure.message)) return WALLET_FLOW_TEXT.rateLimited;
  const type = error instanceof WalletProxyError ? error.walletErrorType : null;
  switch (type) {
    case 'missing_or_invalid_mfa':
      return MFA_ERROR_TEXT.invalidCode;
    case 'mfa_verification_max_attempts_reached':
      return MFA_ERROR_TEXT.maxAttempts;
    case 'mfa_timeout':
      return MFA_ERROR_TEXT.timedOut;
    case 'twilio_verification_failed':
    case 'invalid_request_arguments':
      return failure.message;
    default:
      return MFA_ERROR_TEXT.unknown;
  }
}
