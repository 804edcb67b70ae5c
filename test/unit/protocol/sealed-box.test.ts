import { describe, expect, it } from 'vitest';
import {
  fromB64url,
  generateSealKeyPair,
  isSealed,
  openSealed,
  publicJwkOf,
  seal,
  toB64url,
} from '../../../src/protocol/sealed-box.js';

const share = new Uint8Array([1, 2, 3, 250, 0, 9, 128, 255]);

describe('sealed box (ECDH P-256, HKDF-SHA256, AES-256-GCM)', () => {
  it('opens what was sealed to the key pair, and each seal looks different', async () => {
    const recipient = await generateSealKeyPair();
    const first = await seal(recipient.publicJwk, share);
    const second = await seal(recipient.publicJwk, share);
    expect(isSealed(first)).toBe(true);
    expect(first.ct).not.toBe(second.ct);
    expect(first.epk.x).not.toBe(second.epk.x);
    expect(await openSealed(recipient.privateKey, first)).toEqual(share);
    expect(await openSealed(recipient.privateKey, second)).toEqual(share);
  });

  it('refuses another recipient, an altered ciphertext and a swapped ephemeral key', async () => {
    const recipient = await generateSealKeyPair();
    const other = await generateSealKeyPair();
    const sealed = await seal(recipient.publicJwk, share);
    await expect(openSealed(other.privateKey, sealed)).rejects.toThrow();
    const ct = fromB64url(sealed.ct);
    ct[0] = (ct[0] ?? 0) ^ 1;
    await expect(openSealed(recipient.privateKey, { ...sealed, ct: toB64url(ct) })).rejects.toThrow();
    await expect(openSealed(recipient.privateKey, { ...sealed, epk: other.publicJwk })).rejects.toThrow();
  });

  it('never keeps the private part of a JWK, and refuses other curves', async () => {
    const key = await generateSealKeyPair(true);
    const privateJwk = await globalThis.crypto.subtle.exportKey('jwk', key.privateKey);
    expect(privateJwk.d).toBeTypeOf('string');
    expect(publicJwkOf(privateJwk)).toEqual({ kty: 'EC', crv: 'P-256', x: privateJwk.x, y: privateJwk.y });
    expect(() => publicJwkOf({ ...privateJwk, crv: 'P-384' })).toThrow();
    expect(() => publicJwkOf({ kty: 'oct', k: 'AAAA' })).toThrow();
  });

  it('round-trips base64url and refuses other alphabets', () => {
    const all = new Uint8Array(256).map((_, i) => i);
    expect(fromB64url(toB64url(all))).toEqual(all);
    expect(toB64url(new Uint8Array([251, 255]))).toBe('-_8');
    expect(() => fromB64url('ab+/')).toThrow();
  });
});
