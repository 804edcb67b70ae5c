/**
 * Sending (§4.6): prepare (nonce, gas, fees), review on EMBEDDED_WALLET_SEND_TRANSACTION_SCREEN —
 * the preview here, the Send in the provider-origin surface beside it, where the frame shows what it
 * signs (unless noPromptOnSignature) — sign in the frame, broadcast, and with
 * waitForTransactionConfirmation wait for the receipt. Closing before 'done' rejects with 4001.
 */
import type { SendTransactionResult } from '../../../protocol/embedded-wallet.js';
import { EVENTS } from '../../../protocol/events.js';
import { SCREENS } from '../../../protocol/screens.js';
import type { Context } from '../../context.js';
import * as CODES from '../../errors/codes.js';
import { clientError, toGatehouseError } from '../../errors/gatehouse-error.js';
import { emit } from '../../events.js';
import type { Question } from '../../modal/question.js';
import { isCancelled, type Task } from '../../modal/task.js';
import { fundingSettings, onRampCurrency } from '../../settings/funding.js';
import { type WalletSettings, walletChains, walletSettings } from '../../settings/wallet.js';
import { WALLET_FLOW_TEXT } from '../../text/wallet-flow.js';
import { requireSupportedChain } from '../chains.js';
import { assertSufficientFunds, prepareTransaction } from '../gas.js';
import { toProviderError } from '../provider.js';
import type { TransactionReceipt } from '../rpc.js';
import { explorerLink, type PreparedSend, prepareSend } from '../send.js';
import {
  normalizeTransactionRequest,
  type RpcTransaction,
  type TransactionRequest,
  toRpcTransaction,
} from '../transaction.js';
import { currentChainId } from './chain.js';
import { connect } from './connect.js';
import { WalletProxyError } from './proxy.js';
import { pendingResult, receiptOrLater, receiptResult } from './receipt.js';
import { fund, prepareReview, sendErrorText, setSend } from './send-review.js';
import { rpcSign, type SignAsk } from './sign.js';
import { refuseWhilePending, rejected, signsSilently, update, WALLET_REQUEST, walletState } from './state.js';
import type { TransactionUiOptions, WalletSendUi } from './ui-state.js';

/** What a send tells its screen as it goes. */
interface SubmitHooks {
  onSigned?: () => void;
  onHash?: (hash: string) => void;
  /** Sent, and its receipt did not come in the wait: the send resolves without it. */
  onPending?: () => void;
  /** That receipt came later. */
  onConfirmed?: (hash: string) => void;
}

/**
 * Signs in the frame (eth_signTransaction, as asked: `ask`), broadcasts, and waits for the receipt
 * when asked; a receipt that does not come in the wait is reported when it does
 * (EVENTS.transactionConfirmed), the send resolving as sent.
 */
async function submit(
  ctx: Context,
  prepared: PreparedSend,
  waitForConfirmation: boolean,
  ask: SignAsk,
  hooks: SubmitHooks = {},
  signal?: AbortSignal,
): Promise<SendTransactionResult> {
  const { onSigned, onHash, onPending, onConfirmed } = hooks;
  const raw = await rpcSign(
    ctx,
    { method: 'eth_signTransaction', params: [toRpcTransaction(prepared.transaction)] },
    ask,
  );
  signal?.throwIfAborted();
  onSigned?.();
  const hash = await prepared.rpc.sendRawTransaction(raw);
  onHash?.(hash);
  const { from, to } = prepared.transaction;
  if (!waitForConfirmation) return pendingResult(hash, from, to);
  const late = (receipt: TransactionReceipt) => {
    onConfirmed?.(hash);
    emit(ctx.events, EVENTS.transactionConfirmed, receiptResult(receipt));
  };
  const receipt = await receiptOrLater(prepared.rpc, hash, late, signal);
  if (receipt) return receiptResult(receipt);
  onPending?.();
  return pendingResult(hash, from, to);
}

/** The user cancelled in the surface: as the screen's own Cancel (4001). */
const cancelledInSurface = (error: unknown): boolean =>
  error instanceof WalletProxyError && error.walletErrorType === 'user_rejected';

