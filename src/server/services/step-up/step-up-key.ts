/**
 * The step-up key: what a new device's step-up rests on — the approvals of step-up tickets, the
 * MFA proofs, the hashes of one-time codes and the sealed MFA secrets — keyed from the
 * silent-recovery key (recovery-key.ts), which is kept apart from the database and its server
 * secret. Whoever holds those two cannot compute a code, read an authenticator secret, or write
 * an approval or a proof the provider would accept (docs/reference/security.md).
 */
import { Secrets } from '../crypto.js';

/** The step-up key's HMAC and encryption keys, from a silent-recovery key. */
export function stepUpSecrets(recoveryKey: string): Secrets {
  return new Secrets(`gatehouse-step-up:${recoveryKey}`);
}
