import { WALLET_TEXT } from '../../core/text/wallet.js';
import { useWallet } from '../components/wallet/use-wallet.js';
import { useWidget } from '../context.js';
import { Title } from '../Title.js';

/** EMBEDDED_WALLET_CONNECTING_SCREEN (§4.6): connecting to the wallet frame, or loading it on a new browser. */
export function EmbeddedWalletConnectingScreen() {
  const { styles } = useWidget();
  const { ui } = useWallet();
  const { status, error } = ui.connecting;
  return (
    <>
      {status === 'error' ? null : <span className={styles.spinner} aria-hidden="true" />}
      <Title>{status === 'recovering' ? WALLET_TEXT.recoveringTitle : WALLET_TEXT.connectingTitle}</Title>
      <p role="status" className={styles.text}>
        {status === 'error' ? '' : WALLET_TEXT.connectingDetail}
      </p>
      <p role="alert" className={styles.alert}>
        {status === 'error' ? (error ?? '') : ''}
      </p>
    </>
  );
}
