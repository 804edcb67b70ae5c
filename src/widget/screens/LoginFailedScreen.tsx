import { EXTERNAL_WALLET_TEXT } from '../../core/text/external-wallet.js';
import { useExternalWallets } from '../components/external-wallet/use-external-wallets.js';
import { useWidget } from '../context.js';
import { Title } from '../Title.js';

/** LOGIN_FAILED_SCREEN (§2.2): 'Could not connect with wallet', and back to the wallet list. */
export function LoginFailedScreen() {
  const { styles } = useWidget();
  const { wallets } = useExternalWallets();
  return (
    <>
      <Title>{EXTERNAL_WALLET_TEXT.loginFailedTitle}</Title>
      <p className={styles.text}>{EXTERNAL_WALLET_TEXT.loginFailedDetail}</p>
      <button
        type="button"
        className={styles.primary}
        data-autofocus=""
        onClick={() => wallets.useDifferentWallet()}
      >
        {EXTERNAL_WALLET_TEXT.useDifferentWallet}
      </button>
    </>
  );
}
