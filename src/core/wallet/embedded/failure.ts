/** What a wallet screen says about a failure (§8), beside the text of the step that failed. */
import { toGatehouseError } from '../../errors/gatehouse-error.js';
import { WALLET_FLOW_TEXT } from '../../text/wallet-flow.js';
import { WalletProxyError } from './proxy.js';

/** §8: a frame message containing 'code 429' (the provider's rate limit) means rate limited. */
const isRateLimited = (error: unknown): boolean =>
  error instanceof WalletProxyError && error.message.includes('code 429');

/** A verification the provider ended (too many codes, too late): the frame's message is §8's text for it. */
const isEndedMfa = (error: unknown): error is WalletProxyError =>
  error instanceof WalletProxyError && /^mfa_/.test(error.walletErrorType ?? '');

/**
 * 'Too many requests…' for a rate-limited frame, §8's MFA text for a verification the provider
 * ended, 'User created a wallet but failed to set a password for it' when the wallet came without
 * its password, else `fallback`.
 */
export function walletFailureText(error: unknown, fallback: string): string {
  if (isRateLimited(error)) return WALLET_FLOW_TEXT.rateLimited;
  if (isEndedMfa(error)) return error.message;
  const { message } = toGatehouseError(error);
  return message === WALLET_FLOW_TEXT.passwordAfterCreateFailed ? message : fallback;
}
