/**
 * Linking, unlinking and updating the logged-in user's email and phone (§4.4, §5). Loaded the
 * first time a host asks for one of them, so none of it weighs on the login modal's first showing.
 */
import { API_PATHS, type UserWire } from '../../protocol/api.js';
import type { User } from '../../protocol/client.js';
import type {
  PasswordlessAuthenticateBody,
  PasswordlessUnlinkBody,
  PasswordlessUpdateBody,
  SmsAuthenticateBody,
  SmsUnlinkBody,
} from '../../protocol/code-login.js';
import { codeToSend } from '../code-input.js';
import type { Context } from '../context.js';
import * as CODES from '../errors/codes.js';
import { FLOW_MESSAGES } from '../errors/flow-messages.js';
import { clientError } from '../errors/gatehouse-error.js';
import { MESSAGES } from '../errors/messages.js';
import type { AuthFlowState } from '../modal/modal.js';
import { postChange } from './change-call.js';
import type { LinkOutcome } from './outcome.js';

/**
 * A change to the user's accounts: posted with the access token, answered with the updated user,
 * which goes to `$user` at once. Logged out: must_be_authenticated (§6).
 */
export async function changeAccounts(ctx: Context, path: string, body: unknown): Promise<User> {
  return ctx.session.setUser(await postChange<UserWire>(ctx, path, body));
}

type CodeFlow = Pick<AuthFlowState, 'channel' | 'intent' | 'email' | 'phoneNumber'>;

/** The call that redeems a link or update code, and its body. */
function linkCall(ctx: Context, flow: CodeFlow, code: string): [string, unknown] {
  if (flow.channel === 'sms') {
    if (!flow.phoneNumber) throw clientError(CODES.invalidInput, FLOW_MESSAGES.noAuthFlow);
    const body: SmsAuthenticateBody = { phoneNumber: flow.phoneNumber, code };
    return [API_PATHS.smsLink, body];
  }
  if (!flow.email) throw clientError(CODES.invalidInput, FLOW_MESSAGES.noAuthFlow);
  if (flow.intent !== 'update') {
    const body: PasswordlessAuthenticateBody = { email: flow.email, code };
    return [API_PATHS.passwordlessLink, body];
  }
  const previous = ctx.stores.$user.get()?.email?.address;
  if (!previous) throw clientError(CODES.invalidInput, MESSAGES.emailRequiredForUpdate);
  const body: PasswordlessUpdateBody = { oldAddress: previous, newAddress: flow.email, code };
  return [API_PATHS.passwordlessUpdate, body];
}

/**
 * The code of a link or update flow (AWAITING_PASSWORDLESS_CODE): links the address or number it
 * went to, or moves the user's email to that address. Null when the answer lacks the account.
 */
export async function redeemLinkCode(
  ctx: Context,
  flow: CodeFlow,
  code: string,
): Promise<LinkOutcome | null> {
  const [path, body] = linkCall(ctx, flow, codeToSend(code));
  const user = await changeAccounts(ctx, path, body);
  const linkedAccount = user.linkedAccounts.find((linked) =>
    flow.channel === 'sms'
      ? linked.type === 'phone' && linked.number === flow.phoneNumber
      : linked.type === 'email' && linked.address === flow.email,
  );
  return linkedAccount ? { kind: 'link', user, linkMethod: flow.channel, linkedAccount } : null;
}

export function unlinkEmail(ctx: Context, address: string): Promise<User> {
  const body: PasswordlessUnlinkBody = { address: address.trim() };
  return changeAccounts(ctx, API_PATHS.passwordlessUnlink, body);
}

export function unlinkPhone(ctx: Context, phoneNumber: string): Promise<User> {
  const body: SmsUnlinkBody = { phoneNumber: phoneNumber.trim() };
  return changeAccounts(ctx, API_PATHS.smsUnlink, body);
}
