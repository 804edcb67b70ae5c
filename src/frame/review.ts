/**
 * What the surface shows of a `wallet:rpc` request before the user approves it: built here, in the
 * frame, from the very request the frame will sign — the host's texts play no part. Messages as
 * text (UTF-8 hex bytes decoded), typed data as its domain and message, a transaction as its
 * chain, recipient, amount and most it can cost in fees. Checked by signing.ts when it signs.
 */
import { getBytes, isHexString } from 'ethers/utils';
import type { SurfaceView, TransactionView } from '../protocol/surface.js';
import type { WalletRpcRequest, WalletTransactionRequest } from '../protocol/wallet-frame.js';
import { InvalidRpcRequestError, readTypedData } from './signing.js';

/** Every native currency has 18 decimals (§9). */
const WEI_PER_TOKEN = 10n ** 18n;

/** §9: token amounts with up to 6 decimals, trailing zeros trimmed; '<0.000001' for dust. */
function formatAmount(wei: bigint): string {
  if (wei === 0n) return '0';
  const whole = (wei / WEI_PER_TOKEN).toString();
  const fraction = (wei % WEI_PER_TOKEN).toString().padStart(18, '0');
  const kept = fraction.slice(0, 6).replace(/0+$/, '');
  if (whole === '0' && kept === '') return '<0.000001';
  return kept === '' ? whole : `${whole}.${kept}`;
}

/** A message as the user should read it: UTF-8 bytes of a 0x string decoded, anything else as given. */
function messageText(message: unknown): string {
  if (typeof message !== 'string') throw new InvalidRpcRequestError('The message must be a string.');
  if (!isHexString(message) || message.length % 2 !== 0 || message.length === 2) return message;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(getBytes(message));
  } catch {
    return message;
  }
}

const DOMAIN_FIELDS = ['name', 'version', 'chainId', 'verifyingContract', 'salt'] as const;

const json = (value: unknown): string =>
  JSON.stringify(value, (_key, item: unknown) => (typeof item === 'bigint' ? item.toString() : item), 2);

function typedDataView(address: string, input: unknown): SurfaceView {
  const typed = readTypedData(input);
  const domain = typed.domain ?? {};
  const rows = DOMAIN_FIELDS.filter((name) => domain[name] !== undefined).map((name): [string, string] => [
    name,
    String(domain[name]),
  ]);
  return {
    kind: 'sign-typed-data',
    address,
    domain: rows,
    primaryType: typed.primaryType,
    message: json(typed.message),
  };
}

const big = (value: unknown): bigint => {
  try {
    return value === undefined || value === null ? 0n : BigInt(value as string | number | bigint);
  } catch {
    throw new InvalidRpcRequestError('Invalid transaction field.');
  }
};

function transactionView(tx: WalletTransactionRequest, intent: TransactionView['intent']): TransactionView {
  if (typeof tx !== 'object' || tx === null)
    throw new InvalidRpcRequestError('The transaction must be an object.');
  const gas = big(tx.gas ?? tx.gasLimit);
  const price = big(tx.maxFeePerGas ?? tx.gasPrice);
  const data = typeof tx.data === 'string' && isHexString(tx.data) ? (tx.data.length - 2) / 2 : 0;
  return {
    kind: 'transaction',
    intent,
    from: typeof tx.from === 'string' ? tx.from : '',
    chainId: Number(big(tx.chainId)),
    to: typeof tx.to === 'string' ? tx.to : null,
    value: formatAmount(big(tx.value)),
    maxFee: formatAmount(gas * price),
    dataBytes: data,
  };
}

/** The review of `request`, signed by `address`; `intent` is the host's word on what follows a transaction. */
export function reviewOf(
  request: WalletRpcRequest,
  address: string,
  intent: TransactionView['intent'] = 'sign',
): SurfaceView {
  const params: unknown[] = Array.isArray(request?.params) ? request.params : [];
  switch (request?.method) {
    case 'personal_sign':
      return { kind: 'sign-message', address, message: messageText(params[0]) };
    case 'eth_sign':
      return { kind: 'sign-message', address, message: messageText(params[1]) };
    case 'eth_signTypedData_v4':
      return typedDataView(address, params[1]);
    case 'eth_signTransaction':
      return { ...transactionView(params[0] as WalletTransactionRequest, intent), from: address };
    default:
      throw new InvalidRpcRequestError('Unsupported wallet RPC method.');
  }
}
