/**
 * What FIAT_ON_RAMP_STATUS_SCREEN shows for a status (§4.7, §8): the title and detail of the
 * outcome, whether it is a failure (Try again) and whether the purchase is still under way.
 */
import {
  CARD_PAYMENT_METHOD,
  FIAT_ON_RAMP_FAILURE_STATUSES,
  FIAT_ON_RAMP_PROVIDER_NAME,
  type FiatOnRampStatus,
} from '../../protocol/funding.js';
import { FUNDING_TEXT } from '../text/funding.js';

/** success: funded; failure: failed or serviceFailure (offer Try again); pending: still under way. */
export type FundingResultKind = 'success' | 'failure' | 'pending';

export interface FundingResult {
  kind: FundingResultKind;
  title: string;
  detail: string;
}

/** A card payment (§4.7): MoonPay's card payment method, or a card payment type. */
function isCardPayment(status: FiatOnRampStatus): boolean {
  return status.paymentMethod === CARD_PAYMENT_METHOD || status.cardPaymentType !== undefined;
}

/** §8: failed and serviceFailure. */
export function isFundingFailure(status: FiatOnRampStatus): boolean {
  return FIAT_ON_RAMP_FAILURE_STATUSES.includes(status.status);
}

type TextKey = keyof typeof FUNDING_TEXT.result;

function textKey(status: FiatOnRampStatus): TextKey {
  switch (status.status) {
    case 'completed':
      return 'completed';
    case 'failed':
      return 'failed';
    case 'serviceFailure':
      return 'serviceFailure';
    case 'waitingAuthorization':
      return isCardPayment(status) ? 'processingPayment' : 'awaitingAuthorization';
    default:
      return 'inProgress';
  }
}

const KINDS: Record<TextKey, FundingResultKind> = {
  completed: 'success',
  failed: 'failure',
  serviceFailure: 'failure',
  processingPayment: 'pending',
  awaitingAuthorization: 'pending',
  inProgress: 'pending',
};

/**
 * The §8 texts of a status: 'You've funded your account'; 'Something went wrong' with the
 * debit-card hint (failed); '{provider} ran into an error when processing your transaction. Try
 * again?' (serviceFailure); 'Processing payment' for a card payment waiting for authorization;
 * 'In progress' otherwise (not started, pending, waiting for payment, any other status).
 */
export function fundingResult(
  status: FiatOnRampStatus,
  providerName = FIAT_ON_RAMP_PROVIDER_NAME,
): FundingResult {
  const key = textKey(status);
  const { title, detail } = FUNDING_TEXT.result[key];
  return { kind: KINDS[key], title, detail: typeof detail === 'string' ? detail : detail(providerName) };
}
