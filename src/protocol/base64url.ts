/**
 * Unpadded base64url (RFC 4648 §5): how every binary field of the wire formats here is written
 * (sealed boxes, password and passkey boxes, WebAuthn JSON). Its own module, so a page that only
 * needs these (the surface) does not load the sealed box.
 */
export const B64URL = /^[A-Za-z0-9_-]*$/;

export function toB64url(data: Uint8Array): string {
  let binary = '';
  for (const byte of data) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

/** Throws on anything that is not unpadded base64url. */
export function fromB64url(text: string): Uint8Array<ArrayBuffer> {
  if (!B64URL.test(text) || text.length % 4 === 1) throw new Error('Invalid base64url');
  const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/'));
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) out[i] = binary.charCodeAt(i);
  return out;
}
