/**
 * Funding by card (§4.7): FIAT_ON_RAMP_PROMPT_SCREEN ('Fund account') explains and opens the
 * signed buy URL in a popup from the click itself; FIAT_ON_RAMP_STATUS_SCREEN follows the purchase
 * (every 3 s, serviceFailure after 3 errors) until it ends or the user leaves. The outcome is the
 * last status seen; every status read is a `fund:status` event.
 */
import { atom, type WritableAtom } from 'nanostores';
import type { Chain } from '../../protocol/chains.js';
import { EVENTS } from '../../protocol/events.js';
import {
  FIAT_ON_RAMP_UNSUPPORTED_CHAIN_MESSAGE,
  type FiatOnRampStatus,
  FUNDING_API_PATHS,
  type FundWalletOptions,
  type MoonpaySignResponse,
} from '../../protocol/funding.js';
import { SCREENS } from '../../protocol/screens.js';
import type { Context } from '../context.js';
import * as CODES from '../errors/codes.js';
import { clientError } from '../errors/gatehouse-error.js';
import { emit } from '../events.js';
import type { Question } from '../modal/question.js';
import { isCancelled, type Task } from '../modal/task.js';
import { requireToken } from '../session/require-token.js';
import { fundingChain, fundingSettings, onRampCurrency } from '../settings/funding.js';
import { FUNDING_TEXT } from '../text/funding.js';
import { type FundingAmounts, formatFundingAmounts } from './amounts.js';
import { fundWalletProblem, moonpaySignBody } from './checks.js';
import { type FundingResult, fundingResult } from './result.js';
import { pollFiatOnRampStatus } from './status.js';

export interface FundingUi {
  address: string | null;
  /** The token bought: the symbol of the wallet's chain. */
  symbol: string;
  /** The buy URL, once signed: the prompt's button opens it. */
  signedUrl: string | null;
  status: FiatOnRampStatus | null;
  result: FundingResult | null;
  amounts: FundingAmounts;
  /** The popup did not open: the prompt offers a link instead. */
  popupBlocked: boolean;
  /** Funding from the send review: its button leads back there. */
  fromReview: boolean;
  error: string | null;
}

const INITIAL: FundingUi = {
  address: null,
  symbol: 'ETH',
  signedUrl: null,
  status: null,
  result: null,
  amounts: {},
  popupBlocked: false,
  fromReview: false,
  error: null,
};

const states = new WeakMap<Context, WritableAtom<FundingUi>>();

/** What the funding screens render. */
export function fundingUi(ctx: Context): WritableAtom<FundingUi> {
  let $ui = states.get(ctx);
  if (!$ui) {
    $ui = atom(INITIAL);
    states.set(ctx, $ui);
  }
  return $ui;
}

const set = (ctx: Context, patch: Partial<FundingUi>) =>
  fundingUi(ctx).set({ ...fundingUi(ctx).get(), ...patch });

/** The signed URL for `address`, or the failure's text on the prompt. */
async function sign(ctx: Context, task: Task, address: string, options: FundWalletOptions) {
  const funding = fundingSettings(ctx);
  const token = await requireToken(ctx.session);
  if (!funding) return null;
  const body = moonpaySignBody(address, funding.app, options.config, funding.page);
  try {
    return await task.until(ctx.api.post<MoonpaySignResponse>(FUNDING_API_PATHS.moonpaySign, body, token));
  } catch (error) {
    if (isCancelled(error)) throw error;
    set(ctx, { error: FUNDING_TEXT.signFailed });
    return null;
  }
}

/** FIAT_ON_RAMP_PROMPT_SCREEN's question: the popup opened, or the user opened the link. */
const OPEN_ON_RAMP: Question = { screen: SCREENS.fiatOnRampPrompt };

/** FIAT_ON_RAMP_STATUS_SCREEN's question: 'Try again' ('again') or the way out ('done'). */
const LEAVE_STATUS: Question<'again' | 'done'> = { screen: SCREENS.fiatOnRampStatus };

