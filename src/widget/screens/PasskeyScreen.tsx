import { type PasskeyPurpose, passkeyUi, retryPasskey } from '../../core/passkey/state.js';
import { PASSKEY_TEXT } from '../../core/text/passkey.js';
import { UI_TEXT } from '../../core/text/ui.js';
import { Failed } from '../components/Failed.js';
import { ProviderSurface } from '../components/wallet/ProviderSurface.js';
import { useStore, useWidget } from '../context.js';
import { CheckIcon } from '../icons.js';
import { Title } from '../Title.js';

// Read at each render, not kept: setLocale changes the texts under a loaded screen.
const titles = (): Record<PasskeyPurpose, string> => ({
  login: UI_TEXT.loginWithPasskey,
  link: PASSKEY_TEXT.linkTitle,
  'set-recovery': PASSKEY_TEXT.recoveryTitle,
});

/**
 * PASSKEY_SCREEN: a passkey login, link or wallet recovery (core/passkey). The provider-origin
 * surface runs the WebAuthn ceremony (this page never sees the credential, nor the PRF output);
 * here only the title, a check once done, or the failure with 'Try again'.
 */
export function PasskeyScreen() {
  const { ctx, styles } = useWidget();
  const ui = useStore(passkeyUi(ctx));
  const flow = useStore(ctx.modal.$flow);
  const title = titles()[ui.purpose];
  // A login's or a link's success is the flow's (finish.ts); a wallet's recovery says its own.
  const flowDone = ui.purpose !== 'set-recovery' && flow.success;
  const done = ui.done ?? (flowDone ? UI_TEXT[ui.purpose === 'link' ? 'linkSuccess' : 'loginSuccess'] : null);
  if (done) {
    return (
      <>
        <CheckIcon className={styles.successIcon} />
        <Title>{title}</Title>
        <p role="status" className={styles.status}>
          {done}
        </p>
      </>
    );
  }
  if (ui.error) {
    return (
      <Failed title={title} detail={ui.error} onRetry={ui.retry ? () => void retryPasskey(ctx) : null} />
    );
  }
  return (
    <>
      <Title>{title}</Title>
      <ProviderSurface title={title} />
    </>
  );
}
