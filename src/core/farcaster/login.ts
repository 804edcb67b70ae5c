/**
 * Sign In With Farcaster (§4.3, §4.4): the provider opens a channel on the auth relay (behind the
 * captcha), AWAITING_FARCASTER_CONNECTION shows its `connect_uri` (a QR code on desktop, 'Open
 * Farcaster' on a phone), the channel's status is read every 2 s until the user signed in the app
 * (given up after 120 s, retryable), then the provider verifies the message: a login, or a link.
 */
import type { AuthResult, UserWire } from '../../protocol/api.js';
import type { User } from '../../protocol/client.js';
import {
  FARCASTER_ACCOUNT_TYPE,
  FARCASTER_API_PATHS,
  FARCASTER_CHANNEL_TOKEN_HEADER,
  type FarcasterAuthenticateBody,
  type FarcasterInitResponse,
  type FarcasterStatusResponse,
  type FarcasterUnlinkBody,
} from '../../protocol/farcaster.js';
import { SCREENS } from '../../protocol/screens.js';
import type { Context } from '../context.js';
import { captchaToken } from '../login/captcha-gate.js';
import { postChange } from '../login/change-call.js';
import { changeAccounts } from '../login/linking.js';
import { loginOutcome, type Outcome } from '../login/outcome.js';
import { startFlow } from '../login/run.js';
import { openModal } from '../modal/open.js';
import type { Question } from '../modal/question.js';
import { isCancelled, type Task } from '../modal/task.js';
import { type CompletedFarcasterChannel, pollFarcasterConnection } from './connect-poller.js';
import { FarcasterFlowError } from './errors.js';
import { SIGNER_RETRY } from './signer.js';
import { resetFarcasterUi, setFarcasterUi } from './state.js';

type Mode = 'login' | 'link';

/** `farcaster/status` with the channel token in its header. */
const channelStatus = (ctx: Context, channelToken: string) =>
  ctx.api.request<FarcasterStatusResponse>(FARCASTER_API_PATHS.status, {
    headers: { [FARCASTER_CHANNEL_TOKEN_HEADER]: channelToken },
  });

/** The signed message to the provider: the login's outcome, or the linked account's. */
async function verify(
  ctx: Context,
  mode: Mode,
  channelToken: string,
  channel: CompletedFarcasterChannel,
): Promise<Outcome> {
  const body: FarcasterAuthenticateBody = {
    channel_token: channelToken,
    message: channel.message,
    signature: channel.signature,
    fid: channel.fid,
  };
  if (mode === 'login') {
    const result = await ctx.api.post<AuthResult>(FARCASTER_API_PATHS.authenticate, body);
    return loginOutcome(ctx.session.signIn(result), result.is_new_user, 'farcaster');
  }
  const user = ctx.session.setUser(await postChange<UserWire>(ctx, FARCASTER_API_PATHS.link, body));
  const linkedAccount = user.linkedAccounts.find(
    (account) => account.type === FARCASTER_ACCOUNT_TYPE && account.fid === channel.fid,
  );
  return linkedAccount ? { kind: 'link', user, linkMethod: 'farcaster', linkedAccount } : null;
}

/** One attempt: a channel, the wait for the user, the verification. */
async function attempt(ctx: Context, task: Task, mode: Mode): Promise<Outcome> {
  resetFarcasterUi(ctx);
  const token = await captchaToken(ctx, task);
  const init = await task.until(
    ctx.api.post<FarcasterInitResponse>(FARCASTER_API_PATHS.init, token ? { token } : {}),
  );
  setFarcasterUi(ctx, { connectUri: init.connect_uri });
  task.show(SCREENS.awaitingFarcasterConnection);
  // The screen now waits for the Farcaster app: linkFarcaster()'s caller has its answer.
  task.settle();
  const channel = await pollFarcasterConnection({
    check: () => channelStatus(ctx, init.channel_token),
    signal: task.signal,
  });
  const outcome = await task.until(verify(ctx, mode, init.channel_token, channel));
  setFarcasterUi(ctx, { status: 'connected' });
  return outcome;
}

async function connectFlow(ctx: Context, task: Task, mode: Mode): Promise<Outcome> {
  for (;;) {
    try {
      return await attempt(ctx, task, mode);
    } catch (error) {
      if (isCancelled(error) || !(error instanceof FarcasterFlowError)) throw error;
      // 'The request timed out. Try again.' stays on the screen; Try again starts a new channel.
      setFarcasterUi(ctx, { status: 'failed', error });
      await task.ask(CONNECT_RETRY);
    }
  }
}

/** LANDING's Farcaster entry, or `linkFarcaster()`; resolves once the screen waits (or it failed). */
export function startFarcaster(ctx: Context, mode: Mode): Promise<void> {
  if (!ctx.modal.isOpen) openModal(ctx, SCREENS.awaitingFarcasterConnection, { intent: mode });
  return startFlow(ctx, (task) => connectFlow(ctx, task, mode), mode);
}

/** AWAITING_FARCASTER_CONNECTION's Try again, after a failed channel. */
const CONNECT_RETRY: Question = { screen: SCREENS.awaitingFarcasterConnection };

/** The failed wait's Try again (the connection's, or the signer's). */
export const retryFarcaster = async (ctx: Context): Promise<boolean> =>
  (await ctx.modal.answer(CONNECT_RETRY)) || ctx.modal.answer(SIGNER_RETRY);

/** `unlinkFarcaster(fid)`: resolves with the updated user. */
export function unlinkFarcaster(ctx: Context, fid: unknown): Promise<User> {
  const body: FarcasterUnlinkBody = { fid: Number(fid) };
  return changeAccounts(ctx, FARCASTER_API_PATHS.unlink, body);
}
