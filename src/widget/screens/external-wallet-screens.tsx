/** The external wallets' screens (§2.2), one chunk with their code (core/wallet/external). */
import { EXTERNAL_WALLET_SCREENS } from '../../protocol/external-wallet-screens.js';
import { useStore, useWidget } from '../context.js';
import { AwaitingConnectionScreen } from './AwaitingConnectionScreen.js';
import { ConnectOnlyAuthenticatedScreen } from './ConnectOnlyAuthenticatedScreen.js';
import { ConnectOnlyLandingScreen } from './ConnectOnlyLandingScreen.js';
import { InstallPhantomScreen } from './InstallPhantomScreen.js';
import { LinkWalletScreen } from './LinkWalletScreen.js';
import { LoginFailedScreen } from './LoginFailedScreen.js';
import { PhantomInterstitialScreen } from './PhantomInterstitialScreen.js';

export { LandingWallets } from './LandingWallets.js';

const VIEWS: Record<string, () => ReturnType<typeof AwaitingConnectionScreen>> = {
  [EXTERNAL_WALLET_SCREENS.awaitingConnection]: AwaitingConnectionScreen,
  [EXTERNAL_WALLET_SCREENS.awaitingConnectOnlyConnection]: AwaitingConnectionScreen,
  [EXTERNAL_WALLET_SCREENS.loginFailed]: LoginFailedScreen,
  [EXTERNAL_WALLET_SCREENS.linkWallet]: LinkWalletScreen,
  [EXTERNAL_WALLET_SCREENS.connectOnlyLanding]: ConnectOnlyLandingScreen,
  [EXTERNAL_WALLET_SCREENS.connectOnlyAuthenticated]: ConnectOnlyAuthenticatedScreen,
  [EXTERNAL_WALLET_SCREENS.phantomInterstitial]: PhantomInterstitialScreen,
  [EXTERNAL_WALLET_SCREENS.installPhantom]: InstallPhantomScreen,
};

/** Whichever external-wallet screen the modal shows. */
export function ExternalWalletScreen() {
  const { ctx } = useWidget();
  const { screen } = useStore(ctx.modal.$modal);
  const View = (screen && VIEWS[screen]) || LoginFailedScreen;
  return <View />;
}
