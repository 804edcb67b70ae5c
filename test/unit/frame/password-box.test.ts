import { describe, expect, it } from 'vitest';
import { openWithPassword, sealWithPassword, WrongPasswordError } from '../../../src/frame/password-box.js';
import { fromB64url, toB64url } from '../../../src/protocol/sealed-box.js';
import { RECOVERY_ARGON2 } from '../../../src/protocol/wallet-frame.js';

/** Cheap Argon2id parameters for the tests that are not about the cost. */
const FAST = { t: 1, m: 64, p: 1 };
const SHARE = Uint8Array.from({ length: 17 }, (_, i) => i * 7 + 1);

describe('recovery share under a password (Argon2id + AES-256-GCM)', () => {
  it('round-trips with the default parameters, which the box records', async () => {
    const box = await sealWithPassword(SHARE, 'correct horse battery');
    expect(box).toMatchObject({
      kdf: 'argon2id',
      t: RECOVERY_ARGON2.t,
      m: RECOVERY_ARGON2.m,
      p: RECOVERY_ARGON2.p,
    });
    expect(fromB64url(box.salt)).toHaveLength(16);
    expect(fromB64url(box.iv)).toHaveLength(12);
    // Ciphertext plus the 16-byte tag; the share itself is not in the box.
    expect(fromB64url(box.ct)).toHaveLength(SHARE.length + 16);
    expect(JSON.stringify(box)).not.toContain(toB64url(SHARE));
    expect(JSON.stringify(box)).not.toContain('correct horse battery');
    expect(await openWithPassword(box, 'correct horse battery')).toEqual(SHARE);
  }, 30_000);

  it('refuses a wrong password', async () => {
    const box = await sealWithPassword(SHARE, 'hunter22', FAST);
    await expect(openWithPassword(box, 'hunter23')).rejects.toBeInstanceOf(WrongPasswordError);
    await expect(openWithPassword(box, '')).rejects.toBeInstanceOf(WrongPasswordError);
  });

  it('uses a fresh salt and IV each time', async () => {
    const a = await sealWithPassword(SHARE, 'hunter22', FAST);
    const b = await sealWithPassword(SHARE, 'hunter22', FAST);
    expect(a.salt).not.toBe(b.salt);
    expect(a.iv).not.toBe(b.iv);
    expect(a.ct).not.toBe(b.ct);
  });

  it('treats the same password in another Unicode form as the same password', async () => {
    const box = await sealWithPassword(SHARE, 'caf\u00e9-pass', FAST);
    expect(await openWithPassword(box, 'cafe\u0301-pass')).toEqual(SHARE);
  });

  it('refuses an altered box and parameters out of bounds', async () => {
    const box = await sealWithPassword(SHARE, 'hunter22', FAST);
    const ct = fromB64url(box.ct);
    ct[0] = (ct[0] as number) ^ 1;
    await expect(openWithPassword({ ...box, ct: toB64url(ct) }, 'hunter22')).rejects.toBeInstanceOf(
      WrongPasswordError,
    );
    await expect(openWithPassword({ ...box, t: 2 }, 'hunter22')).rejects.toBeInstanceOf(WrongPasswordError);
    await expect(openWithPassword({ ...box, m: 4 * 1024 * 1024 }, 'hunter22')).rejects.toThrow(
      /out of range/,
    );
    await expect(openWithPassword({ ...box, t: 0 }, 'hunter22')).rejects.toThrow(/out of range/);
  });
});
