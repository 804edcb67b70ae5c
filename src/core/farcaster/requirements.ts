/**
 * §5: Farcaster actions require an embedded wallet, a Farcaster account and a signer; asking for
 * a signer requires the first two. Checked on the host before the frame is asked, with the same
 * codes and texts the provider answers (protocol/farcaster-errors.ts).
 */
import { FARCASTER_TEXTS } from '../../protocol/farcaster.js';
import { EMBEDDED_WALLET_CLIENT_TYPE } from '../../protocol/wallet-api.js';

/** The parts of the client User these checks read. */
export interface FarcasterUserView {
  wallet?: { walletClientType: string };
  farcaster?: { signerPublicKey: string | null };
}

export interface FarcasterRequirementError {
  code: 'embedded_wallet_required' | 'farcaster_account_required' | 'farcaster_signer_required';
  message: string;
}

/** What the user lacks for a signer request (`needSigner` false) or an action; null when nothing. */
export function farcasterRequirementError(
  user: FarcasterUserView,
  needSigner: boolean,
): FarcasterRequirementError | null {
  if (user.wallet?.walletClientType !== EMBEDDED_WALLET_CLIENT_TYPE) {
    return { code: 'embedded_wallet_required', message: FARCASTER_TEXTS.embeddedWalletRequired };
  }
  if (!user.farcaster)
    return { code: 'farcaster_account_required', message: FARCASTER_TEXTS.accountRequired };
  if (needSigner && !user.farcaster.signerPublicKey) {
    return { code: 'farcaster_signer_required', message: FARCASTER_TEXTS.signerRequired };
  }
  return null;
}
