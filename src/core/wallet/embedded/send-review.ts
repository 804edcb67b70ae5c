/**
 * The send review's preparation (§2.3, §4.6, §9): the transaction filled in, the token price (when
 * dollars show), the preview the screen renders, and the texts of what went wrong.
 */
import type { Chain } from '../../../protocol/chains.js';
import { SCREENS } from '../../../protocol/screens.js';
import { type TokenPriceResponse, WALLET_API_PATHS } from '../../../protocol/wallet-api.js';
import { PROVIDER_ERROR_CODES } from '../../../protocol/wallet-constants.js';
import type { Context } from '../../context.js';
import { toGatehouseError } from '../../errors/gatehouse-error.js';
import { loadFunding } from '../../loaders/funding.js';
import type { Task } from '../../modal/task.js';
import { walletChains, walletSettings } from '../../settings/wallet.js';
import { WALLET_FLOW_TEXT } from '../../text/wallet-flow.js';
import { isProviderRpcError } from '../provider-error.js';
import { type PreparedSend, prepareSend, sendPreview } from '../send.js';
import type { TransactionRequest } from '../transaction.js';
import { walletFailureText } from './failure.js';
import { WalletProxyError } from './proxy.js';
import { update, walletState } from './state.js';
import type { TransactionUiOptions, WalletSendUi } from './ui-state.js';

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
export function sendErrorText(error: unknown): string {
  if (error instanceof WalletProxyError && error.walletErrorType === 'insufficient_funds') {
    return WALLET_FLOW_TEXT.insufficientFunds;
  }
  if (isProviderRpcError(error) && /insufficient funds/i.test(error.message)) {
    return WALLET_FLOW_TEXT.insufficientFunds;
  }
  return walletFailureText(error, WALLET_FLOW_TEXT.processingFailed);
}

export function setSend(ctx: Context, patch: Partial<WalletSendUi>): void {
  const state = walletState(ctx);
  const current = state.$ui.get().send;
  if (current) update(state, { send: { ...current, ...patch } });
}

/** The review's preparation: the preview, or the text of why it cannot go on. */
export async function prepareReview(
  ctx: Context,
  request: TransactionRequest,
  from: string,
  ui: TransactionUiOptions,
) {
  try {
    const prepared = await prepareSend(request, {
      config: walletChains(ctx),
      from,
      fetch: ctx.options.fetch,
    });
    const { fiat, priceDisplay } = walletSettings(ctx);
    // §7: the token price is looked up only when dollars are shown (§9).
    const price = fiat
      ? await tokenPrice(ctx, prepared.chain.id, prepared.chain.nativeCurrency.symbol)
      : null;
    const preview = sendPreview(prepared, price, ui, priceDisplay);
    const short = preview.insufficientFunds;
    setSend(ctx, {
      status: short ? 'error' : 'ready',
      preview,
      error: short ? WALLET_FLOW_TEXT.insufficientFunds : null,
    });
    return prepared;
  } catch (error) {
    console.warn(toGatehouseError(error).message);
    const invalid = isProviderRpcError(error) && error.code === PROVIDER_ERROR_CODES.invalidParams;
    setSend(ctx, { status: 'error', error: invalid ? error.message : WALLET_FLOW_TEXT.preparingFailed });
    return null;
  }
}

/**
 * 'Add Funds' (§2.3): the funding screens, buying the native token of the send's chain, then back
 * to the review with the balance read again.
 */
export async function fund(
  ctx: Context,
  task: Task,
  from: string,
  chain: Chain,
  prepare: () => Promise<PreparedSend | null>,
) {
  await (await loadFunding()).fundOn(ctx, task, from, {}, { chain });
  setSend(ctx, { status: 'preparing', preview: null, error: null });
  task.show(SCREENS.embeddedWalletSendTransaction);
  return prepare();
}
