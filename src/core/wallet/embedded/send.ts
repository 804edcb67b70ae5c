/**
 * Sending (§4.6): prepare (nonce, gas, fees), review on EMBEDDED_WALLET_SEND_TRANSACTION_SCREEN
 * (unless noPromptOnSignature), sign in the frame, broadcast, and with waitForTransactionConfirmation
 * wait for the receipt. Closing before 'done' rejects with 4001.
 */
import { PROVIDER_ERROR_CODES } from '../../../protocol/constants.js';
import type { SendTransactionResult } from '../../../protocol/embedded-wallet.js';
import { SCREENS } from '../../../protocol/screens.js';
import { type TokenPriceResponse, WALLET_API_PATHS } from '../../../protocol/wallet-api.js';
import type { Context } from '../../context.js';
import * as CODES from '../../errors/codes.js';
import { clientError, toGatehouseError } from '../../errors/gatehouse-error.js';
import { WALLET_FLOW_TEXT } from '../../errors/wallet-flow-text.js';
import { WALLET_MESSAGES } from '../../errors/wallet-messages.js';
import { isFiatOnRampEnabled } from '../../funding/checks.js';
import { loadFunding } from '../../loaders/funding.js';
import { isCancelled, type Task } from '../../modal/task.js';
import { requireSupportedChain } from '../chains.js';
import { assertSufficientFunds, prepareTransaction } from '../gas.js';
import { toProviderError } from '../provider.js';
import { isProviderRpcError } from '../provider-error.js';
import { explorerLink, type PreparedSend, prepareSend, sendPreview } from '../send.js';
import {
  normalizeTransactionRequest,
  type RpcTransaction,
  type TransactionRequest,
  toRpcTransaction,
} from '../transaction.js';
import { chainConfigOf, currentChainId } from './chain.js';
import { connect } from './connect.js';
import { walletFailureText } from './failure.js';
import { WalletProxyError } from './proxy.js';
import { rpcSign } from './sign.js';
import {
  refuseWhilePending,
  rejected,
  settingsOf,
  update,
  WALLET_REQUEST,
  type WalletSettings,
  walletState,
} from './state.js';
import type { TransactionUiOptions, WalletSendUi } from './ui-state.js';

/** Signs in the frame (eth_signTransaction), broadcasts, and waits for the receipt when asked. */
async function submit(
  ctx: Context,
  prepared: PreparedSend,
  waitForConfirmation: boolean,
  task?: Task,
  onHash?: (hash: string) => void,
): Promise<SendTransactionResult> {
  const raw = await rpcSign(ctx, {
    method: 'eth_signTransaction',
    params: [toRpcTransaction(prepared.transaction)],
  });
  task?.signal.throwIfAborted();
  const hash = await prepared.rpc.sendRawTransaction(raw);
  onHash?.(hash);
  const { from, to } = prepared.transaction;
  if (!waitForConfirmation) {
    const pending = { blockNumber: null, status: null, gasUsed: null, effectiveGasPrice: null };
    return { transactionHash: hash, from, to, ...pending };
  }
  const receipt = await prepared.rpc.waitForReceipt(hash, { signal: task?.signal });
  return {
    transactionHash: receipt.transactionHash,
    from: receipt.from,
    to: receipt.to,
    blockNumber: receipt.blockNumber,
    status: receipt.status,
    gasUsed: receipt.gasUsed.toString(),
    effectiveGasPrice: receipt.effectiveGasPrice.toString(),
  };
}

/** GET /api/v1/token_price (§7), once per chain and symbol; null when it cannot answer (native only). */
function tokenPrice(ctx: Context, chainId: number, symbol: string): Promise<number | null> {
  const { prices } = walletState(ctx);
  const key = `${chainId}:${symbol}`;
  let price = prices.get(key);
  if (!price) {
    const query = new URLSearchParams({ chainId: String(chainId), tokenSymbol: symbol });
    price = ctx.api.get<TokenPriceResponse>(`${WALLET_API_PATHS.tokenPrice}?${query}`).then(
      (answer) => (typeof answer?.usd === 'number' && Number.isFinite(answer.usd) ? answer.usd : null),
      () => {
        prices.delete(key);
        return null;
      },
    );
    prices.set(key, price);
  }
  return price;
}

/** §8 transaction texts: insufficient funds, or the generic processing failure. */
function sendErrorText(error: unknown): string {
  if (error instanceof WalletProxyError && error.walletErrorType === 'insufficient_funds') {
    return WALLET_MESSAGES.insufficientFunds;
  }
  if (isProviderRpcError(error) && /insufficient funds/i.test(error.message)) {
    return WALLET_MESSAGES.insufficientFunds;
  }
  return walletFailureText(error, WALLET_MESSAGES.processingFailed);
}

function setSend(ctx: Context, patch: Partial<WalletSendUi>): void {
  const state = walletState(ctx);
  const current = state.$ui.get().send;
  if (current) update(state, { send: { ...current, ...patch } });
}

