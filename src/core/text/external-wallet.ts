import { CANNOT_UNLINK_EMBEDDED_WALLET_MESSAGE } from '../../protocol/error-messages.js';
import { texts } from './registry.js';

/**
 * Texts of the external wallets (§2.2, §4.4, §5, §8): the connection and signing states, and the
 * wallet connect errors (the sign-in message's statement is SIWE_STATEMENT, English everywhere). Read by core/wallet/external and
 * the wallet screens, which load lazily, so these texts travel in their chunk.
 */
export const EXTERNAL_WALLET_TEXT = texts('EXTERNAL_WALLET_TEXT', {
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
  /** A connected wallet that does not say its chain (§8). */
  unableToDetermineChain: 'Unable to determine current chainId.',
  /** connectOrCreateWallet() with a wallet connected (§6). */
  alreadyConnected: 'connectOrCreateWallet(): a wallet is connected; log in with its loginOrLink().',
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
  // WalletConnect (§2.2): our own QR code and the mobile wallets' deep links.
  walletConnect: 'WalletConnect',
  noWalletConnectProjectId:
    'Gatehouse: WalletConnect is not offered because no walletConnectCloudProjectId is set (LoginWidget.init or the app).',
  scanWith: (name: string) => `Scan with ${name}`,
  scanDetail: 'Scan this code with your phone’s wallet app to connect.',
  qrLabel: 'WalletConnect QR code',
  copyLink: 'Copy link',
  openWallet: (name: string) => `Open ${name}`,
  chooseMobileWallet: 'Choose your wallet app',
  preparingConnection: 'Preparing the connection…',
  // Phantom (§2.2).
  phantomInterstitialTitle: 'Open in Phantom',
  phantomInterstitialDetail: 'Phantom connects from its own browser. Open this page there to continue.',
  openInPhantom: 'Open in Phantom',
  installPhantomTitle: 'Create a Phantom wallet',
  installPhantomDetail:
    'Phantom is not installed in this browser. Get the extension, create or import a wallet, then reload this page.',
  getPhantom: 'Get Phantom',
  reload: 'Reload',
} as const);
