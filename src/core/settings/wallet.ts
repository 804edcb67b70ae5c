/**
 * The embedded wallet's settings (§3, §5, §6, §9): the host's `embeddedWallets` over the app's
 * `embedded_wallet_config`, the app's `enforce_wallet_uis`, and the host's chains. Read by the wallet chunk only (lazy);
 * createOnLogin, which every login reads before the wallet loads, is in wallet-creation.ts.
 */
import type { AppConfigWire } from '../../protocol/api.js';
import type { HostConfig } from '../../protocol/client.js';
import {
  DEFAULT_PRICE_DISPLAY,
  type PriceDisplay,
  type WalletRecoverySetting,
} from '../../protocol/embedded-wallet.js';
import type { Context } from '../context.js';
import { type ChainConfig, resolveChainConfig } from '../wallet/chains.js';

export interface WalletSettings {
  requirePassword: boolean;
  /** A new wallet's recovery: 'passkey' asks the user's passkey first (the default where it cannot). */
  recovery: WalletRecoverySetting;
  noPrompt: boolean;
  priceDisplay: { primary: PriceDisplay; secondary: PriceDisplay };
  /** §9: dollars are shown (and the token price looked up, §7) unless the native token comes first. */
  fiat: boolean;
  waitForConfirmation: boolean;
  /** The app enforces its wallet UIs: no silent signature, and every receipt waited for (§5). */
  enforceWalletUis: boolean;
}

export function walletSettingsOf(app: AppConfigWire | null, host: HostConfig): WalletSettings {
  const own = host.embeddedWallets ?? {};
  const server = app?.embedded_wallet_config;
  const priceDisplay = { ...DEFAULT_PRICE_DISPLAY, ...own.priceDisplay };
  return {
    requirePassword: own.requireUserPasswordOnCreate ?? server?.require_user_password_on_create ?? false,
    recovery: own.recovery ?? server?.recovery ?? 'default',
    noPrompt: own.noPromptOnSignature ?? server?.no_prompt_on_signature ?? false,
    priceDisplay,
    fiat: priceDisplay.primary !== 'native-token',
    waitForConfirmation: host.waitForTransactionConfirmation ?? true,
    enforceWalletUis: app?.enforce_wallet_uis ?? false,
  };
}

export const walletSettings = (ctx: Context): WalletSettings =>
  walletSettingsOf(ctx.$appConfig.get(), ctx.$hostConfig.get());

/** The embedded wallet's chains (§4.5): the host's `defaultChain` and `supportedChains`, else the table's. */
export const walletChains = (ctx: Context): ChainConfig => resolveChainConfig(ctx.$hostConfig.get());
