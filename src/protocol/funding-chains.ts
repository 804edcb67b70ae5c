/**
 * The chains the card on-ramp funds, in a module of its own: the send review reads it (whether to
 * offer 'Add funds') without taking the funding texts with it.
 */

/**
 * What the on-ramp buys to fund a wallet on a chain: the chain's native token there, in the codes
 * of FIAT_ON_RAMP_DEFAULT_CURRENCY (funding.ts). A chain not listed here nor in the page's
 * `fiatOnRamp.currencies` cannot be funded by card: its send reviews offer no 'Add funds', and
 * fundWallet refuses it (FIAT_ON_RAMP_UNSUPPORTED_CHAIN_MESSAGE) rather than buy for another chain.
 */
export const FIAT_ON_RAMP_CHAIN_CURRENCIES: Readonly<Record<number, string>> = {
  1: 'ETH_ETHEREUM',
  10: 'ETH_OPTIMISM',
  56: 'BNB_BSC',
  137: 'POL_POLYGON',
  8453: 'ETH_BASE',
  42161: 'ETH_ARBITRUM',
  42220: 'CELO_CELO',
  43114: 'AVAX_CCHAIN',
};
