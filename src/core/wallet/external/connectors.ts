/**
 * How each entry of the wallet list connects (§3 connectorType): a browser extension as it
 * announced itself, Coinbase Wallet through its SDK, a wallet app through WalletConnect. The SDKs
 * load the first time they are needed, one client each per page. A remembered connection (§3
 * history) finds its connector again here, to reconnect without a prompt.
 */

import { QUERY_PARAMS } from '../../../protocol/constants.js';
import {
  COINBASE_RDNS,
  COINBASE_WALLET_CLIENT_TYPE,
  COINBASE_WALLET_CONNECTOR,
  type ExternalEthereumProvider,
  INJECTED_CONNECTOR,
  PHANTOM_BROWSE_URL,
  PHANTOM_CONNECTOR,
  PHANTOM_WALLET_CLIENT_TYPE,
  UNKNOWN_WALLET_CLIENT_TYPE,
  WALLET_CLIENT_TYPES_BY_RDNS,
  WALLET_CONNECT_CONNECTOR,
  type WalletConnectionRecord,
  type WalletProviderInfo,
} from '../../../protocol/external-wallet.js';
import * as CODES from '../../errors/codes.js';
import {
  externalWalletChains,
  externalWalletSettings,
  type SettingsSources,
} from '../../settings/external-wallets.js';
import { EXTERNAL_WALLET_TEXT } from '../../text/external-wallet.js';
import { registryWalletOf, type WalletChoice, walletChoices, walletClientTypeOf } from './choices.js';
import { mobilePlatform } from './deep-links.js';
import { type DetectedWallet, LEGACY_WALLET_UUID, type WalletDiscovery } from './discovery.js';
import { connectorError } from './errors.js';

/** A wallet ready to connect: its branding, its EIP-1193 provider, and how it connects. */
export interface WalletConnector extends DetectedWallet {
  connectorType: string;
  walletClientType: string;
}

/** The page the wallets live on (EIP-6963 events, `window.ethereum`, its address, its browser). */
export type WalletPage = EventTarget & {
  ethereum?: unknown;
  location?: { host: string; origin: string; href: string; reload(): void };
  navigator?: { userAgent: string; maxTouchPoints?: number };
};

export type ConnectorsHost = SettingsSources;

const asInjected = (wallet: DetectedWallet): WalletConnector => ({
  ...wallet,
  connectorType: INJECTED_CONNECTOR,
  walletClientType: walletClientTypeOf(wallet.info),
});

/** The branding of a choice that is not an extension (which brings its own). */
function infoOf(choice: WalletChoice): WalletProviderInfo {
  if (choice.kind === 'injected') return choice.detected.info;
  const rdns =
    choice.kind === 'coinbase' ? COINBASE_RDNS : choice.kind === 'wallet_connect' ? choice.wallet?.rdns : '';
  return { uuid: choice.key, name: choice.name, icon: choice.icon, rdns: rdns ?? '' };
}

export class Connectors {
  private walletConnectLoad: Promise<ExternalEthereumProvider> | null = null;
  private coinbaseLoad: Promise<ExternalEthereumProvider> | null = null;
  private warnedNoProjectId = false;

  constructor(
    private readonly host: ConnectorsHost,
    private readonly page: WalletPage,
    /** WalletConnect's pairing URI, for the QR code or the deep links. */
    private readonly onPairingUri: (uri: string) => void,
  ) {}

  private location() {
    return this.page.location ?? globalThis.location;
  }

  /** A phone or tablet (deep links, Phantom's in-app browser), not a desktop browser (QR codes). */
  isMobile(): boolean {
    const nav = this.page.navigator ?? globalThis.navigator;
    return mobilePlatform(nav?.userAgent, nav?.maxTouchPoints) !== null;
  }

  /** The site's WalletConnect project id (host config over the app's), or null: then WalletConnect is hidden. */
  walletConnectProjectId(): string | null {
    return externalWalletSettings(this.host).walletConnectProjectId;
  }

  /** The entries of the wallet list for these walletList values (see choices.ts). */
  choices(detected: readonly DetectedWallet[], values: readonly string[]): WalletChoice[] {
    const walletConnect = this.walletConnectProjectId() !== null;
    if (!walletConnect && !this.warnedNoProjectId && values.includes('wallet_connect')) {
      this.warnedNoProjectId = true;
      console.warn(EXTERNAL_WALLET_TEXT.noWalletConnectProjectId);
    }
    return walletChoices(detected, values, { walletConnect });
  }

  /** The connector of a chosen entry (not 'phantom_missing', which has screens instead). */
  async forChoice(choice: Exclude<WalletChoice, { kind: 'phantom_missing' }>): Promise<WalletConnector> {
    if (choice.kind === 'injected') return asInjected(choice.detected);
    const info = infoOf(choice);
    if (choice.kind === 'coinbase') {
      const provider = await this.coinbase();
      return {
        info,
        connectorType: COINBASE_WALLET_CONNECTOR,
        walletClientType: COINBASE_WALLET_CLIENT_TYPE,
        provider,
      };
    }
    const entry = choice.wallet;
    const walletClientType = entry?.walletClientType ?? entry?.id ?? UNKNOWN_WALLET_CLIENT_TYPE;
    return {
      info,
      connectorType: WALLET_CONNECT_CONNECTOR,
      walletClientType,
      provider: await this.walletConnect(),
    };
  }

