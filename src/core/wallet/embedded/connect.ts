/**
 * Making the wallet usable on this device (§4.6): `wallet:connect`; when the frame has no device
 * share, `wallet:recover` — silently for 'gatehouse', with the password asked on
 * EMBEDDED_WALLET_RECOVERY_SCREEN for 'user-passcode' (interactive calls only).
 */
import type { EmbeddedWallet } from '../../../protocol/embedded-wallet.js';
import { SCREENS } from '../../../protocol/screens.js';
import { WALLET_FRAME_REQUESTS } from '../../../protocol/wallet-frame.js';
import type { Context } from '../../context.js';
import * as CODES from '../../errors/codes.js';
import { clientError } from '../../errors/gatehouse-error.js';
import { SESSION_MESSAGES } from '../../errors/messages.js';
import { WALLET_FLOW_TEXT } from '../../errors/wallet-flow-text.js';
import { withMfa } from '../../mfa/verify.js';
import { isCancelled, type Task } from '../../modal/task.js';
import { requireToken } from '../../session/require-token.js';
import { walletFailureText } from './failure.js';
import { WalletProxyError } from './proxy.js';
import { currentWallet, fire, rejected, update, walletState } from './state.js';

export interface ConnectOptions {
  /** A password recovery may ask the user (on `task`, or a task of its own). */
  interactive: boolean;
  /** The task of the flow that needs the wallet: closing it gives up the call (4001). */
  task?: Task;
  /** EMBEDDED_WALLET_CONNECTING_SCREEN shows while the frame loads the key. */
  withScreen?: boolean;
}

/** A wrong password, or another failure of the recovery (§8). */
function recoveryText(error: unknown): string {
  const type = error instanceof WalletProxyError ? error.walletErrorType : null;
  return type === 'invalid_recovery_pin' || type === 'invalid_request_arguments'
    ? WALLET_FLOW_TEXT.invalidRecoveryPassword
    : walletFailureText(error, WALLET_FLOW_TEXT.genericError);
}

/** EMBEDDED_WALLET_RECOVERY_SCREEN: asks until the password recovers the wallet; closing rejects (4001). */
async function askPassword(ctx: Context, task: Task, address: string): Promise<void> {
  const state = walletState(ctx);
  update(state, { recovery: { address, busy: false, error: null } });
  let password = await task.ask<string>(SCREENS.embeddedWalletRecovery);
  for (;;) {
    update(state, { recovery: { address, busy: true, error: null } });
    try {
      const recover = async () => {
        const accessToken = await requireToken(ctx.session);
        const recovery = { accessToken, address, recoveryPin: password };
        return state.proxy.request(WALLET_FRAME_REQUESTS.recover, recovery);
      };
      await task.until(withMfa(ctx, recover, task));
      update(state, { recovery: { address, busy: false, error: null } });
      return;
    } catch (error) {
      if (isCancelled(error)) throw error;
      update(state, { recovery: { address, busy: false, error: recoveryText(error) } });
    }
    password = await task.ask<string>();
  }
}

async function recover(ctx: Context, wallet: EmbeddedWallet, options: ConnectOptions, error: unknown) {
  const state = walletState(ctx);
  const { address } = wallet;
  if (wallet.recoveryMethod === 'user-passcode') {
    if (!options.interactive) {
      update(state, { connecting: { status: 'idle', error: null } });
      throw error;
    }
    const { task } = options;
    try {
      await (task ? askPassword(ctx, task, address) : ctx.modal.run((own) => askPassword(ctx, own, address)));
    } catch (cancelled) {
      throw isCancelled(cancelled) ? rejected() : cancelled;
    }
    return;
  }
  update(state, { connecting: { status: 'recovering', error: null } });
  const silently = async () => {
    const accessToken = await requireToken(ctx.session);
    return state.proxy.request(WALLET_FRAME_REQUESTS.recover, { accessToken, address });
  };
  try {
    // §6: with MFA enrolled, recovering asks for a verification first (interactive calls only).
    await (options.interactive ? withMfa(ctx, silently, options.task) : silently());
  } catch (recoverError) {
    // A new device gets the recovery share only within minutes of an interactive login.
    const relogin =
      recoverError instanceof WalletProxyError && recoverError.walletErrorType === 'recent_login_required';
    const text = relogin
      ? WALLET_FLOW_TEXT.recentLoginRequired
      : walletFailureText(recoverError, WALLET_FLOW_TEXT.unableToRecover);
    update(state, { connecting: { status: 'error', error: text, relogin } });
    throw recoverError;
  }
}

async function runConnect(ctx: Context, wallet: EmbeddedWallet, options: ConnectOptions): Promise<string> {
  const state = walletState(ctx);
  const accessToken = await requireToken(ctx.session);
  const { address } = wallet;
  update(state, { connecting: { status: 'connecting', error: null } });
  const load = () => state.proxy.request(WALLET_FRAME_REQUESTS.connect, { accessToken, address });
  try {
    // With MFA enrolled, the frame rebuilds the key only after a verification (interactive calls ask).
    await (options.interactive ? withMfa(ctx, load, options.task) : load());
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
  // A silent connect under way may end in "recover with the password": an interactive call then asks.
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
  // Closing the flow's screen gives up the call (4001); the connection itself goes on.
  return task.until(run).catch((error: unknown) => {
    throw isCancelled(error) ? rejected() : error;
  });
}

/** After a login or at start: the wallet is loaded silently (a password recovery waits for a wallet call). */
export function connectInBackground(ctx: Context): void {
  connect(ctx, { interactive: false }).catch(() => {});
}