/** The status shown last (what a closed status screen resolves fundWallet with). */
export const lastStatus = (ctx: Context): FiatOnRampStatus =>
  fundingUi(ctx).get().status ?? { status: 'notStarted' };

/**
 * The status screen: polls until the purchase ends, then waits for the user's button ('Done',
 * 'Back to transaction', or 'Try again' after a failure); leaving earlier stops the polling.
 */
async function follow(ctx: Context, task: Task, externalTransactionId: string) {
  const onRamp = fundingSettings(ctx)?.app.fiat_on_ramp;
  const show = (status: FiatOnRampStatus) => {
    set(ctx, { status, result: fundingResult(status), amounts: formatFundingAmounts(status) });
    emit(ctx.events, EVENTS.fundStatus, status);
  };
  show({ status: 'notStarted' });
  task.show(SCREENS.fiatOnRampStatus);
  const stop = new AbortController();
  task.signal.addEventListener('abort', () => stop.abort(), { once: true });
  const polling = pollFiatOnRampStatus({
    apiUrl: onRamp?.api_url ?? '',
    publishableKey: onRamp?.publishable_key ?? '',
    externalTransactionId,
    signal: stop.signal,
    onStatus: show,
  });
  const answered = task.ask(LEAVE_STATUS);
  const early = await Promise.race([polling.then(() => null), answered]);
  stop.abort();
  return early ?? (await answered);
}

/**
 * Funds `address` on `task`: the §5 checks, the prompt, the popup, the status. Resolves with the
 * last status once the user leaves the status screen; 'Try again' after a failure starts over.
 * Closing the modal rejects with the task's cancellation (lastStatus says where it was). What is
 * bought is the native token of `review`'s chain (a send review's 'Add funds'), else of the
 * default chain, unless the call names a currency; a chain the on-ramp cannot fund is refused.
 */
export async function fundOn(
  ctx: Context,
  task: Task,
  address: string,
  options: FundWalletOptions = {},
  review?: { chain: Chain },
): Promise<FiatOnRampStatus> {
  const funding = fundingSettings(ctx);
  const problem = funding && fundWalletProblem(options, funding.app, funding.page);
  if (problem) throw clientError(problem.code, problem.message);
  const chain = review?.chain ?? fundingChain(ctx);
  const currencyCode = options.config?.currencyCode ?? onRampCurrency(ctx, chain.id);
  if (!currencyCode) {
    throw clientError(CODES.fiatOnRampUnsupportedChain, FIAT_ON_RAMP_UNSUPPORTED_CHAIN_MESSAGE);
  }
  const buying: FundWalletOptions = { ...options, config: { ...options.config, currencyCode } };
  for (;;) {
    const symbol = chain.nativeCurrency.symbol;
    fundingUi(ctx).set({ ...INITIAL, address, symbol, fromReview: review !== undefined });
    task.show(SCREENS.fiatOnRampPrompt);
    const signed = await sign(ctx, task, address, buying);
    if (signed) set(ctx, { signedUrl: signed.signedUrl });
    await task.ask(OPEN_ON_RAMP);
    if (!signed) return lastStatus(ctx);
    if ((await follow(ctx, task, signed.externalTransactionId)) === 'done') return lastStatus(ctx);
  }
}

/**
 * The prompt's button, from the click itself: opens the signed URL in a popup (no wait before
 * window.open, so no popup blocker stops it), then the flow follows the purchase.
 */
export function openOnRamp(ctx: Context): void {
  const { signedUrl } = fundingUi(ctx).get();
  if (!signedUrl) return;
  const popup = globalThis.open?.(signedUrl, 'gatehouse-on-ramp', 'popup,width=460,height=720');
  set(ctx, { popupBlocked: !popup });
  if (popup) void ctx.modal.answer(OPEN_ON_RAMP);
}

/** The popup was blocked and the user opened the link themselves. */
export const continueAfterLink = (ctx: Context): Promise<boolean> => ctx.modal.answer(OPEN_ON_RAMP);

/** The status screen's buttons. */
export const leaveStatus = (ctx: Context, again = false): Promise<boolean> =>
  ctx.modal.answer(LEAVE_STATUS, again ? 'again' : 'done');
