/**
 * `wallet:create` with `recoveryMethod: 'passkey'`: the new wallet's recovery share sealed under
 * the PRF output of one of the user's passkeys, asked in the surface as `wallet:set-recovery-passkey`
 * asks it (passkey-recovery.ts: an assertion by a passkey of the user's, or one added first when the
 * user has none). Where it cannot be — no WebAuthn in this browser, no PRF output, the user's
 * Cancel — the creation goes on as without it (wallet-create.ts) and its reply says why.
 */
import { PASSKEY_NO_PRF_MESSAGE, type PasskeyFallback } from '../protocol/passkey.js';
import { sealWithPasskey } from './passkey-box.js';
import type { PasskeyDeps } from './passkey-link.js';
import { forUser } from './passkey-link.js';
import { recoveryPasskey } from './passkey-recovery.js';
import type { KeptPrf } from './passkey-shared.js';
import { PromptCancelledError } from './prompts.js';
import type { RequestScope } from './request-scope.js';
import type { PasskeySealer } from './wallet-create.js';
import { InvalidArgumentsError } from './wallet-errors.js';

/** This browser has WebAuthn (the surface, of the same origin and browser, runs the ceremony). */
const hasWebAuthn = (): boolean => typeof globalThis.PublicKeyCredential === 'function';

/** The fallback a failure of the passkey step means, or null when the creation fails with it. */
function fallbackFor(error: unknown, scope: RequestScope): PasskeyFallback | null {
  if (error instanceof InvalidArgumentsError && error.message === PASSKEY_NO_PRF_MESSAGE)
    return 'unavailable';
  // The user's Cancel skips the passkey; the host giving the request up ends the creation.
  if (error instanceof PromptCancelledError && scope.cancelled !== true) return 'skipped';
  return null;
}

export function passkeySealer(
  deps: PasskeyDeps,
  scope: RequestScope,
  accessToken: string,
  webAuthn: () => boolean = hasWebAuthn,
): PasskeySealer {
  return async (share, address) => {
    if (!webAuthn()) return 'unavailable';
    // No step-up is asked: the user has no wallet yet, and a link for a user without one needs none.
    const ask = forUser(deps, scope, accessToken, null);
    const verifyInit = () => ask(() => deps.api.verifyInit(accessToken));
    let passkey: KeptPrf;
    try {
      const request = {
        purpose: 'create-recovery',
        deps,
        scope,
        accessToken,
        address: null,
        verifyInit,
      } as const;
      passkey = await recoveryPasskey(request);
    } catch (error) {
      const fallback = fallbackFor(error, scope);
      if (fallback === null) throw error;
      // Skipped: the cancelled prompt is over; a password the creation still asks gets a new one.
      if (fallback === 'skipped') scope.reopen?.();
      return fallback;
    }
    try {
      return await sealWithPasskey(share, passkey.prf, passkey.credentialId, address);
    } finally {
      passkey.prf.fill(0);
    }
  };
}
