/**
 * Linking, unlinking and updating the logged-in user's email and phone (§4.4, §5). Loaded the
 * first time a host asks for one of them, so none of it weighs on the login modal's first showing.
 */
import {
  API_PATHS,
  type PasswordlessAuthenticateBody,
  type PasswordlessUnlinkBody,
  type PasswordlessUpdateBody,
  type SmsAuthenticateBody,
  type SmsUnlinkBody,
  type UserWire,
} from '../../protocol/api.js';
import type { LinkedAccount, User } from '../../protocol/client.js';
import type { ApiClient } from '../api/client.js';
import { codeToSend } from '../code-input.js';
import { CLIENT_ERROR_CODES, clientError } from '../errors/gatehouse-error.js';
import { MESSAGES, SESSION_MESSAGES } from '../errors/messages.js';
import type { AuthFlowState } from '../modal.js';
import type { Session } from '../session/session.js';

/**
 * A change to the user's accounts: posted with the access token, answered with the updated user,
 * which goes to `$user` at once. Logged out: must_be_authenticated (§6).
 */
async function changeAccounts(api: ApiClient, session: Session, path: string, body: unknown): Promise<User> {
  const token = await session.getAccessToken();
  if (!token) throw clientError(CLIENT_ERROR_CODES.mustBeAuthenticated, SESSION_MESSAGES.mustBeAuthenticated);
  return session.setUser(await api.post<UserWire>(path, body, token));
}

export interface LinkResult {
  user: User;
  /** The account the code added (or moved to), as the updated user holds it. */
  account: LinkedAccount | undefined;
}

/**
 * The code of a link or update flow (AWAITING_PASSWORDLESS_CODE): links the address or number it
 * went to, or moves the user's email (`previousEmail`) to that address.
 */
export async function redeemLinkCode(
  api: ApiClient,
  session: Session,
  flow: Pick<AuthFlowState, 'channel' | 'intent' | 'email' | 'phoneNumber'>,
  code: string,
  previousEmail: string | undefined,
): Promise<LinkResult> {
  const trimmed = codeToSend(code);
  let user: User;
  if (flow.channel === 'sms') {
    if (!flow.phoneNumber) throw clientError(CLIENT_ERROR_CODES.invalidInput, MESSAGES.noAuthFlow);
    const body: SmsAuthenticateBody = { phoneNumber: flow.phoneNumber, code: trimmed };
    user = await changeAccounts(api, session, API_PATHS.smsLink, body);
  } else if (!flow.email) {
    throw clientError(CLIENT_ERROR_CODES.invalidInput, MESSAGES.noAuthFlow);
  } else if (flow.intent === 'update') {
    if (!previousEmail) throw clientError(CLIENT_ERROR_CODES.invalidInput, MESSAGES.emailRequiredForUpdate);
    const body: PasswordlessUpdateBody = { oldAddress: previousEmail, newAddress: flow.email, code: trimmed };
    user = await changeAccounts(api, session, API_PATHS.passwordlessUpdate, body);
  } else {
    const body: PasswordlessAuthenticateBody = { email: flow.email, code: trimmed };
    user = await changeAccounts(api, session, API_PATHS.passwordlessLink, body);
  }
  const account = user.linkedAccounts.find((linked) =>
    flow.channel === 'sms'
      ? linked.type === 'phone' && linked.number === flow.phoneNumber
      : linked.type === 'email' && linked.address === flow.email,
  );
  return { user, account };
}

export function unlinkEmail(api: ApiClient, session: Session, address: string): Promise<User> {
  const body: PasswordlessUnlinkBody = { address: address.trim() };
  return changeAccounts(api, session, API_PATHS.passwordlessUnlink, body);
}

export function unlinkPhone(api: ApiClient, session: Session, phoneNumber: string): Promise<User> {
  const body: SmsUnlinkBody = { phoneNumber: phoneNumber.trim() };
  return changeAccounts(api, session, API_PATHS.smsUnlink, body);
}
