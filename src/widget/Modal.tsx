import { type KeyboardEvent, lazy, Suspense, useLayoutEffect, useRef } from 'react';
import { UI_TEXT } from '../core/errors/ui-text.js';
import { EXTERNAL_WALLET_SCREENS } from '../protocol/external-wallet-screens.js';
import { SCREENS, type ScreenName } from '../protocol/screens.js';
import { TITLE_ID, useStore, useWidget } from './context.js';
import { BackIcon, CloseIcon } from './icons.js';
import { AwaitingPasswordlessCode } from './screens/AwaitingPasswordlessCode.js';
import { ErrorScreen } from './screens/ErrorScreen.js';
import { Landing } from './screens/Landing.js';
import { Title } from './Title.js';

const FOCUSABLE = 'button:not([disabled]), input:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])';

/** A screen that is never the first thing a login shows, in its own chunk, fetched when first shown. */
function lazyScreen(load: () => Promise<() => ReturnType<typeof Landing>>) {
  const Screen = lazy(() => load().then((component) => ({ default: component })));
  return () => (
    <Suspense fallback={<Loading />}>
      <Screen />
      <FocusOnArrival />
    </Suspense>
  );
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

/** The external wallets' screens come with their chunk (core/wallet/external). */
const ExternalWalletScreen = lazyScreen(() =>
  import('./screens/external-wallet-screens.js').then((m) => m.ExternalWalletScreen),
);

const SCREEN_VIEWS: Record<ScreenName, () => ReturnType<typeof Landing>> = {
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
  [EXTERNAL_WALLET_SCREENS.awaitingConnection]: ExternalWalletScreen,
  [EXTERNAL_WALLET_SCREENS.awaitingConnectOnlyConnection]: ExternalWalletScreen,
  [EXTERNAL_WALLET_SCREENS.loginFailed]: ExternalWalletScreen,
  [EXTERNAL_WALLET_SCREENS.linkWallet]: ExternalWalletScreen,
  [EXTERNAL_WALLET_SCREENS.connectOnlyLanding]: ExternalWalletScreen,
  [EXTERNAL_WALLET_SCREENS.connectOnlyAuthenticated]: ExternalWalletScreen,
  [EXTERNAL_WALLET_SCREENS.phantomInterstitial]: ExternalWalletScreen,
  [EXTERNAL_WALLET_SCREENS.installPhantom]: ExternalWalletScreen,
  [EXTERNAL_WALLET_SCREENS.connectOrCreate]: Landing,
};

/** Screens from which "Back" makes sense. */
const HAS_BACK = new Set<ScreenName>([
  SCREENS.awaitingPasswordlessCode,
  SCREENS.error,
  SCREENS.captcha,
  // Back to the wallet list, to pick another wallet.
  EXTERNAL_WALLET_SCREENS.awaitingConnection,
  EXTERNAL_WALLET_SCREENS.awaitingConnectOnlyConnection,
  EXTERNAL_WALLET_SCREENS.installPhantom,
  EXTERNAL_WALLET_SCREENS.phantomInterstitial,
]);

function Loading() {
  const { styles } = useWidget();
  return (
    <>
      <span className={styles.spinner} aria-hidden="true" />
      <Title>{UI_TEXT.loadingTitle}</Title>
    </>
  );
}

/**
 * The modal (§2.1): a dialog over a backdrop (a bottom drawer on narrow screens), or inline in the
 * host's parent node. In a dialog, focus moves in, stays in, and goes back where it was on close.
 */
export function Modal({ inDialog }: { inDialog: boolean }) {
  const { ctx, styles } = useWidget();
  const { screen } = useStore(ctx.modal.$modal);
  const ready = useStore(ctx.stores.$ready);
  const { success } = useStore(ctx.modal.$flow);
  const dialog = useRef<HTMLDivElement>(null);
  const shown = ready ? screen : null;

  // Remember what had focus on the host page, and give it back when the modal goes away.
  useLayoutEffect(() => {
    if (!inDialog) return;
    const before = document.activeElement as HTMLElement | null;
    return () => {
      if (before?.isConnected) before.focus();
    };
  }, [inDialog]);

  // Each screen puts focus on its first field or main button.
  useLayoutEffect(() => {
    if (!inDialog) return;
    const root = dialog.current;
    const target =
      root?.querySelector<HTMLElement>('[data-autofocus]') ??
      root?.querySelector<HTMLElement>(`[data-screen] ${FOCUSABLE}`) ??
      root;
    target?.focus();
  }, [shown, inDialog]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      ctx.modal.close();
      return;
    }
    if (event.key !== 'Tab' || !inDialog || !dialog.current) return;
    const focusable = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    // Inside a shadow root, document.activeElement is the host: ask the root.
    const active = (dialog.current.getRootNode() as ShadowRoot).activeElement;
    const inside = active !== dialog.current && dialog.current.contains(active);
    if (!first || !last) {
      event.preventDefault();
    } else if (event.shiftKey && (active === first || !inside)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || !inside)) {
      event.preventDefault();
      first.focus();
    }
  };

  const View = shown ? SCREEN_VIEWS[shown] : Loading;
  const panel = (
    <div
      ref={dialog}
      role="dialog"
      aria-modal={inDialog ? 'true' : undefined}
      aria-labelledby={TITLE_ID}
      tabIndex={-1}
      className={inDialog ? styles.dialog : `${styles.dialog} ${styles.inline}`}
      onKeyDown={onKeyDown}
    >
      <div className={styles.header}>
        {shown && HAS_BACK.has(shown) && !success ? (
          <button
            type="button"
            className={styles.iconButton}
            aria-label={UI_TEXT.back}
            onClick={() => ctx.modal.back()}
          >
            <BackIcon />
          </button>
        ) : (
          <span />
        )}
        <button
          type="button"
          className={styles.iconButton}
          aria-label={UI_TEXT.close}
          onClick={() => ctx.modal.close()}
        >
          <CloseIcon />
        </button>
      </div>
      <div className={styles.body} data-screen={shown ?? 'loading'}>
        <View />
      </div>
    </div>
  );
  if (!inDialog) return panel;
  return (
    // The backdrop closes on click; keyboard users have Escape and the Close button.
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape is handled on the dialog
    // biome-ignore lint/a11y/noStaticElementInteractions: the backdrop is not a control
    <div
      className={styles.overlay}
      onClick={(event) => {
        if (event.target === event.currentTarget) ctx.modal.close();
      }}
    >
      {panel}
    </div>
  );
}
