/**
 * The modal's screen table (§2.2): one view per name of SCREENS, each from its file in screens/
 * named after it. LANDING and what it needs are in the modal's chunk; the code screen is fetched
 * once LANDING is on screen (preloadScreens), and every other screen with the flow that shows it.
 */
import { Component, lazy, type ReactNode, Suspense, useLayoutEffect, useRef, useState } from 'react';
import { UI_TEXT } from '../core/text/ui.js';
import { SCREENS, type ScreenName } from '../protocol/screens.js';
import { useWidget } from './context.js';
import { ConnectOrCreate } from './screens/ConnectOrCreate.js';
import { ErrorScreen } from './screens/ErrorScreen.js';
import { Landing } from './screens/Landing.js';
import { Title } from './Title.js';

export const FOCUSABLE =
  'button:not([disabled]), input:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])';

type View = () => ReturnType<typeof Landing>;

/** A screen's file that did not arrive (the provider went away): the modal says so (ERROR_SCREEN, Retry). */
class ScreenFile extends Component<
  { onFail(error: unknown): void; children: ReactNode },
  { failed?: boolean }
> {
  override componentDidCatch(error: unknown) {
    // Handled here (a state change), so that nothing is thrown into the host page.
    this.setState({ failed: true });
    this.props.onFail(error);
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * A screen that is never the first thing a login shows, in its own chunk, fetched when first shown
 * or preloaded before (again after a failed fetch); once fetched, it renders at once, without a
 * loading state.
 */
function lazyScreen(load: () => Promise<View>): View & { preload: () => Promise<unknown> } {
  let loaded: View | undefined;
  let loading: Promise<View> | undefined;
  const fetchScreen = () => {
    loading ??= load().then((component) => (loaded = component));
    loading.catch(() => {
      loading = undefined;
    });
    return loading;
  };
  const lazyOf = () => lazy(() => fetchScreen().then((component) => ({ default: component })));
  let Screen = lazyOf();
  const LazyView = () => {
    const { ctx } = useWidget();
    const [Loaded] = useState(() => loaded);
    if (Loaded) return <Loaded />;
    const onFail = (error: unknown) => {
      Screen = lazyOf();
      ctx.modal.fail(error);
    };
    return (
      <ScreenFile onFail={onFail}>
        <Suspense fallback={<Loading />}>
          <Screen />
          <FocusOnArrival />
        </Suspense>
      </ScreenFile>
    );
  };
  return Object.assign(LazyView, { preload: fetchScreen });
}

/**
 * A lazy screen arrives after the modal has moved focus (to the loading state): in a dialog, its
 * first field or main button takes focus when it shows, as a static screen's does.
 */
function FocusOnArrival() {
  const marker = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    const screen = marker.current?.closest<HTMLElement>('[data-screen]');
    if (!screen?.closest('[aria-modal="true"]')) return;
    (
      screen.querySelector<HTMLElement>('[data-autofocus]') ?? screen.querySelector<HTMLElement>(FOCUSABLE)
    )?.focus();
  }, []);
  return <span ref={marker} hidden />;
}

/** The code screen follows LANDING in most logins: preloaded once LANDING shows. */
const AwaitingPasswordlessCode = lazyScreen(() =>
  import('./screens/AwaitingPasswordlessCode.js').then((m) => m.AwaitingPasswordlessCode),
);

/** Fetches the screens a login shows next, once the modal is on screen; a failure waits for their first use. */
export function preloadScreens(): void {
  AwaitingPasswordlessCode.preload().catch(() => {});
}

/** CAPTCHA_SCREEN comes with the captcha code, when a login first needs it. */
const CaptchaScreen = lazyScreen(() => import('./screens/CaptchaScreen.js').then((m) => m.CaptchaScreen));

/** Consent and allowlist rejection only ever follow a login attempt. */
const AffirmativeConsentScreen = lazyScreen(() =>
  import('./screens/AffirmativeConsentScreen.js').then((m) => m.AffirmativeConsentScreen),
);
const AllowlistRejectionScreen = lazyScreen(() =>
  import('./screens/AllowlistRejectionScreen.js').then((m) => m.AllowlistRejectionScreen),
);

