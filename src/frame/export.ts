/** Entry of the key export view (export-view.ts); served at /apps/{appId}/embedded-wallets/export. */
import './export.css';
import { WALLET_FRAME_QUERY } from '../protocol/wallet-frame.js';
import { deviceShareStore } from './device-store.js';
import { mountExportError, mountExportView, readExportParams } from './export-view.js';
import { hostOriginFrom, readFrameConfig } from './messaging.js';
import { MFA_BRIDGE_CHANNEL, requestProof } from './mfa-bridge.js';
import { walletApi } from './wallet-api.js';

const root = document.getElementById('export');
const config = readFrameConfig(document);
const search = location.search;
const params = readExportParams(search);
const query = new URLSearchParams(search);
// The access token is read once, then taken out of the address bar and history.
if (query.has(WALLET_FRAME_QUERY.token)) {
  query.delete(WALLET_FRAME_QUERY.token);
  history.replaceState(null, '', `${location.pathname}?${query.toString()}`);
}

if (root) {
  if (config && params && hostOriginFrom(search, config.allowedOrigins)) {
    mountExportView(root, {
      appId: config.appId,
      params,
      store: deviceShareStore(),
      api: walletApi({
        baseUrl: location.origin,
        appId: config.appId,
        clientAnalyticsId: query.get(WALLET_FRAME_QUERY.clientAnalyticsId) ?? undefined,
      }),
      mfaProof: async (accessToken) => {
        const channel = new BroadcastChannel(MFA_BRIDGE_CHANNEL);
        try {
          return await requestProof(channel, accessToken);
        } finally {
          channel.close();
        }
      },
    });
  } else {
    mountExportError(root);
  }
}
