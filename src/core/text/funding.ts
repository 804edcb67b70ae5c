import { texts } from './registry.js';

/** What the funding screens say, the §8 result texts included. */
export const FUNDING_TEXT = texts('FUNDING_TEXT', {
  /** Title of FIAT_ON_RAMP_PROMPT_SCREEN and FIAT_ON_RAMP_STATUS_SCREEN (§2.2). */
  title: 'Fund account',
  promptDetail: (symbol: string, provider: string) =>
    `Buy ${symbol} with a card through ${provider}. A ${provider} window opens where you pay; this screen follows the purchase.`,
  continueWith: (provider: string) => `Continue with ${provider}`,
  preparing: 'Preparing your purchase…',
  popupBlocked: (provider: string) => `Your browser blocked the ${provider} window. Open it here:`,
  openWindow: (provider: string) => `Open ${provider}`,
  signFailed: 'The purchase could not be prepared. Please try again later.',
  paid: 'You pay',
  received: 'You receive',
  fees: 'Fees',
  done: 'Done',
  backToTransaction: 'Back to transaction',
  tryAgain: 'Try again',
  /** The result screens (§8): title and detail per outcome (core/funding/result.ts). */
  result: {
    completed: {
      title: "You've funded your account",
      detail: 'It may take a few minutes for the funds to appear in your wallet.',
    },
    failed: {
      title: 'Something went wrong',
      detail:
        "The purchase didn't go through. Debit cards usually work better than credit cards: try again with a debit card.",
    },
    serviceFailure: {
      title: 'Something went wrong',
      detail: (provider: string) =>
        `${provider} ran into an error when processing your transaction. Try again?`,
    },
    processingPayment: {
      title: 'Processing payment',
      detail: 'This may take up to a few hours. You will receive an email when the purchase is complete.',
    },
    /**
     * waitingAuthorization of another payment (a bank transfer): the polling has ended there (a
     * final status), so the screen does not promise to update.
     */
    awaitingAuthorization: {
      title: 'Waiting for your payment',
      detail: (provider: string) =>
        `${provider} is waiting for your payment to be confirmed. You will receive an email when the purchase is complete.`,
    },
    inProgress: {
      title: 'In progress',
      detail: (provider: string) =>
        `Finish your purchase in the ${provider} window. This screen updates when it is done.`,
    },
  },
} as const);
