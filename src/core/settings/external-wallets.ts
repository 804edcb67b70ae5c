/**
 * The external wallets' settings (§3, §5, §9): WalletConnect's project id (the host's over the
 * app's) and relay, the request timeouts, whether a connection moves to the default chain, and
 * what the wallets show of the app and the chains they are asked for. Read by the external wallets' chunk only (lazy).
 */
import type { AppConfigWire } from '../../protocol/api.js';
import type { HostConfig } from '../../protocol/client.js';
import { WALLET_CONNECT_DEFAULT_RELAY_URL } from '../../protocol/external-wallet.js';
import { type ChainConfig, resolveChainConfig } from '../wallet/chains.js';

export interface ExternalWalletSettings {
  /** WalletConnect's cloud project id, or null: then WalletConnect is hidden. */
  walletConnectProjectId: string | null;
  walletConnectRelayUrl: string;
  /** The host's `externalWallets.requestTimeoutMs`: milliseconds per walletClientType or connectorType. */
  requestTimeoutMs: Readonly<Record<string, number>>;
  /** `shouldEnforceDefaultChainOnConnect`: a connection on an unsupported chain switches to the default. */
  enforceDefaultChain: boolean;
  /** The app's name (null before its configuration arrives) and logo (the host's over the app's). */
  appName: string | null;
  appLogo: string | null;
}

/** Where the settings come from: a client's context, or anything holding the two configurations. */
export interface SettingsSources {
  $appConfig: { get(): AppConfigWire | null };
  $hostConfig: { get(): HostConfig };
}

export function externalWalletSettingsOf(
  app: AppConfigWire | null,
  host: HostConfig,
): ExternalWalletSettings {
  return {
    walletConnectProjectId: host.walletConnectCloudProjectId ?? app?.wallet_connect_cloud_project_id ?? null,
    walletConnectRelayUrl: host.walletConnectRelayUrl ?? WALLET_CONNECT_DEFAULT_RELAY_URL,
    requestTimeoutMs: host.externalWallets?.requestTimeoutMs ?? {},
    enforceDefaultChain: host.shouldEnforceDefaultChainOnConnect ?? false,
    appName: app?.name ?? null,
    appLogo: host.appearance?.logo || app?.logo_url || null,
  };
}

export const externalWalletSettings = (sources: SettingsSources): ExternalWalletSettings =>
  externalWalletSettingsOf(sources.$appConfig.get(), sources.$hostConfig.get());

/** The chains a connection may be on (§4.5): the host's `defaultChain` and `supportedChains`, else the table's. */
export const externalWalletChains = (sources: SettingsSources): ChainConfig =>
  resolveChainConfig(sources.$hostConfig.get());
