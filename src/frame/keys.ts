/**
 * The wallet key and its shares (DESIGN.md, embedded wallet security model): 16 bytes of CSPRNG
 * entropy → BIP-39 mnemonic → m/44'/60'/0'/0/0 (ethers v6); the entropy is split 2-of-3 with
 * shamir-secret-sharing. Every reconstruction derives the address and refuses a mismatch.
 *
 * The BIP-39 seed (PBKDF2-HMAC-SHA512, 2048 rounds) comes from WebCrypto, natively: ethers' own
 * computeSeed runs the same PBKDF2 in JavaScript, about 150 ms a time in the frame.
 * The bytes are the same (keys.test.ts checks them against ethers and BIP-39's test vectors);
 * ethers derives the path from the seed.
 */
import { getAddress } from 'ethers/address';
import { HDNodeWallet, Mnemonic } from 'ethers/wallet';
import { combine, split } from 'shamir-secret-sharing';
import {
  WALLET_DERIVATION_PATH,
  WALLET_ENTROPY_BYTES,
  WALLET_SHARE_THRESHOLD,
  WALLET_SHARES,
} from '../protocol/wallet-frame.js';

/** A share: the entropy's bytes evaluated at one point, followed by that point's x (1..255). */
export const SHARE_BYTES = WALLET_ENTROPY_BYTES + 1;

export interface WalletShares {
  device: Uint8Array;
  auth: Uint8Array;
  recovery: Uint8Array;
}

/** Two shares that do not rebuild the wallet they were meant for. */
export class AddressMismatchError extends Error {
  constructor() {
    super('The reconstructed key does not match the wallet address.');
    this.name = 'AddressMismatchError';
  }
}

export function newEntropy(): Uint8Array {
  return globalThis.crypto.getRandomValues(new Uint8Array(WALLET_ENTROPY_BYTES));
}

/** BIP-39's seed of a mnemonic phrase and passphrase (both NFKD), by WebCrypto's native PBKDF2. */
export async function mnemonicSeed(phrase: string, passphrase = ''): Promise<Uint8Array> {
  const utf8 = (text: string) => new TextEncoder().encode(text.normalize('NFKD'));
  const { subtle } = globalThis.crypto;
  const password = await subtle.importKey('raw', utf8(phrase), 'PBKDF2', false, ['deriveBits']);
  const salt = utf8(`mnemonic${passphrase}`);
  const params = { name: 'PBKDF2', hash: 'SHA-512', salt, iterations: BIP39_ROUNDS };
  return new Uint8Array(await subtle.deriveBits(params, password, BIP39_SEED_BITS));
}

const BIP39_ROUNDS = 2048;
const BIP39_SEED_BITS = 512;

/**
 * The wallet of this entropy at m/44'/60'/0'/0/0: the same key as ethers'
 * `HDNodeWallet.fromMnemonic(Mnemonic.fromEntropy(entropy), path)`, without the mnemonic attached.
 */
export async function walletFromEntropy(entropy: Uint8Array): Promise<HDNodeWallet> {
  if (entropy.length !== WALLET_ENTROPY_BYTES) throw new Error('Wallet entropy has the wrong length.');
  const seed = await mnemonicSeed(Mnemonic.entropyToPhrase(entropy));
  try {
    return HDNodeWallet.fromSeed(seed).derivePath(WALLET_DERIVATION_PATH);
  } finally {
    seed.fill(0);
  }
}

/**
 * The first derivation of a frame is slow (ethers decodes its word list and builds its secp256k1
 * tables, ~0.5 s): done once on a throwaway key when the frame starts, before any request needs it.
 */
export async function warmUp(): Promise<void> {
  const entropy = newEntropy();
  try {
    await walletFromEntropy(entropy);
  } finally {
    entropy.fill(0);
  }
}

export function sameAddress(a: string, b: string): boolean {
  try {
    return getAddress(a) === getAddress(b);
  } catch {
    return false;
  }
}

function isShare(value: unknown): value is Uint8Array {
  return value instanceof Uint8Array && value.length === SHARE_BYTES && value[SHARE_BYTES - 1] !== 0;
}

/** Splits the entropy into the device, auth and recovery shares (2 of 3 rebuild it). */
export async function splitEntropy(entropy: Uint8Array): Promise<WalletShares> {
  const [device, auth, recovery] = await split(entropy, WALLET_SHARES, WALLET_SHARE_THRESHOLD);
  if (!device || !auth || !recovery) throw new Error('Share split failed.');
  return { device, auth, recovery };
}

/** A wallet rebuilt from two shares, with its entropy (for a new split; the caller zeroes it). */
export interface Rebuilt {
  wallet: HDNodeWallet;
  entropy: Uint8Array;
}

/**
 * The wallet and entropy rebuilt from two shares, refused with AddressMismatchError unless it is
 * `address` (two shares of different splits, a stale share, or a share altered on the way).
 */
export async function rebuild(first: Uint8Array, second: Uint8Array, address: string): Promise<Rebuilt> {
  if (!isShare(first) || !isShare(second) || first[SHARE_BYTES - 1] === second[SHARE_BYTES - 1]) {
    throw new AddressMismatchError();
  }
  const entropy = await combine([first, second]);
  try {
    const wallet = await walletFromEntropy(entropy);
    if (!sameAddress(wallet.address, address)) throw new AddressMismatchError();
    return { wallet, entropy };
  } catch (error) {
    entropy.fill(0);
    throw error;
  }
}

/** The wallet of two shares, checked against `address` as `rebuild` does. */
export async function reconstruct(
  first: Uint8Array,
  second: Uint8Array,
  address: string,
): Promise<HDNodeWallet> {
  const { wallet, entropy } = await rebuild(first, second, address);
  entropy.fill(0);
  return wallet;
}

/**
 * A new share of the same split as `first` and `second`, at a fresh random x: after a recovery,
 * this device gets a device share of its own while the other devices' shares keep working.
 *
 * In GF(2^8) addition is XOR, so the line p through the two shares, evaluated at x, is the
 * value at 0 of q(t) = p(t ⊕ x), which passes through (x₁ ⊕ x, y₁) and (x₂ ⊕ x, y₂):
 * the library's own `combine` computes it.
 */
export async function deriveShare(first: Uint8Array, second: Uint8Array): Promise<Uint8Array> {
  if (!isShare(first) || !isShare(second)) throw new Error('Not a share.');
  const x1 = first[SHARE_BYTES - 1] as number;
  const x2 = second[SHARE_BYTES - 1] as number;
  if (x1 === x2) throw new Error('Two copies of one share.');
  let x = 0;
  while (x === 0 || x === x1 || x === x2)
    x = globalThis.crypto.getRandomValues(new Uint8Array(1))[0] as number;
  const shifted = (share: Uint8Array, at: number): Uint8Array => {
    const copy = share.slice();
    copy[SHARE_BYTES - 1] = at ^ x;
    return copy;
  };
  const a = shifted(first, x1);
  const b = shifted(second, x2);
  const values = await combine([a, b]);
  a.fill(0);
  b.fill(0);
  const share = new Uint8Array(SHARE_BYTES);
  share.set(values);
  share[SHARE_BYTES - 1] = x;
  values.fill(0);
  return share;
}
