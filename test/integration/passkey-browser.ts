/**
 * The browser in front of the surface for the frame's passkey requests: WebAuthn by a software
 * authenticator (real attestations and signatures the provider verifies). Its PRF output, which a
 * browser hands only to the surface, is an HMAC of a secret of each credential; `prf: false` is an
 * authenticator without the extension (no output, nothing enabled).
 */
import { createHmac, randomBytes } from 'node:crypto';
import { PASSKEY_PRF_INPUT, type PasskeyAction, type PasskeyView } from '../../src/protocol/passkey.js';
import { toB64url } from '../../src/protocol/sealed-box.js';
import type { SoftwareAuthenticator } from '../support/software-authenticator.js';
import { PUBLIC_URL } from './harness.js';

export function surfaceBrowser(authenticator: SoftwareAuthenticator, options: { prf?: boolean } = {}) {
  const withPrf = options.prf !== false;
  const secrets = new Map<string, Buffer>();
  const prfOf = (id: string) => {
    const secret = secrets.get(id) ?? randomBytes(32);
    secrets.set(id, secret);
    return toB64url(createHmac('sha256', secret).update(PASSKEY_PRF_INPUT).digest());
  };
  return (view: PasskeyView): PasskeyAction => {
    const prf = view.prf && withPrf;
    if (view.ceremony === 'create') {
      const credential = authenticator.create(view.options);
      if (prf)
        credential.clientExtensionResults = { ...credential.clientExtensionResults, prf: { enabled: true } };
      return { type: 'passkey', credential, prf: prf ? prfOf(credential.id) : null };
    }
    // The browser fills the RP ID the options leave out with the surface's host.
    const rpId = (view.options.rpId as string | undefined) ?? new URL(PUBLIC_URL).hostname;
    const credential = authenticator.get({ ...view.options, rpId });
    return { type: 'passkey', credential, prf: prf ? prfOf(credential.id) : null };
  };
}
