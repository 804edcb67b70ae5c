/**
 * The send flow's chain work (§4.6, §7): prepare (nonce, gas limit, fees per chain family), read the
 * balance and the token price, build the review screen's preview (§2.3, §9 formatting), and after
 * the frame signed, broadcast and wait for the receipt.
 */
import type { Chain } from '../../protocol/chains.js';
import { GENERIC_BLOCK_EXPLORER_URL, type PriceDisplay } from '../../protocol/embedded-wallet.js';
import { TRANSACTION_TEXT } from '../errors/wallet-messages.js';
import { type ChainConfig, chainForTransaction, explorerUrl, rpcUrlFor } from './chains.js';
import type { TransactionUiOptions, WalletAmount, WalletSendPreview } from './embedded/ui-state.js';
import { formatTokenAmount, nativeToUsd } from './format.js';
import { type FeeBreakdown, hasSufficientFunds, prepareTransaction } from './gas.js';
import { type FetchLike, RpcClient } from './rpc.js';
import { type PreparedTransaction, type TransactionRequest, transactionKind } from './transaction.js';

export interface PreparedSend {
  chain: Chain;
  rpc: RpcClient;
  transaction: PreparedTransaction;
  fees: FeeBreakdown;
  balance: bigint;
  sufficient: boolean;
}

export interface PrepareSendOptions {
  config: ChainConfig;
  from: string;
  fetch?: FetchLike;
  gasStationUrls?: Readonly<Record<number, string>>;
}

/** Prepares the transaction on its chain and reads the sender's balance (§4.6, §5 funds check). */
export async function prepareSend(
  request: TransactionRequest,
  options: PrepareSendOptions,
): Promise<PreparedSend> {
  const { config, from } = options;
  const chain = chainForTransaction(config, request.chainId);
  const rpc = new RpcClient(rpcUrlFor(config, chain), { fetch: options.fetch });
  const [prepared, balance] = await Promise.all([
    prepareTransaction(request, {
      config,
      from,
      rpc,
      fetch: options.fetch,
      gasStationUrls: options.gasStationUrls,
    }),
    rpc.getBalance(from),
  ]);
  return {
    chain: prepared.chain,
    rpc,
    transaction: prepared.transaction,
    fees: prepared.fees,
    balance,
    sufficient: hasSufficientFunds(balance, prepared.fees),
  };
}

/**
 * An explorer page, or the generic public explorer's when a public chain names none (§2.3). A
 * testnet (or a local dev chain) without an explorer has no page anywhere: no link.
 */
export function explorerLink(chain: Chain, kind: 'address' | 'tx', value: string): string | null {
  const url = explorerUrl(chain, kind, value);
  if (url || chain.testnet) return url;
  return `${GENERIC_BLOCK_EXPLORER_URL}/${kind}/${value}`;
}

/** The review screen's preview: amounts in tokens and, with a price, in dollars (§9). */
export function sendPreview(
  prepared: PreparedSend,
  usdPrice: number | null,
  uiOptions: TransactionUiOptions,
  display: { primary: PriceDisplay; secondary: PriceDisplay },
): WalletSendPreview {
  const { chain, transaction, fees, balance } = prepared;
  const { symbol, decimals } = chain.nativeCurrency;
  const amount = (value: bigint): WalletAmount => ({
    token: formatTokenAmount(value, decimals),
    usd: usdPrice === null ? null : nativeToUsd(value, usdPrice, decimals),
  });
  const kind = transactionKind(transaction);
  const title =
    uiOptions.header ??
    uiOptions.modalTitle ??
    (kind === 'SEND' ? TRANSACTION_TEXT.sendTitle(symbol) : TRANSACTION_TEXT.reviewTitle);
  return {
    chainId: chain.id,
    chainName: chain.name,
    title,
    kind,
    symbol,
    from: transaction.from,
    to: transaction.to,
    fromUrl: explorerLink(chain, 'address', transaction.from),
    toUrl: transaction.to ? explorerLink(chain, 'address', transaction.to) : null,
    amount: amount(transaction.value),
    gasFee: amount(fees.gasFee),
    l1Fee: fees.l1Fee > 0n ? amount(fees.l1Fee) : null,
    fee: amount(fees.totalFee),
    total: amount(fees.total),
    balance: amount(balance),
    primary: display.primary,
    secondary: display.secondary,
    insufficientFunds: !prepared.sufficient,
  };
}
