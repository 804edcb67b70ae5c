/**
 * Coinbase Wallet through its own SDK (`@coinbase/wallet-sdk`, loaded only when the user picks it):
 * the browser extension when it is installed, else Coinbase's popup for the mobile app or the smart
 * wallet. The SDK's provider is an EIP-1193 provider, so the flow treats it as it treats an extension.
 */
import type { ExternalEthereumProvider } from '../../../protocol/external-wallet.js';

export interface CoinbaseOptions {
  appName: string;
  appLogoUrl: string | null;
  /** The app's supported chains, the default first. */
  chainIds: number[];
}

export async function createCoinbaseProvider(options: CoinbaseOptions): Promise<ExternalEthereumProvider> {
  const { createCoinbaseWalletSDK } = await import('@coinbase/wallet-sdk');
  const sdk = createCoinbaseWalletSDK({
    appName: options.appName,
    appLogoUrl: options.appLogoUrl,
    appChainIds: options.chainIds,
    preference: { options: 'all' },
  });
  return sdk.getProvider();
}
