import { lazy, Suspense, useMemo, useState } from 'react';
import type { ResolvedConfig } from '../../core/config.js';
import { loginWithOAuth } from '../../core/host/account.js';
import { startFarcasterLogin } from '../../core/loaders/farcaster-login.js';
import { startPasskeyLogin } from '../../core/loaders/passkey-login.js';
import { submitDestination } from '../../core/loaders/passwordless.js';
import { type LoginOption, loginLayout, type OverflowView } from '../../core/login/layout.js';
import { OAUTH_PROVIDER_NAMES, UI_TEXT } from '../../core/text/ui.js';
import { BrandIcon } from '../brand.js';
import { EmailForm } from '../components/EmailForm.js';
import { PhoneField } from '../components/PhoneField.js';
import { useStore, useWidget } from '../context.js';
import { BackIcon, KeyIcon } from '../icons.js';
import { Title } from '../Title.js';

/** The wallet list comes with the external wallets' chunk, fetched when LANDING offers wallets. */
const LandingWallets = lazy(() =>
  import('./external-wallet-screens.js').then((m) => ({ default: m.LandingWallets })),
);

/** The default view, an overflow view (§2.3), or one field opened from its button. */
type View = 'default' | OverflowView | 'email' | 'sms';

/**
 * LANDING: 'Log in or sign up' with the login methods of the app and the host, in the configured
 * order: at most 5 items, or 4 and 'More options' opening the rest, with a Back button (§2.3).
 */
export function Landing() {
  const { ctx, styles } = useWidget();
  const config = useStore(ctx.$config);
  const app = useStore(ctx.$appConfig);
  const host = useStore(ctx.$hostConfig);
  const layout = useMemo(() => loginLayout(app, host), [app, host]);
  const [view, setView] = useState<View>('default');

  const options: LoginOption[] =
    view === 'default'
      ? layout.primary
      : view === 'email' || view === 'sms'
        ? [{ type: view }]
        : (layout.views[view] ?? []);
  const inline = !layout.hideDirectInputs || view === 'email' || view === 'sms';
  // The first field of the view takes the focus.
  const firstField = options.findIndex((option) => option.type === 'email' || option.type === 'sms');

  return (
    <>
      {view === 'default' ? (
        config.logoUrl ? (
          <img className={styles.logo} src={config.logoUrl} alt={UI_TEXT.appLogo(config.appName)} />
        ) : null
      ) : (
        <button
          type="button"
          className={styles.backInBody}
          aria-label={UI_TEXT.back}
          onClick={() => setView('default')}
        >
          <BackIcon />
        </button>
      )}
      <Title>{UI_TEXT.loginTitle}</Title>
      <div className={styles.methods} data-view={view}>
        {options.map((option, index) => (
          <Method
            key={
              option.type === 'oauth' ? option.provider : option.type === 'open' ? option.view : option.type
            }
            option={option}
            inline={inline}
            autoFocus={index === firstField}
            open={setView}
            web2First={layout.variant === 'web2-first'}
          />
        ))}
      </div>
      {showsLegalFooter(config) ? <LegalFooter terms={config.termsUrl} privacy={config.privacyUrl} /> : null}
    </>
  );
}

/** One login method: the email or phone field (or its button), or a social provider's button. */
function Method({
  option,
  inline,
  autoFocus,
  open,
  web2First,
}: {
  option: LoginOption;
  inline: boolean;
  autoFocus: boolean;
  open: (view: View) => void;
  /** Web2-first: web3-overflow opens from 'Continue with a wallet', else from 'Other wallets'. */
  web2First: boolean;
}) {
  const { ctx, styles } = useWidget();
  if (option.type === 'email') {
    if (inline)
      return (
        <EmailForm autoFocus={autoFocus} onSubmit={(email) => void submitDestination(ctx, 'email', email)} />
      );
    return (
      <button type="button" className={styles.method} onClick={() => open('email')}>
        {UI_TEXT.continueWithEmail}
      </button>
    );
  }
  if (option.type === 'sms') {
    if (inline) {
      return (
        <PhoneField
          autoFocus={autoFocus}
          onSubmit={(phone) => void submitDestination(ctx, 'sms', phone.qualifiedPhoneNumber)}
        />
      );
    }
    return (
      <button type="button" className={styles.method} onClick={() => open('sms')}>
        {UI_TEXT.continueWithSms}
      </button>
    );
  }
  if (option.type === 'open') return <OpenView view={option.view} web2First={web2First} open={open} />;
  if (option.type === 'wallets') {
    return (
      <Suspense fallback={null}>
        <LandingWallets values={option.wallets} />
      </Suspense>
    );
  }
  if (option.type === 'farcaster') {
    return (
      <button type="button" className={styles.method} onClick={() => void startFarcasterLogin(ctx)}>
        <BrandIcon brand="farcaster" />
        {UI_TEXT.continueWithFarcaster}
      </button>
    );
  }
  if (option.type === 'passkey') {
    return (
      <button type="button" className={styles.method} onClick={() => void startPasskeyLogin(ctx)}>
        <KeyIcon className={styles.methodIcon} />
        {UI_TEXT.loginWithPasskey}
      </button>
    );
  }
  if (option.type === 'oauth') {
    return (
      <button
        type="button"
        className={styles.method}
        onClick={() => void loginWithOAuth(ctx, option.provider)}
      >
        <BrandIcon brand={option.provider} />
        {UI_TEXT.continueWith(OAUTH_PROVIDER_NAMES[option.provider])}
      </button>
    );
  }
  return null;
}

/** The entry opening an overflow view, named after it (§2.3). */
function OpenView({
  view,
  web2First,
  open,
}: {
  view: OverflowView;
  web2First: boolean;
  open: (view: View) => void;
}) {
  const { styles } = useWidget();
  return (
    <button type="button" className={styles.method} onClick={() => open(view)}>
      {view === 'overflow'
        ? UI_TEXT.moreOptions
        : view === 'web2-overflow'
          ? UI_TEXT.otherSocials
          : UI_TEXT[web2First ? 'continueWithWallet' : 'otherWallets']}
    </button>
  );
}

/** §2.3: one sentence, with 'Terms' and 'Privacy Policy' links when both exist. */
/**
 * The login footer of §2.3: only when terms acceptance is not required or implicit consent is
 * forced, and a terms or privacy link exists. Here, not in core/config.ts: only LANDING reads it,
 * and config.ts loads on every page.
 */
function showsLegalFooter(config: ResolvedConfig): boolean {
  return (
    (!config.requireUsersAcceptTerms || config.implicitConsent) &&
    Boolean(config.termsUrl || config.privacyUrl)
  );
}

function LegalFooter({ terms, privacy }: { terms: string | null; privacy: string | null }) {
  const { styles } = useWidget();
  const link = (href: string, text: string) => (
    <a className={styles.link} href={href} target="_blank" rel="noopener noreferrer">
      {text}
    </a>
  );
  return (
    <p className={styles.footer}>
      {terms && privacy ? (
        <>
          {UI_TEXT.termsFooterStart} {link(terms, UI_TEXT.terms)} {UI_TEXT.and}{' '}
          {link(privacy, UI_TEXT.privacyPolicy)}
        </>
      ) : terms ? (
        link(terms, UI_TEXT.termsFooter)
      ) : (
        <>
          {UI_TEXT.termsFooterStart} {link(privacy ?? '', UI_TEXT.privacyPolicy)}
        </>
      )}
    </p>
  );
}
