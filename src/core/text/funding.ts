import { texts } from './registry.js';

/** What the funding screens say besides the §8 result texts (protocol/funding.ts). */
export const FUNDING_TEXT = texts('FUNDING_TEXT', {
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
} as const);
