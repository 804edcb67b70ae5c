/**
 * The `farcaster` linked account (§3) on the client: the wire's snake-case fields as the
 * FarcasterAccount the user carries, and the `user.farcaster` shortcut (the most recently
 * verified one). For user.ts to call beside the other account types.
 */
import type { LinkedAccountWire } from '../../protocol/api.js';
import {
  FARCASTER_ACCOUNT_TYPE,
  type FarcasterAccount,
  type FarcasterShortcut,
} from '../../protocol/farcaster-account.js';

const textOrNull = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;
const date = (seconds: number | null | undefined): Date | null =>
  typeof seconds === 'number' ? new Date(seconds * 1000) : null;

/** The account, or null when the wire account is not a well-formed `farcaster` one. */
export function toFarcasterAccount(wire: LinkedAccountWire): FarcasterAccount | null {
  const fields = wire as Record<string, unknown>;
  if (wire.type !== FARCASTER_ACCOUNT_TYPE || typeof fields.fid !== 'number') return null;
  return {
    type: FARCASTER_ACCOUNT_TYPE,
    fid: fields.fid,
    ownerAddress: String(fields.owner_address ?? ''),
    displayName: textOrNull(fields.display_name),
    username: textOrNull(fields.username),
    bio: textOrNull(fields.bio),
    pfp: textOrNull(fields.pfp),
    url: textOrNull(fields.url),
    signerPublicKey: textOrNull(fields.signer_public_key),
    verifiedAt: new Date(wire.verified_at * 1000),
    firstVerifiedAt: date(wire.first_verified_at),
    latestVerifiedAt: date(wire.latest_verified_at),
  };
}

const lastVerified = (account: FarcasterAccount): number =>
  (account.latestVerifiedAt ?? account.verifiedAt).getTime();

/** `user.farcaster`: the most recently verified Farcaster account without its type and times. */
export function farcasterShortcut(accounts: readonly FarcasterAccount[]): FarcasterShortcut | undefined {
  const latest = [...accounts].sort((a, b) => lastVerified(b) - lastVerified(a))[0];
  if (!latest) return undefined;
  const { type: _type, verifiedAt: _v, firstVerifiedAt: _f, latestVerifiedAt: _l, ...shortcut } = latest;
  return shortcut;
}
