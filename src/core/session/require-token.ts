import * as CODES from '../errors/codes.js';
import { clientError } from '../errors/gatehouse-error.js';
import { SESSION_MESSAGES } from '../errors/messages.js';
import type { Session } from './session.js';

/** The access token for a call that needs a user (§6); must_be_authenticated when nobody is logged in. */
export async function requireToken(
  session: Session,
  message: string = SESSION_MESSAGES.mustBeAuthenticated,
): Promise<string> {
  const token = session.authenticated ? await session.getAccessToken() : null;
  if (!token) throw clientError(CODES.mustBeAuthenticated, message);
  return token;
}
