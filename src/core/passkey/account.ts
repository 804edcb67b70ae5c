/**
 * The `passkey` linked account (§3) on the client: the wire's snake-case fields as the
 * PasskeyAccount the user carries. For user.ts to call beside the other account types. The type is
 * written as user.ts writes 'email' and 'wallet' (checked against PasskeyAccount): importing
 * protocol/passkey.ts here would put the whole passkey contract in the chunk every page loads.
 */
import type { LinkedAccountWire } from '../../protocol/api.js';
import type { PasskeyAccount } from '../../protocol/passkey-account.js';

const date = (seconds: number | null | undefined): Date | null =>
  typeof seconds === 'number' ? new Date(seconds * 1000) : null;

/** The account, or null when the wire account is not a well-formed `passkey` one. */
export function toPasskeyAccount(wire: LinkedAccountWire): PasskeyAccount | null {
  const fields = wire as Record<string, unknown>;
  if (wire.type !== 'passkey' || typeof fields.credential_id !== 'string') return null;
  const name = fields.authenticator_name;
  return {
    type: 'passkey',
    credentialId: fields.credential_id,
    authenticatorName: typeof name === 'string' && name !== '' ? name : null,
    backedUp: fields.backed_up === true,
    verifiedAt: new Date(wire.verified_at * 1000),
    firstVerifiedAt: date(wire.first_verified_at),
    latestVerifiedAt: date(wire.latest_verified_at),
  };
}
