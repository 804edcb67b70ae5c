import { describe, expect, it } from 'vitest';
import {
  AddressMismatchError,
  deriveShare,
  entropyOf,
  newEntropy,
  reconstruct,
  SHARE_BYTES,
  splitEntropy,
  walletFromEntropy,
} from '../../../src/frame/keys.js';

/** BIP-39's all-zero test entropy: "abandon … about", whose m/44'/60'/0'/0/0 address is well known. */
const ZERO_ENTROPY = new Uint8Array(16);
const ZERO_ADDRESS = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';

describe('wallet key and shares', () => {
  it("derives the BIP-39 wallet at m/44'/60'/0'/0/0 from 16 bytes of entropy", () => {
    const wallet = walletFromEntropy(ZERO_ENTROPY);
    expect(wallet.mnemonic?.phrase).toBe(`${'abandon '.repeat(11)}about`);
    expect(wallet.path).toBe("m/44'/60'/0'/0/0");
    expect(wallet.address).toBe(ZERO_ADDRESS);
    expect(entropyOf(wallet)).toEqual(ZERO_ENTROPY);
  });

  it('makes fresh random entropy each time', () => {
    expect(newEntropy()).toHaveLength(16);
    expect(newEntropy()).not.toEqual(newEntropy());
  });

  it('rebuilds the wallet from any two of the three shares, checking the address', async () => {
    const entropy = newEntropy();
    const { address } = walletFromEntropy(entropy);
    const { device, auth, recovery } = await splitEntropy(entropy);
    for (const share of [device, auth, recovery]) expect(share).toHaveLength(SHARE_BYTES);
    for (const [a, b] of [
      [device, auth],
      [auth, recovery],
      [recovery, device],
    ] as const) {
      expect((await reconstruct(a, b, address)).address).toBe(address);
    }
    // Any case of the stored address is the same wallet.
    expect((await reconstruct(device, auth, address.toLowerCase())).address).toBe(address);
  });

  it('refuses two shares of different splits of the same key', async () => {
    const entropy = newEntropy();
    const { address } = walletFromEntropy(entropy);
    const first = await splitEntropy(entropy);
    const second = await splitEntropy(entropy);
    // Unless the random x coordinates collide, the line through them is another key.
    const a = first.device;
    const b = [second.auth, second.recovery, second.device].find((s) => s[16] !== a[16]) as Uint8Array;
    await expect(reconstruct(a, b, address)).rejects.toBeInstanceOf(AddressMismatchError);
  });

  it('refuses shares of another wallet, an altered share, one share twice, and the wrong address', async () => {
    const mine = newEntropy();
    const { address } = walletFromEntropy(mine);
    const shares = await splitEntropy(mine);
    const other = await splitEntropy(newEntropy());
    await expect(reconstruct(shares.device, other.auth, address)).rejects.toBeInstanceOf(
      AddressMismatchError,
    );
    await expect(reconstruct(other.device, other.auth, address)).rejects.toBeInstanceOf(AddressMismatchError);
    const altered = shares.auth.slice();
    altered[0] = (altered[0] as number) ^ 1;
    await expect(reconstruct(shares.device, altered, address)).rejects.toBeInstanceOf(AddressMismatchError);
    await expect(reconstruct(shares.device, shares.device.slice(), address)).rejects.toBeInstanceOf(
      AddressMismatchError,
    );
    await expect(reconstruct(shares.device, shares.auth.subarray(0, 10), address)).rejects.toBeInstanceOf(
      AddressMismatchError,
    );
    await expect(reconstruct(shares.device, shares.auth, ZERO_ADDRESS)).rejects.toBeInstanceOf(
      AddressMismatchError,
    );
  });

  it('derives a new device share of the same split that works with each of the others', async () => {
    const entropy = newEntropy();
    const { address } = walletFromEntropy(entropy);
    const { device, auth, recovery } = await splitEntropy(entropy);
    const fresh = await deriveShare(auth, recovery);
    expect(fresh).toHaveLength(SHARE_BYTES);
    expect(fresh[16]).not.toBe(auth[16]);
    expect(fresh[16]).not.toBe(recovery[16]);
    expect(fresh[16]).not.toBe(0);
    expect((await reconstruct(fresh, auth, address)).address).toBe(address);
    expect((await reconstruct(fresh, recovery, address)).address).toBe(address);
    if (fresh[16] !== device[16]) expect((await reconstruct(fresh, device, address)).address).toBe(address);
    else expect(fresh).toEqual(device);
    await expect(deriveShare(auth, auth.slice())).rejects.toThrow();
  });
});
