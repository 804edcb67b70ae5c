/**
 * The hidden wallet frame, served by the provider at `/apps/{appId}/embedded-wallets`
 * (src/server/routes/wallet-frame.ts) with `frame-ancestors` = the app's exact origins.
 *
 * Message flow (types and payloads: src/protocol/wallet-frame.ts):
 * 1. The host adds `<iframe src="{apiUrl}/apps/{appId}/embedded-wallets?caid={caid}&origin={encodeURIComponent(location.origin)}">`.
 *    The frame reads its app and the app's origins from the page (meta `gatehouse-frame-config`) and
 *    accepts the `origin` parameter only if it is exactly one of them; otherwise it stays silent.
 * 2. Frame → host: `{source: 'gatehouse', type: 'gatehouse:iframe:ready'}`, posted to that origin.
 * 3. Host → frame: `{source: 'gatehouse', id, type, data}` with type one of
 *    `wallet:create` {accessToken, recoveryPassword?} → {address, recoveryMethod}
 *    `wallet:connect` {accessToken, address} → {address}  (error `wallet_not_on_device`: recover next)
 *    `wallet:recover` {accessToken, address, recoveryPin?} → {address}  (wrong pin: `invalid_recovery_pin`)
 *    `wallet:rpc` {accessToken, address, request: {method, params}} → {response: {method, data}}
 *    `wallet:set-recovery-password` {accessToken, address, recoveryPassword} → {address, recoveryMethod}
 *    `mfa:verify` {accessToken, method, code?} → {method, status: 'code_sent'} | {method, status: 'verified', expiresAt}
 *    `mfa:init-enrollment` {accessToken, method, phoneNumber?} → {method: 'totp', authUrl, secret} | {method: 'sms', status: 'code_sent'}
 *    `mfa:submit-enrollment` {accessToken, method, code, phoneNumber?} → {method, user, expiresAt}
 *    `mfa:unenroll` {accessToken, method} → {method, user}
 *    `mfa:clear` {} → {cleared: true}
 *    `wallet:clear` {} → {cleared: true}  (the host's logout: the proof and any key being registered go)
 *    `wallet:get-devices` {accessToken, address} → {devices}
 *    `wallet:revoke-device` {accessToken, address, id} → {devices}
 *    and the Farcaster requests of src/protocol/farcaster-frame.ts (`farcaster:init-signer`, …).
 *    With MFA enrolled, the wallet requests need a verification in this frame first (else
 *    `missing_or_invalid_mfa`); the proof stays in this frame's memory (mfa-session.ts).
 *    Shares are released only to this frame's device key (device-key.ts); recovering on a new
 *    browser needs a recent login (`recent_login_required`).
 * 4. Frame → host, once per request: `{source: 'gatehouse', id, type, data}` or `{…, error: {type, message}}`.
 * Messages not from `window.parent`, or from any other origin, or not of this shape, get no reply.
 * Requests run one at a time. No key, mnemonic, share or password ever leaves the frame in clear.
 */
import { WALLET_FRAME_QUERY } from '../protocol/wallet-frame.js';
import { DeviceHandlers } from './device-handlers.js';
import { deviceStore } from './device-store.js';
import { farcasterHandlers } from './farcaster/handlers.js';
import { warmUp } from './keys.js';
import { frameHandlers, hostOriginFrom, readFrameConfig, startFrame } from './messaging.js';
import { answerProofRequests, MFA_BRIDGE_CHANNEL } from './mfa-bridge.js';
import { mfaClient } from './mfa-client.js';
import { FrameMfa } from './mfa-service.js';
import { MfaSession } from './mfa-session.js';
import { walletApi } from './wallet-api.js';
import { WalletService } from './wallet-service.js';

const config = readFrameConfig(document);
const hostOrigin = config ? hostOriginFrom(location.search, config.allowedOrigins) : null;

if (config && hostOrigin && window.parent !== window) {
  const provider = {
    baseUrl: location.origin,
    appId: config.appId,
    clientAnalyticsId:
      new URLSearchParams(location.search).get(WALLET_FRAME_QUERY.clientAnalyticsId) ?? undefined,
  };
  const mfa = new MfaSession();
  const store = deviceStore();
  const api = walletApi(provider);
  const wallet = new WalletService({ appId: config.appId, store, api, mfa });
  const devices = new DeviceHandlers({ appId: config.appId, store, api, mfa });
  startFrame(
    window,
    hostOrigin,
    frameHandlers(wallet, new FrameMfa(mfaClient(provider), mfa), devices),
    farcasterHandlers(config.appId, store, provider),
  );
  // Loaded ahead of a creation (while the visitor reads their code), the first derivation is warm by then.
  setTimeout(() => void warmUp().catch(() => undefined), 0);
  // The key export view (another page of this origin) asks for the proof here.
  answerProofRequests(new BroadcastChannel(MFA_BRIDGE_CHANNEL), mfa);
}
