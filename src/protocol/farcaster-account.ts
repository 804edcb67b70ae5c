/** The `farcaster` linked account of the client (§3), apart from the rest of the Farcaster contract. */

/** Linked-account `type` of a Farcaster account (§3); its subject is the fid in decimal. */
export const FARCASTER_ACCOUNT_TYPE = 'farcaster';

/** The client-side `farcaster` linked account (§3); `user.farcaster` is it without `type` and the times. */
export interface FarcasterAccount {
  type: typeof FARCASTER_ACCOUNT_TYPE;
  fid: number;
  ownerAddress: string;
  displayName: string | null;
  username: string | null;
  bio: string | null;
  pfp: string | null;
  url: string | null;
  signerPublicKey: string | null;
  verifiedAt: Date;
  firstVerifiedAt: Date | null;
  latestVerifiedAt: Date | null;
}

export type FarcasterShortcut = Omit<
  FarcasterAccount,
  'type' | 'verifiedAt' | 'firstVerifiedAt' | 'latestVerifiedAt'
>;
