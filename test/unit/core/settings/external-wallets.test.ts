import { describe, expect, it } from 'vitest';
import { externalWalletSettingsOf } from '../../../../src/core/settings/external-wallets.js';
import { WALLET_CONNECT_DEFAULT_RELAY_URL } from '../../../../src/protocol/external-wallet.js';
import { appConfig } from '../../helpers/fake-provider.js';

describe('external wallet settings: the host over the app, then the defaults', () => {
  it('hides WalletConnect, uses its public relay and the default timeouts when nobody sets them', () => {
    expect(externalWalletSettingsOf(null, {})).toEqual({
      walletConnectProjectId: null,
      walletConnectRelayUrl: WALLET_CONNECT_DEFAULT_RELAY_URL,
      requestTimeoutMs: {},
      enforceDefaultChain: false,
      appName: null,
      appLogo: null,
    });
  });

  it("takes the app's WalletConnect project id, name and logo when the host says nothing", () => {
    const app = appConfig({
      wallet_connect_cloud_project_id: 'app-project',
      name: 'Shop',
      logo_url: '/app.png',
    });
    expect(externalWalletSettingsOf(app, {})).toMatchObject({
      walletConnectProjectId: 'app-project',
      appName: 'Shop',
      appLogo: '/app.png',
    });
  });

  it("lets the host's project id, relay, timeouts, chain rule and logo win", () => {
    const app = appConfig({ wallet_connect_cloud_project_id: 'app-project', logo_url: '/app.png' });
    const settings = externalWalletSettingsOf(app, {
      walletConnectCloudProjectId: 'host-project',
      walletConnectRelayUrl: 'wss://relay.example',
      externalWallets: { requestTimeoutMs: { metamask: 5000 } },
      shouldEnforceDefaultChainOnConnect: true,
      appearance: { logo: '/host.png' },
    });
    expect(settings).toMatchObject({
      walletConnectProjectId: 'host-project',
      walletConnectRelayUrl: 'wss://relay.example',
      requestTimeoutMs: { metamask: 5000 },
      enforceDefaultChain: true,
      appLogo: '/host.png',
    });
  });
});
