/**
 * The recovery password flow (§4.6): creating → saving → confirming → finalizing → done. 'Next'
 * goes forward, 'Back' one step back; at finalizing the submit runs, then 'done' shows 'Success' or
 * the failure. A flow the widget started itself (creation on login) cannot be closed during
 * set-up and closes the modal 1400 ms after 'done'; one the user started may be cancelled
 * (user_exited_set_password_flow).
 */
import { PASSWORD_FLOW_AUTO_CLOSE_MS } from '../../../protocol/constants.js';
import { SCREENS } from '../../../protocol/screens.js';
import type { Context } from '../../context.js';
import * as CODES from '../../errors/codes.js';
import { clientError, toGatehouseError } from '../../errors/gatehouse-error.js';
import { WALLET_FLOW_TEXT } from '../../errors/wallet-flow-text.js';
import { isCancelled, type Task } from '../../modal/task.js';
import { generateRecoveryPassword, recoveryFileName, validatePassword } from '../password.js';
import { walletFailureText } from './failure.js';
import { update, walletState } from './state.js';
import type { WalletPasswordStep, WalletPasswordUi } from './ui-state.js';

const STEPS: WalletPasswordStep[] = ['creating', 'saving', 'confirming', 'finalizing'];

export interface PasswordFlowOptions {
  automatic: boolean;
  /** EMBEDDED_WALLET_PASSWORD_UPDATE_SPLASH_SCREEN first ('Secure Your Account'). */
  splash?: boolean;
  /** The text shown at 'done' when `submit` fails. */
  failureText: string;
  /** Runs at finalizing with the chosen password. */
  submit: (password: string) => Promise<void>;
}

/** What the password screens answer. */
type PasswordAnswer = 'begin' | 'next' | 'back';

function setPassword(ctx: Context, patch: Partial<WalletPasswordUi>): void {
  const state = walletState(ctx);
  update(state, { password: { ...state.$ui.get().password, ...patch } });
}

const passwordOf = (ctx: Context): WalletPasswordUi => walletState(ctx).$ui.get().password;

/** One answer: the step it leads to, or 'submit' at finalizing. */
function stepAfter(ui: WalletPasswordUi, answer: PasswordAnswer): WalletPasswordStep | 'submit' {
  const at = STEPS.indexOf(ui.step);
  if (answer === 'back') return STEPS[Math.max(at - 1, 0)] ?? 'creating';
  if (ui.step === 'finalizing') return 'submit';
  if (ui.step === 'creating' && !validatePassword(ui.password).valid) return 'creating';
  return STEPS[at + 1] ?? 'finalizing';
}

async function submitPassword(ctx: Context, task: Task, options: PasswordFlowOptions): Promise<void> {
  const { password } = passwordOf(ctx);
  setPassword(ctx, { busy: true, error: null });
  task.closable = false;
  try {
    await options.submit(password);
  } catch (error) {
    console.warn(toGatehouseError(error).message);
    const text = walletFailureText(error, options.failureText);
    setPassword(ctx, { busy: false, step: 'done', error: text });
    task.closable = true;
    throw clientError(CODES.unknownEmbeddedWalletError, text, error);
  }
  // The password stays in memory no longer than needed.
  setPassword(ctx, { password: '', busy: false, step: 'done', error: null });
  task.closable = true;
  if (options.automatic) ctx.modal.closeAfter(PASSWORD_FLOW_AUTO_CLOSE_MS);
}

async function steps(ctx: Context, task: Task, options: PasswordFlowOptions): Promise<void> {
  if (options.splash) {
    await task.ask(SCREENS.embeddedWalletPasswordUpdateSplash);
    task.show(SCREENS.embeddedWalletPasswordUpdate);
  }
  for (;;) {
    const answer = await task.ask<PasswordAnswer>();
    const next = stepAfter(passwordOf(ctx), answer);
    if (next === 'submit') return submitPassword(ctx, task, options);
    setPassword(ctx, { step: next });
  }
}

/** Runs the steps on the task's screen; resolves at 'done' once the submit succeeded. */
export async function passwordFlow(ctx: Context, task: Task, options: PasswordFlowOptions): Promise<void> {
  setPassword(ctx, {
    step: 'creating',
    automatic: options.automatic,
    password: '',
    generated: false,
    fileName: recoveryFileName(ctx.$config.get().appName),
    busy: false,
    error: null,
  });
  task.closable = !options.automatic;
  try {
    await steps(ctx, task, options);
  } catch (error) {
    if (!isCancelled(error)) throw error;
    setPassword(ctx, { password: '' });
    throw clientError(CODES.exitedSetPasswordFlow, WALLET_FLOW_TEXT.exitedPasswordFlow);
  }
}

/** creating: the password typed so far. */
export function setWalletPasswordDraft(ctx: Context, password: string): void {
  if (passwordOf(ctx).step === 'creating') setPassword(ctx, { password, generated: false });
}

/** creating: a generated password instead of a typed one. */
export function generateWalletPassword(ctx: Context): void {
  if (passwordOf(ctx).step === 'creating') {
    setPassword(ctx, { password: generateRecoveryPassword(), generated: true });
  }
}

/** 'Next' (or 'Continue' on the splash screen); resolves once the flow has taken the step. */
export async function walletPasswordNext(ctx: Context): Promise<void> {
  const ui = passwordOf(ctx);
  if (!ui.busy && ui.step !== 'done') await ctx.modal.answer('next');
}

/** One step back (not from creating, not while submitting, not at done). */
export async function walletPasswordBack(ctx: Context): Promise<void> {
  const ui = passwordOf(ctx);
  if (!ui.busy && ui.step !== 'creating' && ui.step !== 'done') await ctx.modal.answer('back');
}

/** EMBEDDED_WALLET_PASSWORD_UPDATE_SPLASH_SCREEN's 'Continue'. */
export async function beginWalletPassword(ctx: Context): Promise<void> {
  await ctx.modal.answer('begin');
}

/** A user-initiated flow's 'Cancel': the modal closes (the automatic one cannot be closed). */
export function cancelWalletPassword(ctx: Context): void {
  const ui = passwordOf(ctx);
  if (!ui.automatic && !ui.busy) ctx.modal.close();
}
