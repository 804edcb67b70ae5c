/** Entry of the key export view (export-view.ts); served at /apps/{appId}/embedded-wallets/export. */
import './export.css';
import { WALLET_FRAME_QUERY } from '../protocol/wallet-frame.js';
import { deviceStore } from './device-store.js';
import { forwardEscape, receiveToken } from './export-token.js';
import { mountExportError, mountExportView, readExportParams } from './export-view.js';
import { hostOriginFrom, readFrameConfig } from './messaging.js';
import { MFA_BRIDGE_CHANNEL, requestProof } from './mfa-bridge.js';
import { walletApi } from './wallet-api.js';

const root = document.getElementById('export');
const config = readFrameConfig(document);
const search = location.search;
const params = readExportParams(search);
const query = new URLSearchParams(search);
const hostOrigin = config ? hostOriginFrom(search, config.allowedOrigins) : null;
const channel = query.get(WALLET_FRAME_QUERY.channel);

if (root) {
  if (config && params && hostOrigin && channel && window.parent !== window) {
    const token = receiveToken(window, hostOrigin, channel);
    forwardEscape(window, document, hostOrigin, channel);
    mountExportView(root, {
      appId: config.appId,
      params,
      accessToken: () => token,
      store: deviceStore(),
      api: walletApi({
        baseUrl: location.origin,
        appId: config.appId,
        clientAnalyticsId: query.get(WALLET_FRAME_QUERY.clientAnalyticsId) ?? undefined,
      }),
      mfaProof: async (accessToken) => {
        const bridge = new BroadcastChannel(MFA_BRIDGE_CHANNEL);
        try {
          return await requestProof(bridge, accessToken);
        } finally {
          bridge.close();
        }
      },
    });
  } else {
    mountExportError(root);
  }
}
