import * as CODES from './codes.js';
import { FLOW_MESSAGES } from './flow-messages.js';
import type { GatehouseError } from './gatehouse-error.js';
import { PASSWORDLESS_MESSAGES } from './passwordless-messages.js';

/** What the code screen says when a passwordless code is refused (§8). */
export function passwordlessCodeMessage(error: GatehouseError): string {
  if (error.code === CODES.invalidInput) return error.message;
  if (error.code === 'cannot_link_more_of_type') return error.message;
  if (error.code === 'too_many_requests') return FLOW_MESSAGES.tooManyRequests;
  if (error.status === 422) return PASSWORDLESS_MESSAGES.invalidOrExpiredCode;
  return PASSWORDLESS_MESSAGES.issueVerifyingCode;
}
