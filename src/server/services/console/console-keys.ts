import { type Db, lockedTransaction } from '../../db/database.js';
import { lockKeys } from '../../db/lock-keys.js';
import type { Clock } from '../clock.js';
import type { Secrets } from '../crypto.js';
import { listSigningKeys, retireSigningKey, rotateSigningKey } from '../sessions/signing-keys.js';
import { auditLog } from './audit.js';

/** The lock of the signing keys' check-then-write (a rotation reads the newest, a retirement the signer). */
const KEYS_LOCK = lockKeys.startup('signing-key');

const seconds = (ms: number) => Math.floor(ms / 1000);

/** A key as the console answers it (seconds), from `keys list`'s view of it. */
export function signingKeyWire(key: Awaited<ReturnType<typeof listSigningKeys>>[number]) {
  return {
    kid: key.kid,
    created_at: seconds(key.createdAt),
    signs_from: seconds(key.signsFrom),
    state: key.state,
    retirable_from: key.retirableFrom === undefined ? null : seconds(key.retirableFrom),
  };
}

/**
 * `gatehouse keys` for the CLI and the console alike: the same rotation and retirement (with its
 * refusals, as UserErrors), each written to the audit log in its transaction: the key's id and
 * state, never its private half.
 */
export class ConsoleKeys {
  constructor(
    private readonly db: Db,
    private readonly secrets: Secrets,
    private readonly now: Clock,
  ) {}

  list() {
    return listSigningKeys(this.db, this.now);
  }

  /** A new key, published within seconds and signing from `signsFrom`: one `signing_key.rotate` row. */
  rotate(actor: string): Promise<{ kid: string; signsFrom: number }> {
    return lockedTransaction(this.db, [KEYS_LOCK], async (trx) => {
      const made = await rotateSigningKey(trx, this.secrets, this.now);
      const after = { state: 'published', signs_from: seconds(made.signsFrom) };
      const change = { actor, action: 'signing_key.rotate', target: made.kid, before: null, after };
      await auditLog.write(trx, change, this.now());
      return made;
    });
  }

  /** `keys retire <kid> [--force]`, refused as the CLI refuses it: one `signing_key.retire` row. */
  retire(actor: string, kid: string, force: boolean): Promise<void> {
    return lockedTransaction(this.db, [KEYS_LOCK], async (trx) => {
      const key = (await listSigningKeys(trx, this.now)).find((row) => row.kid === kid);
      await retireSigningKey(trx, kid, this.now, force);
      const before = { state: key?.state ?? null, force };
      const change = { actor, action: 'signing_key.retire', target: kid, before, after: null };
      await auditLog.write(trx, change, this.now());
    });
  }
}
