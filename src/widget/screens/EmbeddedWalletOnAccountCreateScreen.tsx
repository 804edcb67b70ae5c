import { WALLET_TEXT } from '../../core/text/wallet.js';
import { PasswordFlow } from '../components/wallet/PasswordFlow.js';
import { ProviderSurface } from '../components/wallet/ProviderSurface.js';
import { useWallet } from '../components/wallet/use-wallet.js';
import { useWidget } from '../context.js';
import { Title } from '../Title.js';

/**
 * EMBEDDED_WALLET_ON_ACCOUNT_CREATE_SCREEN (§4.2, §4.6): the wallet being created after a login;
 * with `requireUserPasswordOnCreate` (or for a user nothing else could confirm a new device for),
 * the password steps come first, in the provider-origin surface; with passkey recovery, the
 * passkey step there first.
 */
export function EmbeddedWalletOnAccountCreateScreen() {
  const { styles } = useWidget();
  const { ui, actions } = useWallet();
  const { create } = ui;
  // The passkey that is to protect the new wallet (the app's passkey recovery): its heading is the surface's.
  if (ui.surface?.kind === 'passkey' && create.status !== 'error') {
    return (
      <>
        <Title hidden>{WALLET_TEXT.creatingPasskeyTitle}</Title>
        <ProviderSurface title={WALLET_TEXT.creatingPasskeyTitle} />
      </>
    );
  }
  // A password to set first (required, or the frame asks for one: nothing else could load this wallet on a new device).
  if ((create.passwordRequired || ui.surface) && create.status !== 'error') {
    return <PasswordFlow ui={ui.password} actions={actions} />;
  }
  if (create.status === 'error') {
    return (
      <>
        <Title>{WALLET_TEXT.createFailedTitle}</Title>
        <p role="alert" className={styles.alert}>
          {create.error ?? ''}
        </p>
      </>
    );
  }
  return (
    <>
      <span className={styles.spinner} aria-hidden="true" />
      <Title>{WALLET_TEXT.creatingTitle}</Title>
      <p role="status" className={styles.text}>
        {WALLET_TEXT.creatingDetail}
      </p>
    </>
  );
}
