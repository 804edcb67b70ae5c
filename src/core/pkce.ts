import { OAUTH_VERIFIER_BYTES } from '../protocol/constants.js';

/** base64url without padding (RFC 4648 §5), as PKCE and JWTs write bytes. */
export function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A fresh secret of OAUTH_VERIFIER_BYTES random bytes (§5), base64url: the PKCE verifier or a state code. */
export function randomSecret(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(OAUTH_VERIFIER_BYTES)));
}

/** The S256 code challenge of a verifier: base64url(SHA-256(verifier)) (RFC 7636 §4.2). */
export async function codeChallenge(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64url(new Uint8Array(digest));
}
