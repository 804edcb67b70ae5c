/**
 * The hidden wallet frame, served by the provider at `/apps/{appId}/embedded-wallets`
 * (src/server/routes/wallet-frame.ts) with `frame-ancestors` = the app's exact origins.
 *
 * Message flow (types and payloads: src/protocol/wallet-frame.ts, mfa-frame.ts, surface.ts):
 * 1. The host adds `<iframe src="{apiUrl}/apps/{appId}/embedded-wallets?caid={caid}&origin={encodeURIComponent(location.origin)}">`.
 *    The frame reads its app, the app's origins and its enforce_wallet_uis from the page (meta
 *    `gatehouse-frame-config`) and accepts the `origin` parameter only if it is exactly one of the
 *    origins; otherwise it stays silent.
 * 2. Frame → host: `{source: 'gatehouse', type: 'gatehouse:iframe:ready'}`, posted to that origin.
 * 3. Host → frame: `{source: 'gatehouse', id, type, data, quiet?}`: `wallet:create`, `wallet:connect`,
 *    `wallet:recover`, `wallet:rpc`, `wallet:set-recovery-password`, `wallet:export`,
 *    `wallet:step-up`, `wallet:cancel`, `wallet:clear`, `wallet:get-devices`,
 *    `wallet:revoke-device`, `mfa:enroll`, `mfa:unenroll`, `mfa:clear`, the passkey requests
 *    (`passkey:login`, `passkey:link`, `wallet:set-recovery-passkey`) and the Farcaster requests
 *    of src/protocol/farcaster-frame.ts. None carries a password or a code.
 * 4. When a request needs the user (an approval, a password, a code), the frame opens a prompt and
 *    posts `{source, id, type: 'gatehouse:prompt', prompt: {id, kind}}`; the host shows the surface
 *    (a page of this origin) for it, which talks to this frame over a BroadcastChannel the host page
 *    cannot join (prompts.ts). The user's approval is a trusted click in the surface.
 * 5. Frame → host, once per request: `{source: 'gatehouse', id, type, data}` or `{…, error: {type, message}}`.
 * Messages not from `window.parent`, or from any other origin, or not of this shape, get no reply.
 * Requests run one at a time (but `wallet:cancel` and `wallet:clear`). No key, mnemonic, share,
 * password or code ever leaves the provider's origin in clear.
 */
import { SURFACE_CHANNEL } from '../protocol/surface.js';
import { WALLET_FRAME_QUERY } from '../protocol/wallet-frame.js';
import { DeviceHandlers } from './device-handlers.js';
import { deviceStore } from './device-store.js';
import { farcasterHandlers } from './farcaster/handlers.js';
import { frameHandlers } from './handlers.js';
import { warmUp } from './keys.js';
import { hostOriginFrom, readFrameConfig, startFrame } from './messaging.js';
import { mfaClient } from './mfa-client.js';
import { FrameMfa } from './mfa-service.js';
import { MfaSession } from './mfa-session.js';
import { passkeyApi } from './passkey-api.js';
import { loadPasskeys } from './passkey-load.js';
import { PromptHub } from './prompts.js';
import { providerCall } from './provider-call.js';
import { stepUpApi } from './step-up-api.js';
import { walletApi } from './wallet-api.js';
import type { WalletDeps } from './wallet-deps.js';
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
  const session = new MfaSession();
  const store = deviceStore();
  const api = walletApi(provider);
  const mfaApi = mfaClient(provider);
  const call = providerCall(provider);
  const passkeys = passkeyApi(call);
  let wallet: WalletService | undefined;
  const deps: WalletDeps = {
    appId: config.appId,
    store,
    api,
    mfa: session,
    enforceWalletUis: config.enforceWalletUis !== false,
    demands: {
      stepUp: stepUpApi(call, config.appId),
      mfa: mfaApi,
      session,
      approveWithWallet: () => Promise.reject(new Error('No wallet named for this approval.')),
      approveWithPasskey: (...args) =>
        loadPasskeys().then((code) => code.passkeyApproval(passkeys, session)(...args)),
      verifyWithPasskey: (...args) =>
        loadPasskeys().then((code) => code.passkeyMfaVerification(passkeys, mfaApi)(...args)),
    },
    forget: () => wallet?.forget(),
  };
  wallet = new WalletService(deps);
  const devices = new DeviceHandlers({ appId: config.appId, store, api, mfa: session });
  const farcaster = farcasterHandlers(config.appId, store, provider);
  const service = wallet;
  const approveWithWallet = (token: string, id: string, address: string | null) =>
    service.approveWithWallet(token, id, address);
  const passkeyDeps = { wallet: deps, api: passkeys, approveWithWallet };
  const mfa = new FrameMfa(mfaApi, session, deps.demands, approveWithWallet, (token, address, scope) =>
    loadPasskeys().then((code) =>
      code.enrollPasskeyMfa({ ...passkeyDeps, mfa: mfaApi, session }, scope, token, address),
    ),
  );
  const handlers = frameHandlers(wallet, mfa, devices, farcaster, passkeyDeps);
  startFrame(window, hostOrigin, handlers, new PromptHub(new BroadcastChannel(SURFACE_CHANNEL)));
  // Loaded ahead of a creation (while the visitor reads their code), the first derivation is warm by then.
  setTimeout(() => void warmUp().catch(() => undefined), 0);
}