/** The surface may ask for the Send when ready, or after a failure that a new attempt may mend. */
function approvable(send: WalletSendUi | null): boolean {
  if (!send) return false;
  if (send.status === 'ready') return true;
  return (
    send.status === 'error' &&
    send.transactionHash === null &&
    !!send.preview &&
    !send.preview.insufficientFunds
  );
}

async function review(ctx: Context, task: Task, request: TransactionRequest, ui: TransactionUiOptions) {
  const from = await connect(ctx, { interactive: true, task, withScreen: true });
  const withChain: TransactionRequest = { ...request, chainId: request.chainId ?? currentChainId(ctx) };
  // §4.5: a chain outside supportedChains is refused (4902) before anything shows.
  const chain = requireSupportedChain(walletChains(ctx), withChain.chainId);
  const initial: WalletSendUi = {
    uiOptions: { ...ui },
    status: 'preparing',
    preview: null,
    transactionHash: null,
    transactionUrl: null,
    error: null,
    // Only where the card purchase buys this chain's token: never another chain's.
    canFund: (fundingSettings(ctx)?.enabled ?? false) && onRampCurrency(ctx, chain.id) !== null,
  };
  update(walletState(ctx), { sign: null, send: initial });
  task.show(SCREENS.embeddedWalletSendTransaction);
  const prepare = () => prepareReview(ctx, withChain, from, ui);
  let preparing = prepare();
  for (;;) {
    const prepared = await task.until(preparing);
    // Nothing to approve (short of funds, or the preparation failed): 'Add Funds', or another try.
    const approval = prepared && approvable(walletState(ctx).$ui.get().send) ? prepared : null;
    const outcome = await submitOrFund(ctx, task, approval);
    if (outcome === 'fund') {
      preparing = fund(ctx, task, from, chain, prepare);
      continue;
    }
    if (outcome === 'retry') {
      preparing = prepare();
      continue;
    }
    if (outcome) return outcome;
  }
}

/** EMBEDDED_WALLET_SEND_TRANSACTION_SCREEN's 'Add Funds', or its Try again after a failure. */
export const FUND_OR_RETRY: Question<'fund' | 'retry'> = { screen: SCREENS.embeddedWalletSendTransaction };

/**
 * The surface asks for the Send while the screen offers 'Add Funds' beside it: whichever the user
 * does first. Without an approvable preview, only the screen's answer.
 */
async function submitOrFund(ctx: Context, task: Task, prepared: PreparedSend | null) {
  if (!prepared) return task.ask(FUND_OR_RETRY);
  const signing = new AbortController();
  task.signal.addEventListener('abort', () => signing.abort(task.signal.reason), { once: true });
  const sent = submitReviewed(ctx, task, prepared, signing.signal);
  // Funding first gives the request up: its refusal then answers nobody.
  sent.catch(() => undefined);
  const funded = task.ask(FUND_OR_RETRY).then((answer) => {
    signing.abort();
    return answer;
  });
  return Promise.race([sent, funded]);
}

/** The surface's Send: the result, or null with the error shown when the user may try again. */
async function submitReviewed(ctx: Context, task: Task, prepared: PreparedSend, signal: AbortSignal) {
  setSend(ctx, { status: 'ready', error: null });
  try {
    const hooks: SubmitHooks = {
      onSigned: () => setSend(ctx, { status: 'submitting', error: null }),
      onHash: (hash) =>
        setSend(ctx, { transactionHash: hash, transactionUrl: explorerLink(prepared.chain, 'tx', hash) }),
      onPending: () => setSend(ctx, { pending: true }),
      onConfirmed: (hash) => {
        if (walletState(ctx).$ui.get().send?.transactionHash === hash) setSend(ctx, { pending: false });
      },
    };
    const ask: SignAsk = { task: { ...task, signal }, intent: 'send' };
    const wait = walletSettings(ctx).waitForConfirmation;
    const result = await task.until(submit(ctx, prepared, wait, ask, hooks, signal));
    setSend(ctx, { status: 'done' });
    return result;
  } catch (error) {
    if (isCancelled(error) || signal.aborted) throw error;
    if (cancelledInSurface(error)) {
      // Cancel in the surface: as the screen's own Cancel.
      ctx.modal.close();
      throw rejected();
    }
    console.warn(toGatehouseError(error).message);
    const hash = walletState(ctx).$ui.get().send?.transactionHash ?? null;
    setSend(ctx, { status: 'error', error: hash ? WALLET_FLOW_TEXT.processingFailed : sendErrorText(error) });
    if (hash) throw toProviderError(error);
    return null;
  }
}

