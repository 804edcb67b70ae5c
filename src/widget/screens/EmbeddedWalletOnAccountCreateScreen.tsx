import { WALLET_TEXT } from '../../core/errors/wallet-text.js';
import { PasswordFlow } from '../components/wallet/PasswordFlow.js';
import { useWallet } from '../components/wallet/use-wallet.js';
import { useWidget } from '../context.js';
import { Title } from '../Title.js';

/**
 * EMBEDDED_WALLET_ON_ACCOUNT_CREATE_SCREEN (§4.2, §4.6): the wallet being created after a login;
 * with `requireUserPasswordOnCreate`, the password steps come first (the creation is their submit).
 */
export function EmbeddedWalletOnAccountCreateScreen() {
  const { styles } = useWidget();
  const { ui, actions } = useWallet();
  const { create } = ui;
  if (create.passwordRequired && create.status !== 'error') {
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
