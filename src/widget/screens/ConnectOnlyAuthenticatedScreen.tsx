import { EXTERNAL_WALLET_TEXT } from '../../core/text/external-wallet.js';
import { useExternalWallets } from '../components/external-wallet/use-external-wallets.js';
import { useWidget } from '../context.js';
import { Title } from '../Title.js';

/** CONNECT_ONLY_AUTHENTICATED_SCREEN (§2.2): the wallet is connected (no login); 'Done' closes. */
export function ConnectOnlyAuthenticatedScreen() {
  const { ctx, styles } = useWidget();
  const { flow } = useExternalWallets();
  return (
    <>
      <Title>{EXTERNAL_WALLET_TEXT.connectedTitle}</Title>
      <p className={styles.text} role="status">
        {EXTERNAL_WALLET_TEXT.connectedDetail(flow.address ?? '')}
      </p>
      <button type="button" className={styles.primary} data-autofocus="" onClick={() => ctx.modal.close()}>
        {EXTERNAL_WALLET_TEXT.done}
      </button>
    </>
  );
}
