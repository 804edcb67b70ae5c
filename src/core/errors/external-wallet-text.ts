import { CANNOT_UNLINK_EMBEDDED_WALLET_MESSAGE } from '../../protocol/api-errors.js';

/**
 * Texts of the external wallets (§2.2, §4.4, §5, §8): the sign-in message's statement, the
 * connection and signing states, and the wallet connect errors. Read by core/wallet/external and
 * the wallet screens, which load lazily, so these texts travel in their chunk.
 */
export const EXTERNAL_WALLET_TEXT = {
  /** §5: the EIP-4361 statement — ownership, no transaction, no fees. */
  siweStatement:
    'By signing, you are proving you own this wallet and logging in. This does not initiate a transaction or cost any fees.',
  // §8 wallet connect errors.
  unableToConnect: 'Unable to connect wallet',
  switchingNetworks: 'Switching networks',
  switchNetworkDetail: 'Switch your wallet to the requested network.',
  alreadyLinked: 'Wallet was already linked.',
  userExists: 'User already exists for this address',
  userExistsDetail: 'Try another address!',
  useDifferentWallet: 'Use a different wallet',
  timedOut: 'Wallet request timed out',
  couldNotLogIn: 'Could not log in with wallet',
  rejected: 'You rejected the request',
  userRejectedConnection: 'User rejected connection',
  unableToRetrieveAccounts: 'Unable to retrieve accounts',
  notConnected: 'Wallet is not currently connected.',
  cannotUnlinkEmbedded: CANNOT_UNLINK_EMBEDDED_WALLET_MESSAGE,
  /** LOGIN_FAILED_SCREEN (§2.2). */
  loginFailedTitle: 'Could not connect with wallet',
  loginFailedDetail: 'The wallet could not be found in this browser. Install it, or choose another way in.',
  // AWAITING_CONNECTION and the wallet lists.
  waitingFor: (name: string) => `Waiting for ${name}`,
  connectDetail: 'Approve the connection in your wallet.',
  signDetail: 'Sign the message in your wallet to verify it belongs to you.',
  signWithWallet: 'Sign with your wallet',
  retry: 'Retry',
  connectedTitle: 'Connected',
  connectedDetail: (address: string) => `Your wallet ${address} is connected.`,
  linkWalletTitle: 'Link a wallet',
  connectWalletTitle: 'Connect a wallet',
  otherWallets: 'Other wallets',
  noWalletFound: 'No wallet found in this browser.',
  lookingForWallets: 'Looking for wallets…',
  browserWallet: 'Browser wallet',
  done: 'Done',
} as const;

/** The §8 codes of wallet connect errors (GatehouseError.code). */
export const EXTERNAL_WALLET_ERROR_CODES = {
  userExists: 'linked_to_another_user',
  alreadyLinked: 'wallet_already_linked',
  timedOut: 'client_request_timeout',
  rejected: 'user_rejected',
  userRejectedConnection: 'user_rejected_connection',
  generic: 'generic_connect_wallet_error',
  unknown: 'unknown_connect_wallet_error',
  cannotUnlinkEmbedded: 'cannot_unlink_embedded_wallet',
  notConnected: 'wallet_not_connected',
} as const;
