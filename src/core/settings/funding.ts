/**
 * Funding's settings (§5, §9): the app's on-ramp (`fiat_on_ramp_enabled`, its sandbox flag and
 * MoonPay keys) with the page's `fiatOnRamp` over it, and the currency the prompt names. Read by
 * the funding flow and the send review's 'Add Funds' (lazy chunks).
 */
import type { AppConfigWire } from '../../protocol/api.js';
import type { Chain } from '../../protocol/chains.js';
import type { HostConfig } from '../../protocol/client.js';
import type { HostFiatOnRampConfig } from '../../protocol/funding.js';
import { FIAT_ON_RAMP_CHAIN_CURRENCIES } from '../../protocol/funding-chains.js';
import type { Context } from '../context.js';
import { resolveChainConfig } from '../wallet/chains.js';

/** The app configuration's part funding reads. */
export type FundingAppConfig = Pick<
  AppConfigWire,
  'fiat_on_ramp_enabled' | 'fiat_on_ramp_use_sandbox' | 'fiat_on_ramp'
>;

/**
 * Whether the page may offer funding ('Add Funds', fundWallet): the app has the on-ramp on with
 * a publishable key, and the page has not turned it off (`fiatOnRamp.enabled: false`). Here, not
 * with the §5 checks: the send review reads it, and the checks' texts stay in the funding chunk.
 */
export function isFiatOnRampEnabled(app: FundingAppConfig, host?: HostFiatOnRampConfig): boolean {
  return app.fiat_on_ramp_enabled && host?.enabled !== false && Boolean(app.fiat_on_ramp?.publishable_key);
}

export interface FundingSettings {
  /** The app's on-ramp, as the §5 checks and the sign call take it. */
  app: FundingAppConfig;
  /** The page's `fiatOnRamp`: it may turn funding off, or choose the sandbox. */
  page: HostFiatOnRampConfig | undefined;
  /** 'Add Funds' and fundWallet are offered: the app's on-ramp is on with a key, the page's not off. */
  enabled: boolean;
}

/** Null until the app's configuration arrives (nothing is offered then). */
export const fundingSettingsOf = (app: AppConfigWire | null, host: HostConfig): FundingSettings | null =>
  app && { app, page: host.fiatOnRamp, enabled: isFiatOnRampEnabled(app, host.fiatOnRamp) };

export const fundingSettings = (ctx: Context): FundingSettings | null =>
  fundingSettingsOf(ctx.$appConfig.get(), ctx.$hostConfig.get());

/** The default chain: what fundWallet buys for when the call names no chain. */
export const fundingChain = (ctx: Context): Chain => resolveChainConfig(ctx.$hostConfig.get()).defaultChain;

/**
 * What the on-ramp buys to fund a wallet on `chainId`: the page's `fiatOnRamp.currencies`, else
 * FIAT_ON_RAMP_CHAIN_CURRENCIES; null when the chain cannot be funded by card.
 */
export const onRampCurrencyOf = (host: HostConfig, chainId: number): string | null =>
  host.fiatOnRamp?.currencies?.[chainId] ?? FIAT_ON_RAMP_CHAIN_CURRENCIES[chainId] ?? null;

export const onRampCurrency = (ctx: Context, chainId: number): string | null =>
  onRampCurrencyOf(ctx.$hostConfig.get(), chainId);
