import { oauthState, retryOAuth } from '../../core/login/oauth.js';
import { oauthFailureText, providerName } from '../../core/login/oauth-flow.js';
import { OAUTH_UI_TEXT } from '../../core/text/oauth.js';
import { ERROR_SCREEN_TEXT, UI_TEXT } from '../../core/text/ui.js';
import { Failed } from '../components/Failed.js';
import { useStore, useWidget } from '../context.js';
import { CheckIcon } from '../icons.js';
import { Title } from '../Title.js';

/**
 * AWAITING_OAUTH_SCREEN (§4.4): on the way to the identity provider, then back on the host page
 * verifying, connected, or failed with the §8 text and a retry when retrying can help (else
 * 'Try another method' for a login, 'Close' for a link).
 */
export function AwaitingOauthScreen() {
  const { ctx, styles } = useWidget();
  const { provider, mode, status, error } = useStore(oauthState(ctx));
  const name = providerName(provider);

  if (status === 'failed' && error) {
    const failure = oauthFailureText(error, provider);
    const retry = failure.retryable ? () => void retryOAuth(ctx) : null;
    // Nothing to try again here: a login goes back to the other methods, a link closes.
    const way =
      mode === 'login'
        ? { text: ERROR_SCREEN_TEXT.tryAnotherMethod, onClick: () => ctx.modal.back() }
        : { text: UI_TEXT.close, onClick: () => ctx.modal.close() };
    return <Failed title={failure.title} detail={failure.detail} onRetry={retry} way={way} />;
  }
  if (status === 'connected') {
    return (
      <>
        <CheckIcon className={styles.successIcon} />
        <Title>{OAUTH_UI_TEXT.oauthConnected(name)}</Title>
      </>
    );
  }
  return (
    <>
      <span className={styles.spinner} aria-hidden="true" />
      <Title>
        {status === 'redirecting' ? OAUTH_UI_TEXT.oauthRedirecting(name) : OAUTH_UI_TEXT.oauthVerifying(name)}
      </Title>
      <p className={styles.text} role="status">
        {OAUTH_UI_TEXT.oauthVerifyingDetail}
      </p>
    </>
  );
}
