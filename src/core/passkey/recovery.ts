/**
 * `LoginWidget.setWalletPasskey()` (protocol/passkey.ts): the wallet's recovery share goes under a
 * key only the user's passkey can produce (its PRF output, in the frame). PASSKEY_SCREEN frames the
 * surface where the frame asks for the passkey (adding one first when the user has none) and
 * re-splits the wallet; then the user is read again, as after setWalletPassword.
 */
import { DIALOG_CLOSE_DELAY_MS } from '../../protocol/constants.js';
import type { EmbeddedWallet } from '../../protocol/embedded-wallet.js';
import { PASSKEY_FRAME_REQUESTS, PASSKEY_NO_PRF_MESSAGE } from '../../protocol/passkey.js';
import { SCREENS } from '../../protocol/screens.js';
import type { Context } from '../context.js';
import * as CODES from '../errors/codes.js';
import { clientError, type GatehouseError, toGatehouseError } from '../errors/gatehouse-error.js';
import { loadEmbeddedWallet } from '../loaders/embedded-wallet.js';
import { isCancelled, type Task } from '../modal/task.js';
import { requireToken } from '../session/require-token.js';
import { PASSKEY_TEXT } from '../text/passkey.js';
import { WalletProxyError } from '../wallet/embedded/proxy.js';
import { currentWallet, walletState } from '../wallet/embedded/state.js';
import { hideSurface, showPrompts } from '../wallet/embedded/surface.js';
import { isUserRejected } from './flow.js';
import { resetPasskeyUi, setPasskeyUi } from './state.js';

/** The wallet this call may protect with a passkey; a clear refusal otherwise. */
function walletToProtect(ctx: Context): EmbeddedWallet {
  const wallet = currentWallet(ctx);
  if (!wallet) throw clientError(CODES.embeddedWalletNotFound, PASSKEY_TEXT.mustHaveWallet);
  if (wallet.recoveryMethod === 'passkey') {
    throw clientError(CODES.passkeyRecoveryAlreadySet, PASSKEY_TEXT.alreadySet);
  }
  return wallet;
}

/**
 * What a failed set-up rejects with: closed or cancelled, the exit (the modal closes); a passkey
 * without PRF, the catalogue's advice (a password instead); else the failure, shown on the screen.
 */
function failure(ctx: Context, error: unknown): GatehouseError {
  const cancelled = isUserRejected(error);
  if (isCancelled(error) || cancelled) {
    if (cancelled) ctx.modal.close();
    return clientError(CODES.exitedSetPasskeyFlow, PASSKEY_TEXT.exitedRecoveryFlow);
  }
  console.warn(toGatehouseError(error).message);
  const text =
    error instanceof WalletProxyError && error.message === PASSKEY_NO_PRF_MESSAGE
      ? PASSKEY_TEXT.noPrf
      : PASSKEY_TEXT.recoveryFailed;
  setPasskeyUi(ctx, { error: text, retry: false });
  return clientError(CODES.unknownEmbeddedWalletError, text, error);
}

async function protect(ctx: Context, task: Task, address: string): Promise<void> {
  const wallet = await task.until(loadEmbeddedWallet());
  await wallet.connect(ctx, { interactive: true, task, withScreen: true });
  task.show(SCREENS.passkey);
  const onPrompt = showPrompts(ctx, task, () => SCREENS.passkey);
  try {
    const accessToken = await requireToken(ctx.session);
    const request = { accessToken, address };
    const proxy = walletState(ctx).proxy;
    await task.until(
      proxy.request(PASSKEY_FRAME_REQUESTS.setRecovery, request, { onPrompt, signal: task.signal }),
    );
    await task.until(ctx.session.refresh());
  } finally {
    hideSurface(ctx);
  }
}

/**
 * `setWalletPasskey()`: resolves with the wallet once its recovery is the passkey (the provider's
 * record, read again); refuses without a wallet, or when it is a passkey already.
 */
export async function setWalletPasskey(ctx: Context): Promise<EmbeddedWallet> {
  await requireToken(ctx.session);
  const { address } = walletToProtect(ctx);
  resetPasskeyUi(ctx, 'set-recovery');
  return ctx.modal.run(async (task) => {
    try {
      await protect(ctx, task, address);
    } catch (error) {
      throw failure(ctx, error);
    }
    const wallet = currentWallet(ctx);
    if (wallet?.recoveryMethod !== 'passkey') throw failure(ctx, new Error(PASSKEY_TEXT.recoveryFailed));
    setPasskeyUi(ctx, { done: PASSKEY_TEXT.recoverySet });
    ctx.modal.closeAfter(DIALOG_CLOSE_DELAY_MS);
    return wallet;
  });
}
