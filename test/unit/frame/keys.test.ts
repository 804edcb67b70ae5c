import { getBytes, hexlify } from 'ethers/utils';
import { HDNodeWallet, Mnemonic } from 'ethers/wallet';
import { describe, expect, it } from 'vitest';
import {
  AddressMismatchError,
  deriveShare,
  mnemonicSeed,
  newEntropy,
  rebuild,
  reconstruct,
  SHARE_BYTES,
  splitEntropy,
  walletFromEntropy,
} from '../../../src/frame/keys.js';

/** BIP-39's all-zero test entropy: "abandon … about", whose m/44'/60'/0'/0/0 address is well known. */
const ZERO_ENTROPY = new Uint8Array(16);
const ZERO_ADDRESS = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';

describe('wallet key and shares', () => {
  it("derives the BIP-39 wallet at m/44'/60'/0'/0/0 from 16 bytes of entropy", async () => {
    const wallet = await walletFromEntropy(ZERO_ENTROPY);
    expect(wallet.path).toBe("m/44'/60'/0'/0/0");
    expect(wallet.address).toBe(ZERO_ADDRESS);
    // No mnemonic travels with the wallet: the entropy is rebuilt from shares when a split needs it.
    expect(wallet.mnemonic).toBeNull();
  });

  it("computes BIP-39's seed natively, byte for byte as ethers' JavaScript PBKDF2 does", async () => {
    // BIP-39's first English test vector (passphrase "TREZOR"), and ethers' computeSeed on random phrases.
    const phrase = `${'abandon '.repeat(11)}about`;
    expect(hexlify(await mnemonicSeed(phrase, 'TREZOR'))).toBe(
      '0xc55257c360c07c72029aebc1b53c05ed0362ada38ead3e3e9efa3708e53495531f09a6987599d18264c1e1c92f2cf141630c7a3c4ab7c81b2f001698e7463b04',
    );
    for (const passphrase of ['', 'TREZOR', 'Ünïcödé ﬁ']) {
      const mnemonic = Mnemonic.fromEntropy(newEntropy(), passphrase);
      expect(hexlify(await mnemonicSeed(mnemonic.phrase, passphrase))).toBe(mnemonic.computeSeed());
    }
  });

  it("is the same wallet as ethers' HDNodeWallet.fromMnemonic for any entropy", async () => {
    for (let i = 0; i < 5; i += 1) {
      const entropy = newEntropy();
      const expected = HDNodeWallet.fromMnemonic(Mnemonic.fromEntropy(entropy), "m/44'/60'/0'/0/0");
      const wallet = await walletFromEntropy(entropy);
      expect(wallet.address).toBe(expected.address);
      expect(wallet.privateKey).toBe(expected.privateKey);
      expect(await wallet.signMessage('hello')).toBe(await expected.signMessage('hello'));
    }
  });

  it('rebuilds the entropy behind a wallet from two shares', async () => {
    const entropy = newEntropy();
    const { address } = await walletFromEntropy(entropy);
    const { device, recovery } = await splitEntropy(entropy);
    const rebuilt = await rebuild(device, recovery, address);
    expect(rebuilt.wallet.address).toBe(address);
    expect(getBytes(rebuilt.entropy)).toEqual(entropy);
  });

  it('makes fresh random entropy each time', () => {
    expect(newEntropy()).toHaveLength(16);
    expect(newEntropy()).not.toEqual(newEntropy());
  });

  it('rebuilds the wallet from any two of the three shares, checking the address', async () => {
    const entropy = newEntropy();
    const { address } = await walletFromEntropy(entropy);
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
    const { address } = await walletFromEntropy(entropy);
    const first = await splitEntropy(entropy);
    const second = await splitEntropy(entropy);
    // Unless the random x coordinates collide, the line through them is another key.
    const a = first.device;
    const b = [second.auth, second.recovery, second.device].find((s) => s[16] !== a[16]) as Uint8Array;
    await expect(reconstruct(a, b, address)).rejects.toBeInstanceOf(AddressMismatchError);
  });

  it('refuses shares of another wallet, an altered share, one share twice, and the wrong address', async () => {
    const mine = newEntropy();
    const { address } = await walletFromEntropy(mine);
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
    const { address } = await walletFromEntropy(entropy);
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
