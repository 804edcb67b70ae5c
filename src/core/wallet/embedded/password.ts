/**
 * The recovery password flow (§4.6): its steps — creating, saving, confirming, finalizing — are the
 * provider-origin surface's (the password is typed there and never reaches this page); this side
 * shows the screen around it, and 'done' with 'Success' or the failure. A flow the widget started
 * itself (creation on login) cannot be closed during set-up and closes the modal 1400 ms after
 * 'done'; one the user started may be cancelled (user_exited_set_password_flow).
 */

import type { ScreenName } from '../../../protocol/screens.js';
import { SCREENS } from '../../../protocol/screens.js';
import { PASSWORD_FLOW_AUTO_CLOSE_MS } from '../../../protocol/wallet-constants.js';
import type { Context } from '../../context.js';
import * as CODES from '../../errors/codes.js';
import { clientError, toGatehouseError } from '../../errors/gatehouse-error.js';
import type { Question } from '../../modal/question.js';
import { isCancelled, type Task } from '../../modal/task.js';
import { WALLET_FLOW_TEXT } from '../../text/wallet-flow.js';
import { walletFailureText } from './failure.js';
import { WalletProxyError } from './proxy.js';
import { update, walletState } from './state.js';
import { hideSurface, showPrompts } from './surface.js';
import type { WalletPasswordUi } from './ui-state.js';

export interface PasswordFlowOptions {
  automatic: boolean;
  /** EMBEDDED_WALLET_PASSWORD_UPDATE_SPLASH_SCREEN first ('Secure Your Account'). */
  splash?: boolean;
  /** Where the surface's steps show. */
  screen: ScreenName;
  /** The text shown at 'done' when `submit` fails. */
  failureText: string;
  /** The frame request that asks for the password in the surface. */
  submit: (prompts: { onPrompt: ReturnType<typeof showPrompts>; signal: AbortSignal }) => Promise<void>;
}

function setPassword(ctx: Context, patch: Partial<WalletPasswordUi>): void {
  const state = walletState(ctx);
  update(state, { password: { ...state.$ui.get().password, ...patch } });
}

const exited = () => clientError(CODES.exitedSetPasswordFlow, WALLET_FLOW_TEXT.exitedPasswordFlow);

/** Runs the steps on the task's screen; resolves at 'done' once the submit succeeded. */
export async function passwordFlow(ctx: Context, task: Task, options: PasswordFlowOptions): Promise<void> {
  setPassword(ctx, { step: 'surface', automatic: options.automatic, error: null });
  task.closable = !options.automatic;
  try {
    if (options.splash) {
      task.show(BEGIN_PASSWORD.screen);
      await task.ask(BEGIN_PASSWORD);
    }
    task.show(options.screen);
    const onPrompt = showPrompts(ctx, task, () => options.screen);
    await task.until(options.submit({ onPrompt, signal: task.signal }));
  } catch (error) {
    if (isCancelled(error)) throw exited();
    if (error instanceof WalletProxyError && error.walletErrorType === 'user_rejected') throw exited();
    console.warn(toGatehouseError(error).message);
    const text = walletFailureText(error, options.failureText);
    setPassword(ctx, { step: 'done', error: text });
    task.closable = true;
    throw clientError(CODES.unknownEmbeddedWalletError, text, error);
  } finally {
    hideSurface(ctx);
  }
  setPassword(ctx, { step: 'done', error: null });
  task.closable = true;
  if (options.automatic) ctx.modal.closeAfter(PASSWORD_FLOW_AUTO_CLOSE_MS);
}

/** EMBEDDED_WALLET_PASSWORD_UPDATE_SPLASH_SCREEN's question: its 'Continue'. */
const BEGIN_PASSWORD: Question = { screen: SCREENS.embeddedWalletPasswordUpdateSplash };

/** The splash's 'Continue'. */
export async function beginWalletPassword(ctx: Context): Promise<void> {
  await ctx.modal.answer(BEGIN_PASSWORD);
}

/** A user-initiated flow's 'Cancel': the modal closes (the automatic one cannot be closed). */
export function cancelWalletPassword(ctx: Context): void {
  if (!walletState(ctx).$ui.get().password.automatic) ctx.modal.close();
}