/** §5: `waitForTransactionConfirmation: false` only where the app has its wallet UIs off. */
function confirmationSetting(ctx: Context): WalletSettings {
  const settings = walletSettings(ctx);
  if (!settings.waitForConfirmation && settings.enforceWalletUis) {
    throw clientError(CODES.invalidConfig, WALLET_FLOW_TEXT.noConfirmationWaitNeedsUisOff);
  }
  return settings;
}

/** `LoginWidget.sendTransaction(request, uiOptions)` and eth_sendTransaction. */
export async function sendTransaction(
  ctx: Context,
  request: TransactionRequest,
  uiOptions: TransactionUiOptions = {},
): Promise<SendTransactionResult> {
  normalizeTransactionRequest(request);
  const settings = confirmationSetting(ctx);
  if (signsSilently(ctx)) {
    const from = await connect(ctx, { interactive: true });
    const withChain: TransactionRequest = { ...request, chainId: request.chainId ?? currentChainId(ctx) };
    requireSupportedChain(walletChains(ctx), withChain.chainId);
    const prepared = await prepareSend(withChain, {
      config: walletChains(ctx),
      from,
      fetch: ctx.options.fetch,
    });
    assertSufficientFunds(prepared.balance, prepared.fees);
    return submit(ctx, prepared, settings.waitForConfirmation, { silent: true });
  }
  refuseWhilePending(ctx);
  return ctx.modal.run(async (task) => {
    try {
      return await review(ctx, task, request, uiOptions);
    } catch (error) {
      throw isCancelled(error) ? rejected() : error;
    }
  }, WALLET_REQUEST);
}

/**
 * eth_populateTransactionRequest (§5), and the first step of eth_signTransaction: the request with its
 * sender, chain, nonce, gas limit and fees filled in (§4.6, §9), neither signed nor sent.
 */
export async function populateTransaction(
  ctx: Context,
  request: TransactionRequest,
): Promise<RpcTransaction> {
  const from = await connect(ctx, { interactive: true });
  const { transaction } = await prepareTransaction(
    { ...request, chainId: request.chainId ?? currentChainId(ctx) },
    { config: walletChains(ctx), from, fetch: ctx.options.fetch },
  );
  return toRpcTransaction(transaction);
}

/** eth_signTransaction's screen: nothing is sent, so no preview; the surface shows what is signed. */
const SIGN_ONLY: WalletSendUi = {
  uiOptions: {},
  status: 'ready',
  preview: null,
  transactionHash: null,
  transactionUrl: null,
  error: null,
  canFund: false,
};

/**
 * eth_signTransaction: filled in like a send, approved in the surface (unless noPromptOnSignature),
 * not broadcast. The screen closes with the signature; the surface's Cancel rejects with 4001.
 */
export async function signTransaction(ctx: Context, request: TransactionRequest): Promise<string> {
  const rpc = {
    method: 'eth_signTransaction' as const,
    params: [await populateTransaction(ctx, request)] as [RpcTransaction],
  };
  if (signsSilently(ctx)) return rpcSign(ctx, rpc, { silent: true });
  refuseWhilePending(ctx);
  return ctx.modal.run(async (task) => {
    try {
      // The screen frames the surface only for a send that is ready.
      update(walletState(ctx), { sign: null, send: SIGN_ONLY });
      task.show(SCREENS.embeddedWalletSendTransaction);
      const raw = await rpcSign(ctx, rpc, { task });
      ctx.modal.closeAfter(0);
      return raw;
    } catch (error) {
      if (cancelledInSurface(error)) {
        ctx.modal.close();
        throw rejected();
      }
      throw isCancelled(error) ? rejected() : error;
    }
  }, WALLET_REQUEST);
}
