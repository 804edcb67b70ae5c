/** The frame's handlers of the passkey requests (protocol/passkey.ts PASSKEY_FRAME_REQUESTS). */
import { PASSKEY_FRAME_REQUESTS } from '../protocol/passkey.js';
import type { FrameHandlers } from './messaging.js';
import { linkRequest, type PasskeyDeps } from './passkey-link.js';
import { passkeyLogin } from './passkey-login.js';
import { setRecoveryPasskey } from './passkey-recovery.js';

export function passkeyHandlers(deps: PasskeyDeps): FrameHandlers {
  return {
    [PASSKEY_FRAME_REQUESTS.login]: (data, scope) => passkeyLogin(deps.api, data as never, scope),
    [PASSKEY_FRAME_REQUESTS.link]: (data, scope) => linkRequest(deps, data as never, scope),
    [PASSKEY_FRAME_REQUESTS.setRecovery]: (data, scope) => setRecoveryPasskey(deps, data as never, scope),
  };
}
