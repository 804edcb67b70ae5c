/**
 * The §5 rules of funding: which provider, whether the on-ramp is on for this app and page, and
 * the body of the provider's sign call.
 */
import {
  FIAT_ON_RAMP_NOT_ENABLED_MESSAGE,
  FIAT_ON_RAMP_PROVIDER,
  type FiatOnRampConfig,
  type FundWalletOptions,
  type HostFiatOnRampConfig,
  type MoonpaySignBody,
  UNSUPPORTED_FUND_PROVIDER_MESSAGE,
} from '../../protocol/funding.js';

// Whether funding is offered at all is a setting (the send review reads it with the wallet code).
import { type FundingAppConfig, isFiatOnRampEnabled } from '../settings/funding.js';

export { type FundingAppConfig, isFiatOnRampEnabled };

export type FundingProblemCode = 'unsupported_fund_provider' | 'fiat_on_ramp_not_enabled';

/** Why a fundWallet call cannot go ahead, with the §8 text. */
export interface FundingProblem {
  code: FundingProblemCode;
  message: string;
}

/**
 * §5: the provider must be the single supported one or omitted ('Unsupported fund provider…'),
 * then the on-ramp must be enabled ('Fiat on-ramp is not enabled'). Undefined when all is well.
 */
export function fundWalletProblem(
  options: FundWalletOptions | undefined,
  app: FundingAppConfig,
  host?: HostFiatOnRampConfig,
): FundingProblem | undefined {
  const provider = options?.provider;
  if (provider !== undefined && provider !== FIAT_ON_RAMP_PROVIDER) {
    return { code: 'unsupported_fund_provider', message: UNSUPPORTED_FUND_PROVIDER_MESSAGE };
  }
  if (!isFiatOnRampEnabled(app, host)) {
    return { code: 'fiat_on_ramp_not_enabled', message: FIAT_ON_RAMP_NOT_ENABLED_MESSAGE };
  }
  return undefined;
}

/**
 * The body of `POST /api/v1/plugins/moonpay_on_ramp/sign`: the wallet, the mode (the page's
 * `fiatOnRamp.useSandbox`, else the app's) and the on-ramp config; the provider fills in the
 * default currency (ETH_ETHEREUM), colour and theme for what is left out.
 */
export function moonpaySignBody(
  address: string,
  app: FundingAppConfig,
  config?: FiatOnRampConfig,
  host?: HostFiatOnRampConfig,
): MoonpaySignBody {
  return {
    address,
    useSandbox: host?.useSandbox ?? app.fiat_on_ramp_use_sandbox,
    ...(config ? { config } : {}),
  };
}
