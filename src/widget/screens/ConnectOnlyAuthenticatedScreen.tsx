import { EXTERNAL_WALLET_TEXT } from '../../core/text/external-wallet.js';
import { shortenAddress } from '../../core/wallet/short-address.js';
import { useExternalWallets } from '../components/external-wallet/use-external-wallets.js';
import { useWidget } from '../context.js';
import { CheckIcon } from '../icons.js';
import { Title } from '../Title.js';

/**
 * CONNECT_ONLY_AUTHENTICATED_SCREEN (§2.2): the wallet is connected (no login), a check and its
 * address shortened (§9), the full one its tooltip; 'Done' closes.
 */
export function ConnectOnlyAuthenticatedScreen() {
  const { ctx, styles } = useWidget();
  const { flow } = useExternalWallets();
  const address = flow.address ?? '';
  return (
    <>
      <CheckIcon className={styles.successIcon} />
      <Title>{EXTERNAL_WALLET_TEXT.connectedTitle}</Title>
      <p className={styles.text} role="status" title={address}>
        {EXTERNAL_WALLET_TEXT.connectedDetail(shortenAddress(address))}
      </p>
      <button type="button" className={styles.primary} data-autofocus="" onClick={() => ctx.modal.close()}>
        {EXTERNAL_WALLET_TEXT.done}
      </button>
    </>
  );
}
