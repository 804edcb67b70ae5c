/**
 * Card funding (§4.7, §5, §8), framework-free: the §5 checks and the sign call's body, the status
 * poller, the result texts and the amounts of a purchase. Loaded lazily by what funds a wallet
 * ('Add Funds' on the send review, `fundWallet`), so the first modal does not carry it.
 */
export {
  currencySymbol,
  type FundingAmounts,
  formatFiatAmount,
  formatFundingAmounts,
  formatTokenAmount,
} from './amounts.js';
export {
  type FundingAppConfig,
  type FundingProblem,
  type FundingProblemCode,
  fundWalletProblem,
  isFiatOnRampEnabled,
  moonpaySignBody,
} from './checks.js';
export {
  continueAfterLink,
  type FundingUi,
  fundingUi,
  fundOn,
  leaveStatus,
  openOnRamp,
} from './flow.js';
export {
  type FundingResult,
  type FundingResultKind,
  fundingResult,
  isFundingFailure,
} from './result.js';
export {
  fiatOnRampStatusUrl,
  type PollFiatOnRampStatusOptions,
  pollFiatOnRampStatus,
  type Sleep,
  type StatusFetch,
  statusFromAnswer,
} from './status.js';

import type { FiatOnRampStatus, FundWalletOptions } from '../../protocol/funding.js';
import type { Context } from '../context.js';
import { isCancelled } from '../modal/task.js';
import { requireToken } from '../session/require-token.js';
import { fundOn, lastStatus } from './flow.js';

/**
 * `LoginWidget.fundWallet(address, {provider, config})` (§4.7, §5): the funding screens for one of
 * the user's wallets; resolves with the last status when the user leaves them (or closes).
 */
async function fundWallet(ctx: Context, address: unknown, options?: unknown): Promise<FiatOnRampStatus> {
  await requireToken(ctx.session);
  const given = (options && typeof options === 'object' ? options : {}) as FundWalletOptions;
  return ctx.modal.run(async (task) => {
    try {
      const status = await fundOn(ctx, task, String(address ?? ''), given);
      ctx.modal.closeAfter(0);
      return status;
    } catch (error) {
      if (isCancelled(error)) return lastStatus(ctx);
      throw error;
    }
  }, 'fund');
}

/** Funding's method of window.LoginWidget. */
export const METHODS = { fundWallet };
