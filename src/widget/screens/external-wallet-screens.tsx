/** The external wallets' screens (§2.2), one chunk with their code (core/wallet/external). */
import { SCREENS } from '../../protocol/screens.js';
import { useStore, useWidget } from '../context.js';
import { AwaitingConnection } from './AwaitingConnection.js';
import { AwaitingConnectOnlyConnection } from './AwaitingConnectOnlyConnection.js';
import { ConnectOnlyAuthenticatedScreen } from './ConnectOnlyAuthenticatedScreen.js';
import { ConnectOnlyLandingScreen } from './ConnectOnlyLandingScreen.js';
import { InstallPhantomScreen } from './InstallPhantomScreen.js';
import { LinkWalletScreen } from './LinkWalletScreen.js';
import { LoginFailedScreen } from './LoginFailedScreen.js';
import { PhantomInterstitialScreen } from './PhantomInterstitialScreen.js';

export { LandingWallets } from './LandingWallets.js';

const VIEWS: Record<string, () => ReturnType<typeof AwaitingConnection>> = {
  [SCREENS.awaitingConnection]: AwaitingConnection,
  [SCREENS.awaitingConnectOnlyConnection]: AwaitingConnectOnlyConnection,
  [SCREENS.loginFailed]: LoginFailedScreen,
  [SCREENS.linkWallet]: LinkWalletScreen,
  [SCREENS.connectOnlyLanding]: ConnectOnlyLandingScreen,
  [SCREENS.connectOnlyAuthenticated]: ConnectOnlyAuthenticatedScreen,
  [SCREENS.phantomInterstitial]: PhantomInterstitialScreen,
  [SCREENS.installPhantom]: InstallPhantomScreen,
};

/** Whichever external-wallet screen the modal shows. */
export function ExternalWalletScreen() {
  const { ctx } = useWidget();
  const { screen } = useStore(ctx.modal.$modal);
  const View = (screen && VIEWS[screen]) || LoginFailedScreen;
  return <View />;
}
