/**
 * The recovery share under a passkey's PRF output: HKDF-SHA-256 (salt of the box, info = prefix +
 * lowercase address) → AES-256-GCM, checked against node:crypto on fixed vectors, and refused for
 * another passkey, another address or a changed byte.
 */
import { createCipheriv, createDecipheriv, hkdfSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openWithPasskey, sealWithPasskey, WrongPasskeyError } from '../../../src/frame/passkey-box.js';
import { PASSKEY_HKDF_INFO_PREFIX, type PasskeyBox } from '../../../src/protocol/passkey.js';
import { fromB64url, toB64url } from '../../../src/protocol/sealed-box.js';

const SHARE = Uint8Array.from({ length: 33 }, (_, i) => i * 5 + 3);
const PRF = Uint8Array.from({ length: 32 }, (_, i) => 255 - i);
const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const SALT = Uint8Array.from({ length: 32 }, (_, i) => i);
const IV = Uint8Array.from({ length: 12 }, (_, i) => 100 + i);

/** The key as the contract defines it, computed by node:crypto. */
const expectedKey = (prf: Uint8Array, salt: Uint8Array, address: string) =>
  Buffer.from(hkdfSync('sha256', prf, salt, PASSKEY_HKDF_INFO_PREFIX + address.toLowerCase(), 32));

function nodeSeal(key: Buffer, iv: Uint8Array, secret: Uint8Array): string {
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ct = Buffer.concat([cipher.update(secret), cipher.final(), cipher.getAuthTag()]);
  return toB64url(new Uint8Array(ct));
}

function nodeOpen(key: Buffer, box: PasskeyBox): Uint8Array {
  const bytes = fromB64url(box.ct);
  const decipher = createDecipheriv('aes-256-gcm', key, fromB64url(box.iv));
  decipher.setAuthTag(bytes.subarray(bytes.length - 16));
  return new Uint8Array(
    Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - 16)), decipher.final()]),
  );
}

const fixedBox = (): PasskeyBox => ({
  kdf: 'hkdf-sha256-prf',
  credentialId: 'Y3JlZA',
  salt: toB64url(SALT),
  iv: toB64url(IV),
  ct: nodeSeal(expectedKey(PRF, SALT, ADDRESS), IV, SHARE),
});

describe('recovery share under a passkey (HKDF-SHA-256 of the PRF output + AES-256-GCM)', () => {
  it('the fixed vector: the key node:crypto derives, and the box it seals', () => {
    expect(expectedKey(PRF, SALT, ADDRESS).toString('hex')).toBe(
      '4f07f900cf7717661c3afd0e49866543eeba7af3780d1014107c16e2c9df0470',
    );
    expect(fixedBox().ct).toBe('RokpBjU_prjMnI-Wl9jmIjIdA4bcPzRxDHpOhStor4cUVwa-ApBs_Egw_UTVBeKMGg');
  });

  it('opens a box node:crypto sealed with the contract key (any case of the address)', async () => {
    expect(await openWithPasskey(fixedBox(), PRF, ADDRESS)).toEqual(SHARE);
    expect(await openWithPasskey(fixedBox(), PRF, ADDRESS.toLowerCase())).toEqual(SHARE);
  });

  it('seals a box node:crypto opens with the contract key, with fresh salt and IV', async () => {
    const box = await sealWithPasskey(SHARE, PRF, 'Y3JlZA', ADDRESS);
    expect(box).toMatchObject({ kdf: 'hkdf-sha256-prf', credentialId: 'Y3JlZA' });
    expect(fromB64url(box.salt)).toHaveLength(32);
    expect(fromB64url(box.iv)).toHaveLength(12);
    expect(fromB64url(box.ct)).toHaveLength(SHARE.length + 16);
    expect(JSON.stringify(box)).not.toContain(toB64url(SHARE));
    expect(nodeOpen(expectedKey(PRF, fromB64url(box.salt), ADDRESS), box)).toEqual(SHARE);
    expect(await openWithPasskey(box, PRF, ADDRESS)).toEqual(SHARE);
    const again = await sealWithPasskey(SHARE, PRF, 'Y3JlZA', ADDRESS);
    expect(again.salt).not.toBe(box.salt);
    expect(again.iv).not.toBe(box.iv);
  });

  it("refuses another passkey's output, another address, a short output and a changed byte", async () => {
    const other = PRF.map((byte) => byte ^ 1);
    await expect(openWithPasskey(fixedBox(), other, ADDRESS)).rejects.toBeInstanceOf(WrongPasskeyError);
    const elsewhere = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
    await expect(openWithPasskey(fixedBox(), PRF, elsewhere)).rejects.toBeInstanceOf(WrongPasskeyError);
    await expect(openWithPasskey(fixedBox(), PRF.subarray(0, 16), ADDRESS)).rejects.toBeInstanceOf(
      WrongPasskeyError,
    );
    const ct = fromB64url(fixedBox().ct);
    ct[3] = (ct[3] ?? 0) ^ 0x80;
    const tampered = { ...fixedBox(), ct: toB64url(ct) };
    await expect(openWithPasskey(tampered, PRF, ADDRESS)).rejects.toBeInstanceOf(WrongPasskeyError);
    const salted = { ...fixedBox(), salt: toB64url(SALT.map((byte) => byte ^ 2)) };
    await expect(openWithPasskey(salted, PRF, ADDRESS)).rejects.toBeInstanceOf(WrongPasskeyError);
  });
});
