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
  type FundingResult,
  type FundingResultKind,
  fundingResult,
  isCardPayment,
  isFundingFailure,
} from './result.js';
export {
  fiatOnRampStatusUrl,
  type PollFiatOnRampStatusOptions,
  pollFiatOnRampStatus,
  type Sleep,
  type StatusFetch,
  statusFromAnswer,
  toFiatOnRampStatus,
} from './status.js';
