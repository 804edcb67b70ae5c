/**
 * The wallet key and its shares (DESIGN.md, embedded wallet security model): 16 bytes of CSPRNG
 * entropy → BIP-39 mnemonic → m/44'/60'/0'/0/0 (ethers v6); the entropy is split 2-of-3 with
 * shamir-secret-sharing. Every reconstruction derives the address and refuses a mismatch.
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

/** The wallet of this entropy at m/44'/60'/0'/0/0. */
export function walletFromEntropy(entropy: Uint8Array): HDNodeWallet {
  if (entropy.length !== WALLET_ENTROPY_BYTES) throw new Error('Wallet entropy has the wrong length.');
  return HDNodeWallet.fromMnemonic(Mnemonic.fromEntropy(entropy), WALLET_DERIVATION_PATH);
}

/** The 16 bytes of entropy behind a wallet made by `walletFromEntropy`. */
export function entropyOf(wallet: HDNodeWallet): Uint8Array {
  const hex = wallet.mnemonic?.entropy;
  if (!hex) throw new Error('The wallet has no mnemonic.');
  const bytes = new Uint8Array(WALLET_ENTROPY_BYTES);
  for (let i = 0; i < WALLET_ENTROPY_BYTES; i += 1)
    bytes[i] = Number.parseInt(hex.slice(2 + 2 * i, 4 + 2 * i), 16);
  return bytes;
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

/**
 * The wallet rebuilt from two shares, refused with AddressMismatchError unless it is `address`
 * (two shares of different splits, a stale share, or a share altered on the way).
 */
export async function reconstruct(
  first: Uint8Array,
  second: Uint8Array,
  address: string,
): Promise<HDNodeWallet> {
  if (!isShare(first) || !isShare(second) || first[SHARE_BYTES - 1] === second[SHARE_BYTES - 1]) {
    throw new AddressMismatchError();
  }
  const entropy = await combine([first, second]);
  try {
    const wallet = walletFromEntropy(entropy);
    if (!sameAddress(wallet.address, address)) throw new AddressMismatchError();
    return wallet;
  } finally {
    entropy.fill(0);
  }
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