const LinkEmailScreen = lazyScreen(() =>
  import('./screens/LinkEmailScreen.js').then((m) => m.LinkEmailScreen),
);
const LinkPhoneScreen = lazyScreen(() =>
  import('./screens/LinkPhoneScreen.js').then((m) => m.LinkPhoneScreen),
);
const UpdateEmailScreen = lazyScreen(() =>
  import('./screens/UpdateEmailScreen.js').then((m) => m.UpdateEmailScreen),
);

/** The OAuth screens come with the OAuth flow's chunk: a login only shows them once it chose a provider. */
const AwaitingOauthScreen = lazyScreen(() =>
  import('./screens/AwaitingOauthScreen.js').then((m) => m.AwaitingOauthScreen),
);
const InAppBrowserLoginNotPossible = lazyScreen(() =>
  import('./screens/InAppBrowserLoginNotPossible.js').then((m) => m.InAppBrowserLoginNotPossible),
);

/** The embedded wallet's screens come with the wallet chunk: a login without a wallet flow never loads them. */
const EmbeddedWalletOnAccountCreateScreen = lazyScreen(() =>
  import('./screens/EmbeddedWalletOnAccountCreateScreen.js').then(
    (m) => m.EmbeddedWalletOnAccountCreateScreen,
  ),
);
const EmbeddedWalletCreatedScreen = lazyScreen(() =>
  import('./screens/EmbeddedWalletCreatedScreen.js').then((m) => m.EmbeddedWalletCreatedScreen),
);
const EmbeddedWalletConnectingScreen = lazyScreen(() =>
  import('./screens/EmbeddedWalletConnectingScreen.js').then((m) => m.EmbeddedWalletConnectingScreen),
);
const EmbeddedWalletRecoveryScreen = lazyScreen(() =>
  import('./screens/EmbeddedWalletRecoveryScreen.js').then((m) => m.EmbeddedWalletRecoveryScreen),
);
const EmbeddedWalletKeyExportScreen = lazyScreen(() =>
  import('./screens/EmbeddedWalletKeyExportScreen.js').then((m) => m.EmbeddedWalletKeyExportScreen),
);
const EmbeddedWalletSignRequestScreen = lazyScreen(() =>
  import('./screens/EmbeddedWalletSignRequestScreen.js').then((m) => m.EmbeddedWalletSignRequestScreen),
);
const EmbeddedWalletSendTransactionScreen = lazyScreen(() =>
  import('./screens/EmbeddedWalletSendTransactionScreen.js').then(
    (m) => m.EmbeddedWalletSendTransactionScreen,
  ),
);
const EmbeddedWalletPasswordUpdateSplashScreen = lazyScreen(() =>
  import('./screens/EmbeddedWalletPasswordUpdateSplashScreen.js').then(
    (m) => m.EmbeddedWalletPasswordUpdateSplashScreen,
  ),
);
const EmbeddedWalletPasswordUpdateScreen = lazyScreen(() =>
  import('./screens/EmbeddedWalletPasswordUpdateScreen.js').then((m) => m.EmbeddedWalletPasswordUpdateScreen),
);

/** Two-step verification's screen comes with its chunk (core/mfa). */
const MfaEnrollmentFlowScreen = lazyScreen(() =>
  import('./screens/MfaEnrollmentFlowScreen.js').then((m) => m.MfaEnrollmentFlowScreen),
);

/** Funding's screens come with its chunk (core/funding). */
const FiatOnRampPromptScreen = lazyScreen(() =>
  import('./screens/FiatOnRampPromptScreen.js').then((m) => m.FiatOnRampPromptScreen),
);
const FiatOnRampStatusScreen = lazyScreen(() =>
  import('./screens/FiatOnRampStatusScreen.js').then((m) => m.FiatOnRampStatusScreen),
);

/** Farcaster's screens come with its chunk (core/farcaster). */
const AwaitingFarcasterConnection = lazyScreen(() =>
  import('./screens/AwaitingFarcasterConnection.js').then((m) => m.AwaitingFarcasterConnection),
);
const AwaitingFarcasterSigner = lazyScreen(() =>
  import('./screens/AwaitingFarcasterSigner.js').then((m) => m.AwaitingFarcasterSigner),
);

