/**
 * The provider proves what it stores (DESIGN.md, embedded wallet security model): a wallet is
 * created, and its shares replaced, only with a signature of the wallet's own key over the
 * request's challenge; and a `gatehouse` share set (auth and recovery share, both here) must
 * rebuild that very address. A `user-passcode` recovery share is under the user's password, so its
 * auth share alone cannot be checked here: the signature stands for it (only the key's holder can
 * reshare, and the frame checks its own split before sending it).
 */
import { combine } from 'shamir-secret-sharing';
import { type AddressProofAction, addressProofMessage } from '../../../protocol/wallet-device.js';
import { WALLET_DERIVATION_PATH, WALLET_ENTROPY_BYTES } from '../../../protocol/wallet-frame.js';
import { ApiError } from '../../errors.js';

/** An address proof as it arrives: the challenge of the request's device proof and the signature. */
export interface AddressProof {
  challenge: string;
  signature: unknown;
}

const SIGNATURE = /^0x[0-9a-fA-F]{130}$/;
const SHARES_MISMATCH = 'The wallet shares do not rebuild the wallet address.';

/**
 * 422 invalid_address_proof unless `signature` (EIP-191) signs `message` by `address`'s key.
 * ethers is loaded on the first use, not at start.
 */
export async function requireSignedBy(message: string, signature: unknown, address: string): Promise<void> {
  let signer: string | undefined;
  if (typeof signature === 'string' && SIGNATURE.test(signature)) {
    const { verifyMessage } = await import('ethers');
    try {
      signer = verifyMessage(message, signature);
    } catch {}
  }
  if (signer !== address) throw new ApiError('invalid_address_proof');
}

/** 422 invalid_address_proof unless `signature` signs this action's message by `address`'s key. */
export function requireAddressProof(
  action: AddressProofAction,
  appId: string,
  address: string,
  proof: AddressProof,
): Promise<void> {
  const message = addressProofMessage({ action, address, appId, challenge: proof.challenge });
  return requireSignedBy(message, proof.signature, address);
}

/** 400 invalid_wallet_share unless the two shares rebuild the wallet at `address`. */
export async function requireSharesRebuild(
  first: Uint8Array,
  second: Uint8Array,
  address: string,
): Promise<void> {
  let entropy: Uint8Array | undefined;
  const { HDNodeWallet, Mnemonic } = await import('ethers');
  try {
    entropy = await combine([first, second]);
    if (entropy.length !== WALLET_ENTROPY_BYTES) throw new Error('not a wallet');
    const wallet = HDNodeWallet.fromMnemonic(Mnemonic.fromEntropy(entropy), WALLET_DERIVATION_PATH);
    if (wallet.address === address) return;
  } catch {
  } finally {
    entropy?.fill(0);
  }
  throw new ApiError('invalid_wallet_share', SHARES_MISMATCH);
}
