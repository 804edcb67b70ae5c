/**
 * The MFA methods' secrets at rest (the authenticator's base32 secret, the SMS number): AES-256-GCM
 * under the step-up key (step-up-key.ts), bound to the user and the method, so a row copied onto
 * another user does not open, and the database with the server secret computes no code.
 */
import type { MfaMethod } from '../../../protocol/mfa.js';
import type { Db } from '../../db/database.js';
import type { Secrets } from '../crypto.js';

interface SecretRow {
  user_id: string;
  type: string;
  secret: string;
}

function tryOpen(open: () => string): string | undefined {
  try {
    return open();
  } catch {
    return undefined;
  }
}

export class MfaSecrets {
  /**
   * `older`: keys secrets may still be under (a rotated recovery key's step-up key, the server
   * secret's before the step-up key existed), for `reseal`.
   */
  constructor(
    private readonly keys: Secrets,
    private readonly older: readonly Secrets[] = [],
  ) {}

  seal(userId: string, type: MfaMethod, value: string): string {
    return this.keys.encrypt(JSON.stringify({ user: userId, type, value }));
  }

  /** The stored secret of a row, checked to belong to that user and method. */
  open(row: SecretRow, keys: Secrets = this.keys): string {
    const { user, type, value } = JSON.parse(keys.decrypt(row.secret)) as Record<string, unknown>;
    if (user !== row.user_id || type !== row.type || typeof value !== 'string') {
      throw new Error('MFA secret does not belong to its row');
    }
    return value;
  }

  /**
   * Seals again under the current key every secret still under an older one; returns how many.
   * Throws when no key opens one (a wrong recovery key: refusing to start keeps them).
   */
  async reseal(db: Db): Promise<number> {
    const rows = await db.selectFrom('mfa_methods').select(['user_id', 'type', 'secret']).execute();
    let resealed = 0;
    for (const row of rows) {
      if (tryOpen(() => this.open(row)) !== undefined) continue;
      const value = this.older
        .map((keys) => tryOpen(() => this.open(row, keys)))
        .find((v) => v !== undefined);
      if (value === undefined) {
        throw new Error(
          'No key opens an MFA secret: is GATEHOUSE_RECOVERY_KEY the one these were sealed under?',
        );
      }
      await db
        .updateTable('mfa_methods')
        .set({ secret: this.seal(row.user_id, row.type as MfaMethod, value) })
        .where('user_id', '=', row.user_id)
        .where('type', '=', row.type)
        .execute();
      resealed += 1;
    }
    return resealed;
  }
}