/** PASSKEY_SCREEN comes with the passkey flow (core/passkey), or a wallet's passkey recovery. */
const PasskeyScreen = lazyScreen(() => import('./screens/PasskeyScreen.js').then((m) => m.PasskeyScreen));

/** The external wallets' screens come with their chunk (core/wallet/external). */
const ExternalWalletScreen = lazyScreen(() =>
  import('./screens/external-wallet-screens.js').then((m) => m.ExternalWalletScreen),
);

export const SCREEN_VIEWS: Record<ScreenName, View> = {
  [SCREENS.captcha]: CaptchaScreen,
  [SCREENS.landing]: Landing,
  [SCREENS.awaitingPasswordlessCode]: AwaitingPasswordlessCode,
  [SCREENS.error]: ErrorScreen,
  [SCREENS.affirmativeConsent]: AffirmativeConsentScreen,
  [SCREENS.allowlistRejection]: AllowlistRejectionScreen,
  [SCREENS.awaitingOauth]: AwaitingOauthScreen,
  [SCREENS.inAppBrowserLoginNotPossible]: InAppBrowserLoginNotPossible,
  [SCREENS.linkEmail]: LinkEmailScreen,
  [SCREENS.linkPhone]: LinkPhoneScreen,
  [SCREENS.updateEmail]: UpdateEmailScreen,
  [SCREENS.embeddedWalletOnAccountCreate]: EmbeddedWalletOnAccountCreateScreen,
  [SCREENS.embeddedWalletCreated]: EmbeddedWalletCreatedScreen,
  [SCREENS.embeddedWalletConnecting]: EmbeddedWalletConnectingScreen,
  [SCREENS.embeddedWalletRecovery]: EmbeddedWalletRecoveryScreen,
  [SCREENS.embeddedWalletKeyExport]: EmbeddedWalletKeyExportScreen,
  [SCREENS.embeddedWalletSignRequest]: EmbeddedWalletSignRequestScreen,
  [SCREENS.embeddedWalletSendTransaction]: EmbeddedWalletSendTransactionScreen,
  [SCREENS.embeddedWalletPasswordUpdateSplash]: EmbeddedWalletPasswordUpdateSplashScreen,
  [SCREENS.embeddedWalletPasswordUpdate]: EmbeddedWalletPasswordUpdateScreen,
  [SCREENS.mfaEnrollmentFlow]: MfaEnrollmentFlowScreen,
  [SCREENS.fiatOnRampPrompt]: FiatOnRampPromptScreen,
  [SCREENS.fiatOnRampStatus]: FiatOnRampStatusScreen,
  [SCREENS.awaitingFarcasterConnection]: AwaitingFarcasterConnection,
  [SCREENS.awaitingFarcasterSigner]: AwaitingFarcasterSigner,
  [SCREENS.awaitingConnection]: ExternalWalletScreen,
  [SCREENS.awaitingConnectOnlyConnection]: ExternalWalletScreen,
  [SCREENS.loginFailed]: ExternalWalletScreen,
  [SCREENS.linkWallet]: ExternalWalletScreen,
  [SCREENS.connectOnlyLanding]: ExternalWalletScreen,
  [SCREENS.connectOnlyAuthenticated]: ExternalWalletScreen,
  [SCREENS.phantomInterstitial]: ExternalWalletScreen,
  [SCREENS.installPhantom]: ExternalWalletScreen,
  [SCREENS.connectOrCreate]: ConnectOrCreate,
  [SCREENS.passkey]: PasskeyScreen,
};

/** Screens from which "Back" makes sense. */
export const HAS_BACK = new Set<ScreenName>([
  SCREENS.awaitingPasswordlessCode,
  SCREENS.error,
  SCREENS.captcha,
  // Back to the wallet list, to pick another wallet.
  SCREENS.awaitingConnection,
  SCREENS.awaitingConnectOnlyConnection,
  SCREENS.installPhantom,
  SCREENS.phantomInterstitial,
  // Back to the other methods while the Farcaster app has not answered (the wait goes on until
  // another method starts or the modal closes).
  SCREENS.awaitingFarcasterConnection,
]);

export function Loading() {
  const { styles } = useWidget();
  return (
    <>
      <span className={styles.spinner} aria-hidden="true" />
      <Title>{UI_TEXT.loadingTitle}</Title>
    </>
  );
}
