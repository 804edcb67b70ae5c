/** The `passkey` linked account of the client (§3), apart from the rest of the passkey contract. */
import type { PASSKEY_ACCOUNT_TYPE } from './passkey.js';

/** The client-side `passkey` linked account: passkey.ts PasskeyAccountWire with camelCase fields and Dates. */
export interface PasskeyAccount {
  type: typeof PASSKEY_ACCOUNT_TYPE;
  /** The credential id, base64url: what `unlinkPasskey(credentialId)` takes. */
  credentialId: string;
  /** The authenticator's name when known, else null. */
  authenticatorName: string | null;
  /** Whether the passkey is synced (backup eligible). */
  backedUp: boolean;
  /** When it was added. */
  verifiedAt: Date;
  firstVerifiedAt: Date | null;
  /** When it was last used (a login, a step-up). */
  latestVerifiedAt: Date | null;
}
