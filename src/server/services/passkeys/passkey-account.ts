/** The `passkey` linked account (protocol/passkey.ts PasskeyAccountWire) of a passkey. */
import { PASSKEY_ACCOUNT_TYPE } from '../../../protocol/passkey.js';
import type { PasskeysTable } from '../../db/schema/passkeys.js';
import type { AccountIdentity } from '../users/users.js';
import { authenticatorName } from './authenticator-names.js';

/** A passkey as its registration proved it, before it is stored. */
export interface NewPasskey {
  credentialId: string;
  userHandle: string;
  publicKey: string;
  counter: number;
  transports: string[];
  deviceType: string;
  backedUp: boolean;
  aaguid: string;
}

/** The `passkey` linked account of a passkey: its subject is the credential id. */
export function passkeyAccount(passkey: Pick<PasskeysTable, 'credential_id' | 'aaguid' | 'device_type'>) {
  const account: AccountIdentity = {
    type: PASSKEY_ACCOUNT_TYPE,
    subject: passkey.credential_id,
    data: {
      credential_id: passkey.credential_id,
      authenticator_name: authenticatorName(passkey.aaguid),
      backed_up: passkey.device_type === 'multiDevice',
    },
  };
  return account;
}

/** The linked account of a passkey its registration just proved. */
export const newPasskeyAccount = (made: NewPasskey): AccountIdentity =>
  passkeyAccount({ credential_id: made.credentialId, aaguid: made.aaguid, device_type: made.deviceType });
