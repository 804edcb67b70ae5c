/** The step-up tickets (migration 0019, services/step-up/step-up.ts). */
import type { Millis, NullableMillis } from './columns.js';

/**
 * A request that waits on a step-up: what it is (action, target) and, once a factor approved it,
 * when and with what, under a MAC of the step-up key (a row written by whoever holds the database
 * and the server secret does not pass for an approval).
 */
export interface StepUpTicketsTable {
  /** 32 random bytes, base64url: not a secret (the host page passes it on), only a factor approves it. */
  id: string;
  app_id: string;
  user_id: string;
  session_id: string;
  action: string;
  /** What exactly the request does: the device key's thumbprint, or `type:subject` of the account. */
  target: string;
  /** JSON of StepUpAccountWire, or null (new_device). */
  account: string | null;
  created_at: Millis;
  expires_at: Millis;
  approved_at: NullableMillis;
  approved_with: string | null;
  approval_mac: string | null;
  consumed_at: NullableMillis;
}

export interface StepUpTables {
  step_up_tickets: StepUpTicketsTable;
}