/** The review's preparation: the preview, or the text of why it cannot go on. */
async function prepareReview(
  ctx: Context,
  request: TransactionRequest,
  from: string,
  ui: TransactionUiOptions,
) {
  try {
    const prepared = await prepareSend(request, {
      config: chainConfigOf(ctx),
      from,
      fetch: ctx.options.fetch,
    });
    const { fiat, priceDisplay } = settingsOf(ctx);
    // §7: the token price is looked up only when dollars are shown (§9).
    const price = fiat
      ? await tokenPrice(ctx, prepared.chain.id, prepared.chain.nativeCurrency.symbol)
      : null;
    const preview = sendPreview(prepared, price, ui, priceDisplay);
    const short = preview.insufficientFunds;
    setSend(ctx, {
      status: short ? 'error' : 'ready',
      preview,
      error: short ? WALLET_MESSAGES.insufficientFunds : null,
    });
    return prepared;
  } catch (error) {
    console.warn(toGatehouseError(error).message);
    const invalid = isProviderRpcError(error) && error.code === PROVIDER_ERROR_CODES.invalidParams;
    setSend(ctx, { status: 'error', error: invalid ? error.message : WALLET_MESSAGES.preparingFailed });
    return null;
  }
}

/** Approve is taken when ready, or after a failure that a new attempt may mend. */
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
  requireSupportedChain(chainConfigOf(ctx), withChain.chainId);
  const app = ctx.$appConfig.get();
  const initial: WalletSendUi = {
    uiOptions: { ...ui },
    status: 'preparing',
    preview: null,
    transactionHash: null,
    transactionUrl: null,
    error: null,
    canFund: !!app && isFiatOnRampEnabled(app, ctx.$hostConfig.get().fiatOnRamp),
  };
  update(walletState(ctx), { sign: null, send: initial });
  task.show(SCREENS.embeddedWalletSendTransaction);
  let preparing = prepareReview(ctx, withChain, from, ui);
  for (;;) {
    if ((await task.ask<'approve' | 'fund'>()) === 'fund') {
      // §2.3: 'Add Funds', then back to the review with the balance read again.
      await (await loadFunding()).fundOn(ctx, task, from, {}, true);
      setSend(ctx, { status: 'preparing', preview: null, error: null });
      task.show(SCREENS.embeddedWalletSendTransaction);
      preparing = prepareReview(ctx, withChain, from, ui);
      continue;
    }
    const prepared = await task.until(preparing);
    if (!prepared || !approvable(walletState(ctx).$ui.get().send)) continue;
    const result = await submitReviewed(ctx, task, prepared);
    if (result) return result;
  }
}

/** 'Approve' on the review: the result, or null with the error shown when the user may try again. */
async function submitReviewed(ctx: Context, task: Task, prepared: PreparedSend) {
  setSend(ctx, { status: 'submitting', error: null });
  try {
    const onHash = (hash: string) =>
      setSend(ctx, { transactionHash: hash, transactionUrl: explorerLink(prepared.chain, 'tx', hash) });
    const result = await task.until(submit(ctx, prepared, settingsOf(ctx).waitForConfirmation, task, onHash));
    setSend(ctx, { status: 'done' });
    return result;
  } catch (error) {
    if (isCancelled(error)) throw error;
    console.warn(toGatehouseError(error).message);
    const hash = walletState(ctx).$ui.get().send?.transactionHash ?? null;
    setSend(ctx, { status: 'error', error: hash ? WALLET_MESSAGES.processingFailed : sendErrorText(error) });
    if (hash) throw toProviderError(error);
    return null;
  }
}

/** §5: `waitForTransactionConfirmation: false` only where the app has its wallet UIs off. */
function confirmationSetting(ctx: Context): WalletSettings {
  const settings = settingsOf(ctx);
  if (!settings.waitForConfirmation && ctx.$appConfig.get()?.enforce_wallet_uis) {
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
  if (settings.noPrompt) {
    const from = await connect(ctx, { interactive: true });
    const withChain: TransactionRequest = { ...request, chainId: request.chainId ?? currentChainId(ctx) };
    requireSupportedChain(chainConfigOf(ctx), withChain.chainId);
    const prepared = await prepareSend(withChain, {
      config: chainConfigOf(ctx),
      from,
      fetch: ctx.options.fetch,
    });
    assertSufficientFunds(prepared.balance, prepared.fees);
    return submit(ctx, prepared, settings.waitForConfirmation);
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
    { config: chainConfigOf(ctx), from, fetch: ctx.options.fetch },
  );
  return toRpcTransaction(transaction);
}

/** eth_signTransaction: filled in like a send, signed by the frame, not broadcast. */
export async function signTransaction(ctx: Context, request: TransactionRequest): Promise<string> {
  return rpcSign(ctx, { method: 'eth_signTransaction', params: [await populateTransaction(ctx, request)] });
}
