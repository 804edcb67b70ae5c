/**
 * The status of a card purchase (§4.7): MoonPay's transactions-by-external-id call, polled every
 * 3 s until the purchase fails, completes or waits for the bank's authorization; 404 means the
 * customer has not started yet; after 3 other errors the status is serviceFailure.
 */
import {
  FIAT_ON_RAMP_FINAL_STATUSES,
  FIAT_ON_RAMP_MAX_STATUS_ERRORS,
  FIAT_ON_RAMP_POLL_INTERVAL_MS,
  type FiatOnRampStatus,
  moonpayTransactionsByExternalIdPath,
} from '../../protocol/funding.js';

/** The part of `fetch` the poller uses. */
export type StatusFetch = (
  url: string,
  init: { signal?: AbortSignal },
) => Promise<{ status: number; ok: boolean; json(): Promise<unknown> }>;

/** Waits `ms`; rejects (or resolves early) when `signal` aborts. */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export interface PollFiatOnRampStatusOptions {
  /** `fiat_on_ramp.api_url` of the app configuration. */
  apiUrl: string;
  /** `fiat_on_ramp.publishable_key` of the app configuration. */
  publishableKey: string;
  /** From the sign call. */
  externalTransactionId: string;
  /** Ends the polling: the promise then resolves with the last status seen. */
  signal?: AbortSignal;
  /** Every status read (and `notStarted` for a 404), as it comes: for the status screen and `fund:status`. */
  onStatus?: (status: FiatOnRampStatus) => void;
  fetch?: StatusFetch;
  sleep?: Sleep;
  /** Default FIAT_ON_RAMP_POLL_INTERVAL_MS. */
  intervalMs?: number;
}

/** The status call's URL: `{api}/v1/transactions/ext/{id}?apiKey={publishable key}`. */
export function fiatOnRampStatusUrl(
  apiUrl: string,
  externalTransactionId: string,
  publishableKey: string,
): string {
  const base = apiUrl.replace(/\/+$/, '');
  return `${base}${moonpayTransactionsByExternalIdPath(externalTransactionId)}?apiKey=${encodeURIComponent(publishableKey)}`;
}

const NOT_STARTED: FiatOnRampStatus = { status: 'notStarted' };
const SERVICE_FAILURE: FiatOnRampStatus = { status: 'serviceFailure' };

const AMOUNT_FIELDS = [
  'baseCurrencyAmount',
  'quoteCurrencyAmount',
  'feeAmount',
  'extraFeeAmount',
  'networkFeeAmount',
] as const;
const TEXT_FIELDS = [
  'id',
  'externalTransactionId',
  'paymentMethod',
  'cardPaymentType',
  'walletAddress',
  'cryptoTransactionId',
  'failureReason',
  'createdAt',
  'updatedAt',
] as const;

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null;

function currencyOf(value: unknown): { code: string } | undefined {
  return isObject(value) && typeof value.code === 'string' ? { code: value.code } : undefined;
}

/** One of MoonPay's transactions as a FiatOnRampStatus: the fields the widget reads, type-checked. */
function toFiatOnRampStatus(transaction: unknown): FiatOnRampStatus | undefined {
  if (!isObject(transaction) || typeof transaction.status !== 'string') return undefined;
  const status: FiatOnRampStatus = { status: transaction.status };
  const fields = status as unknown as Json;
  for (const name of TEXT_FIELDS) if (typeof transaction[name] === 'string') fields[name] = transaction[name];
  for (const name of AMOUNT_FIELDS) {
    const amount = transaction[name];
    if (typeof amount === 'number' && Number.isFinite(amount)) fields[name] = amount;
  }
  const baseCurrency = currencyOf(transaction.baseCurrency);
  const currency = currencyOf(transaction.currency);
  if (baseCurrency) status.baseCurrency = baseCurrency;
  if (currency) status.currency = currency;
  return status;
}

/**
 * The purchase in MoonPay's answer (an array, since MoonPay cannot promise an external id is
 * unique): the most recently updated one; an empty array is a purchase not started yet.
 */
export function statusFromAnswer(answer: unknown): FiatOnRampStatus | undefined {
  if (!Array.isArray(answer)) return undefined;
  if (answer.length === 0) return NOT_STARTED;
  const statuses = answer.map(toFiatOnRampStatus);
  if (statuses.some((status) => status === undefined)) return undefined;
  const time = (status: FiatOnRampStatus) => Date.parse(status.updatedAt ?? status.createdAt ?? '') || 0;
  return (statuses as FiatOnRampStatus[]).reduce((latest, next) =>
    time(next) > time(latest) ? next : latest,
  );
}

const defaultSleep: Sleep = (ms, signal) =>
  new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });

const defaultFetch: StatusFetch = (url, init) => globalThis.fetch(url, init);

/** One status call: the status read, `notStarted` for a 404, or undefined for an error. */
async function readStatus(
  url: string,
  fetch: StatusFetch,
  signal?: AbortSignal,
): Promise<FiatOnRampStatus | undefined> {
  try {
    const response = await fetch(url, signal ? { signal } : {});
    if (response.status === 404) return NOT_STARTED;
    if (!response.ok) return undefined;
    return statusFromAnswer(await response.json());
  } catch {
    return undefined;
  }
}

/**
 * Polls the purchase's status (§4.7): a call at once, then one every `intervalMs` (3 s). Resolves
 * with the final status — failed, completed or waitingAuthorization as MoonPay answered it,
 * `serviceFailure` after 3 calls that failed other than by 404 (network errors, 5xx, 401, an
 * unreadable answer; counted over the whole polling) — or, once `signal` aborts, with the last
 * status seen (`notStarted` if none). Never rejects.
 */
export async function pollFiatOnRampStatus(options: PollFiatOnRampStatusOptions): Promise<FiatOnRampStatus> {
  const { signal, onStatus } = options;
  const fetch = options.fetch ?? defaultFetch;
  const sleep = options.sleep ?? defaultSleep;
  const url = fiatOnRampStatusUrl(options.apiUrl, options.externalTransactionId, options.publishableKey);
  let last = NOT_STARTED;
  let errors = 0;
  while (!signal?.aborted) {
    const status = await readStatus(url, fetch, signal);
    if (signal?.aborted) break;
    if (status === undefined) {
      errors += 1;
      if (errors >= FIAT_ON_RAMP_MAX_STATUS_ERRORS) {
        onStatus?.(SERVICE_FAILURE);
        return SERVICE_FAILURE;
      }
    } else {
      last = status;
      onStatus?.(status);
      if (FIAT_ON_RAMP_FINAL_STATUSES.includes(status.status)) return status;
    }
    await sleep(options.intervalMs ?? FIAT_ON_RAMP_POLL_INTERVAL_MS, signal).catch(() => undefined);
  }
  return last;
}
