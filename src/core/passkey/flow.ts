/**
 * A passkey login or link (protocol/passkey.ts): PASSKEY_SCREEN frames the provider-origin surface,
 * where the wallet frame runs the WebAuthn ceremony; the frame's reply is the provider's AuthResult
 * (finished as every login is, finish.ts) or the updated user (a link). The surface's Cancel closes
 * the modal as any cancelled login; another failure shows with 'Try again'.
 */
import type { LinkedAccount, User } from '../../protocol/client.js';
import { PASSKEY_ACCOUNT_TYPE, PASSKEY_FRAME_REQUESTS } from '../../protocol/passkey.js';
import type { PasskeyAccount } from '../../protocol/passkey-account.js';
import { SCREENS } from '../../protocol/screens.js';
import type { WalletFrameReplyData, WalletFrameRequestData } from '../../protocol/wallet-frame.js';
import type { Context } from '../context.js';
import { toGatehouseError } from '../errors/gatehouse-error.js';
import { captchaToken } from '../login/captcha-gate.js';
import { loginOutcome, type Outcome } from '../login/outcome.js';
import { startFlow } from '../login/run.js';
import { openModal } from '../modal/open.js';
import { isCancelled, type Task } from '../modal/task.js';
import { requireToken } from '../session/require-token.js';
import { PASSKEY_TEXT } from '../text/passkey.js';
import { WalletProxyError } from '../wallet/embedded/proxy.js';
import { currentWallet, walletState } from '../wallet/embedded/state.js';
import { hideSurface, showPrompts } from '../wallet/embedded/surface.js';
import { PASSKEY_RETRY, resetPasskeyUi, setPasskeyUi } from './state.js';

type Purpose = 'login' | 'link';
type FrameType = (typeof PASSKEY_FRAME_REQUESTS)['login' | 'link'];

const isPasskey = (account: LinkedAccount): account is PasskeyAccount =>
  account.type === PASSKEY_ACCOUNT_TYPE;

/** Whether the frame's reply is the surface's Cancel. */
export const isUserRejected = (error: unknown): boolean =>
  error instanceof WalletProxyError && error.walletErrorType === 'user_rejected';

/** One request to the frame whose prompts show on PASSKEY_SCREEN. */
async function frameRequest<T extends FrameType>(
  ctx: Context,
  task: Task,
  type: T,
  data: WalletFrameRequestData[T],
): Promise<WalletFrameReplyData[T]> {
  const onPrompt = showPrompts(ctx, task, () => SCREENS.passkey);
  try {
    return await task.until(walletState(ctx).proxy.request(type, data, { onPrompt, signal: task.signal }));
  } finally {
    hideSurface(ctx);
  }
}

async function loginAttempt(ctx: Context, task: Task): Promise<Outcome> {
  const token = await captchaToken(ctx, task);
  task.show(SCREENS.passkey);
  const data = token ? { captchaToken: token } : {};
  const { auth } = await frameRequest(ctx, task, PASSKEY_FRAME_REQUESTS.login, data);
  return loginOutcome(ctx.session.signIn(auth), auth.is_new_user, 'passkey');
}

/** The passkey the link added: the one the user did not have, else the one verified last. */
function addedPasskey(user: User, before: ReadonlySet<string>): PasskeyAccount | undefined {
  const passkeys = user.linkedAccounts.filter(isPasskey);
  const last = (a: PasskeyAccount) => (a.latestVerifiedAt ?? a.verifiedAt).getTime();
  return (
    passkeys.find((account) => !before.has(account.credentialId)) ??
    [...passkeys].sort((a, b) => last(b) - last(a))[0]
  );
}

async function linkAttempt(ctx: Context, task: Task): Promise<Outcome> {
  const accessToken = await requireToken(ctx.session);
  const had = ctx.stores.$user.get()?.linkedAccounts.filter(isPasskey) ?? [];
  const before = new Set(had.map((account) => account.credentialId));
  const address = currentWallet(ctx)?.address;
  const data = address ? { accessToken, address } : { accessToken };
  const reply = await frameRequest(ctx, task, PASSKEY_FRAME_REQUESTS.link, data);
  const user = ctx.session.setUser(reply.user);
  const linkedAccount = addedPasskey(user, before);
  return linkedAccount ? { kind: 'link', user, linkMethod: 'passkey', linkedAccount } : null;
}

/** Tries until the user is done: a failure shows with 'Try again'; the surface's Cancel closes the modal. */
async function untilDone(ctx: Context, task: Task, purpose: Purpose): Promise<Outcome> {
  for (;;) {
    setPasskeyUi(ctx, { error: null, retry: false });
    task.show(SCREENS.passkey);
    try {
      return await (purpose === 'login' ? loginAttempt(ctx, task) : linkAttempt(ctx, task));
    } catch (error) {
      if (isCancelled(error)) throw error;
      if (isUserRejected(error)) {
        ctx.modal.close();
        return null;
      }
      console.warn(toGatehouseError(error).message);
      setPasskeyUi(ctx, { error: PASSKEY_TEXT.failed, retry: true });
      await task.ask(PASSKEY_RETRY);
    }
  }
}

/** LANDING's 'Log in with passkey', `loginWithPasskey()`, `linkPasskey()`: resolves once the screen waits. */
export function startPasskey(ctx: Context, purpose: Purpose): Promise<void> {
  resetPasskeyUi(ctx, purpose);
  if (purpose === 'link') ctx.modal.replace(SCREENS.passkey, { intent: 'link' });
  else if (!ctx.modal.isOpen) openModal(ctx, SCREENS.passkey, { intent: 'login' });
  return startFlow(ctx, (task) => untilDone(ctx, task, purpose), purpose);
}