  /**
   * The connectors a remembered connection may have come through (none when it is not here now).
   * Extensions of one kind (two unknown wallets) are all candidates: the one holding the address
   * is the one. `settled`: after the discovery wait, so that late announcements count too.
   */
  async forRecord(
    record: WalletConnectionRecord,
    discovery: WalletDiscovery,
    settled = false,
  ): Promise<WalletConnector[]> {
    const { connectorType, walletClientType } = record;
    if (connectorType === INJECTED_CONNECTOR) {
      if (settled) await discovery.settled;
      return discovery
        .wallets()
        .filter(({ info }) =>
          walletClientType === UNKNOWN_WALLET_CLIENT_TYPE
            ? !WALLET_CLIENT_TYPES_BY_RDNS[info.rdns] || info.uuid === LEGACY_WALLET_UUID
            : walletClientTypeOf(info) === walletClientType,
        )
        .map(asInjected);
    }
    if (connectorType === COINBASE_WALLET_CONNECTOR) {
      const name = registryWalletOf(COINBASE_WALLET_CLIENT_TYPE)?.name ?? walletClientType;
      const info = { uuid: connectorType, name, icon: '', rdns: COINBASE_RDNS };
      return [{ info, connectorType, walletClientType, provider: await this.coinbase() }];
    }
    if (connectorType === WALLET_CONNECT_CONNECTOR && this.walletConnectProjectId()) {
      const entry = registryWalletOf(walletClientType);
      const info = {
        uuid: entry ? walletClientType : connectorType,
        name: entry?.name ?? EXTERNAL_WALLET_TEXT.walletConnect,
        icon: '',
        rdns: entry?.rdns ?? '',
      };
      return [{ info, connectorType, walletClientType, provider: await this.walletConnect() }];
    }
    return [];
  }

  /** What the wallets show of the app, and the chains it asks for (the default first). */
  private appMetadata() {
    const settings = externalWalletSettings(this.host);
    const chains = externalWalletChains(this.host);
    const chainIds = [
      chains.defaultChain.id,
      ...chains.supportedChains.map((c) => c.id).filter((id) => id !== chains.defaultChain.id),
    ];
    const location = this.location();
    return {
      name: settings.appName ?? location.host,
      url: location.origin,
      logo: settings.appLogo,
      chainIds,
    };
  }

  /** One WalletConnect client per page (a failed load is tried again on the next choice). */
  private walletConnect(): Promise<ExternalEthereumProvider> {
    const projectId = this.walletConnectProjectId();
    if (!projectId) {
      return Promise.reject(
        connectorError(CODES.genericConnectWalletError, EXTERNAL_WALLET_TEXT.noWalletConnectProjectId),
      );
    }
    this.walletConnectLoad ??= import('./walletconnect.js')
      .then(({ createWalletConnectProvider }) => {
        const app = this.appMetadata();
        return createWalletConnectProvider({
          projectId,
          relayUrl: externalWalletSettings(this.host).walletConnectRelayUrl,
          metadata: {
            name: app.name,
            description: app.name,
            url: app.url,
            icons: app.logo ? [app.logo] : [],
          },
          chainIds: app.chainIds,
          onDisplayUri: this.onPairingUri,
        });
      })
      .catch((error: unknown) => {
        this.walletConnectLoad = null;
        throw error;
      });
    return this.walletConnectLoad;
  }

  private coinbase(): Promise<ExternalEthereumProvider> {
    this.coinbaseLoad ??= import('./coinbase.js')
      .then(({ createCoinbaseProvider }) => {
        const app = this.appMetadata();
        return createCoinbaseProvider({ appName: app.name, appLogoUrl: app.logo, chainIds: app.chainIds });
      })
      .catch((error: unknown) => {
        this.coinbaseLoad = null;
        throw error;
      });
    return this.coinbaseLoad;
  }

  /**
   * PHANTOM_INTERSTITIAL_SCREEN's link: this page in Phantom's in-app browser, with the
   * `gatehouse_connector` and `gatehouse_wallet_client` parameters that resume the connection there.
   */
  phantomBrowseLink(): string {
    const location = this.location();
    const back = new URL(location.href);
    back.searchParams.set(QUERY_PARAMS.connector, PHANTOM_CONNECTOR);
    back.searchParams.set(QUERY_PARAMS.walletClient, PHANTOM_WALLET_CLIENT_TYPE);
    return `${PHANTOM_BROWSE_URL}${encodeURIComponent(back.href)}?ref=${encodeURIComponent(location.origin)}`;
  }
}
