/**
 * Making the wallet usable on this device (§4.6): `wallet:connect`; when the frame has no device
 * share, `wallet:recover` — which needs the user in the provider-origin surface (a step-up, and
 * the password of a 'user-passcode' wallet): EMBEDDED_WALLET_RECOVERY_SCREEN ('Load your account')
 * shows it, for interactive calls only. A background connection never asks.
 */
import type { EmbeddedWallet } from '../../../protocol/embedded-wallet.js';
import { SCREENS } from '../../../protocol/screens.js';
import { WALLET_FRAME_REQUESTS } from '../../../protocol/wallet-frame.js';
import type { Context } from '../../context.js';
import * as CODES from '../../errors/codes.js';
import { clientError } from '../../errors/gatehouse-error.js';
import { SESSION_MESSAGES } from '../../errors/messages.js';
import { isCancelled, type Task } from '../../modal/task.js';
import { requireToken } from '../../session/require-token.js';
import { WALLET_FLOW_TEXT } from '../../text/wallet-flow.js';
import { walletFailureText } from './failure.js';
import { WalletProxyError } from './proxy.js';
import { currentWallet, fire, rejected, update, walletState } from './state.js';
import { hideSurface, showPrompts } from './surface.js';

export interface ConnectOptions {
  /** A recovery may ask the user (on `task`, or a task of its own). */
  interactive: boolean;
  /** The task of the flow that needs the wallet: closing it gives up the call (4001). */
  task?: Task;
  /** EMBEDDED_WALLET_CONNECTING_SCREEN shows while the frame loads the key. */
  withScreen?: boolean;
}

/** The recovery on `task`: the surface shows what the frame asks; closing gives it up. */
async function recoverOn(ctx: Context, task: Task, address: string): Promise<void> {
  const state = walletState(ctx);
  const accessToken = await requireToken(ctx.session);
  const onPrompt = showPrompts(ctx, task);
  try {
    await task.until(
      state.proxy.request(
        WALLET_FRAME_REQUESTS.recover,
        { accessToken, address },
        { onPrompt, signal: task.signal },
      ),
    );
  } finally {
    hideSurface(ctx);
  }
  task.show(SCREENS.embeddedWalletConnecting);
}

async function recover(ctx: Context, wallet: EmbeddedWallet, options: ConnectOptions, error: unknown) {
  const state = walletState(ctx);
  if (!options.interactive) {
    update(state, { connecting: { status: 'idle', error: null } });
    throw error;
  }
  update(state, { connecting: { status: 'recovering', error: null } });
  const { task } = options;
  try {
    // A modal of its own (a call without a screen: eth_requestAccounts) closes once loaded.
    const ownModal = async (own: Task) => {
      await recoverOn(ctx, own, wallet.address);
      ctx.modal.closeAfter(0);
    };
    await (task ? recoverOn(ctx, task, wallet.address) : ctx.modal.run(ownModal));
  } catch (recoverError) {
    if (isCancelled(recoverError)) throw rejected();
    if (recoverError instanceof WalletProxyError && recoverError.walletErrorType === 'user_rejected') {
      // Cancel in the surface: as closing the screen (the modal closes, the call rejects with 4001).
      update(state, { connecting: { status: 'idle', error: null } });
      ctx.modal.close();
      throw rejected();
    }
    const text = walletFailureText(recoverError, WALLET_FLOW_TEXT.unableToRecover);
    update(state, { connecting: { status: 'error', error: text } });
    throw recoverError;
  }
}

async function runConnect(ctx: Context, wallet: EmbeddedWallet, options: ConnectOptions): Promise<string> {
  const state = walletState(ctx);
  const accessToken = await requireToken(ctx.session);
  const { address } = wallet;
  update(state, { connecting: { status: 'connecting', error: null } });
  try {
    await state.proxy.request(WALLET_FRAME_REQUESTS.connect, { accessToken, address });
  } catch (error) {
    if (!(error instanceof WalletProxyError) || error.walletErrorType !== 'wallet_not_on_device') {
      const text = walletFailureText(error, WALLET_FLOW_TEXT.unableToConnect);
      update(state, { connecting: { status: 'error', error: text } });
      throw error;
    }
    await recover(ctx, wallet, options, error);
  }
  state.address = address;
  update(state, { connecting: { status: 'connected', error: null } });
  fire(state, 'accountsChanged', [address]);
  return address;
}

/** Resolves with the address once the frame holds the key on this device. */
export async function connect(ctx: Context, options: ConnectOptions): Promise<string> {
  const state = walletState(ctx);
  const wallet = currentWallet(ctx);
  if (!ctx.session.authenticated) {
    throw clientError(CODES.mustBeAuthenticated, SESSION_MESSAGES.mustBeAuthenticated);
  }
  if (!wallet) throw clientError(CODES.embeddedWalletNotFound, WALLET_FLOW_TEXT.mustHaveWallet);
  if (state.address === wallet.address) return wallet.address;
  const { task } = options;
  if (options.withScreen) task?.show(SCREENS.embeddedWalletConnecting);
  // A silent connect under way may end in "recover": an interactive call then asks.
  const shared = state.connecting;
  const run = shared
    ? options.interactive
      ? shared.catch(() => runConnect(ctx, wallet, options))
      : shared
    : runConnect(ctx, wallet, options);
  state.connecting = run;
  const done = () => {
    if (state.connecting === run) state.connecting = null;
  };
  run.then(done, done);
  if (!task) return run;
  // Closing the flow's screen gives up the call (4001).
  return task.until(run).catch((error: unknown) => {
    throw isCancelled(error) ? rejected() : error;
  });
}

/** After a login or at start: the wallet is loaded silently when this browser holds it (a recovery waits for a wallet call). */
export function connectInBackground(ctx: Context): void {
  connect(ctx, { interactive: false }).catch(() => {});
}
