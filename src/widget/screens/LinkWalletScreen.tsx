import { EXTERNAL_WALLET_TEXT } from '../../core/text/external-wallet.js';
import { WalletList } from '../components/external-wallet/WalletList.js';
import { useWidget } from '../context.js';
import { Title } from '../Title.js';

/** LINK_WALLET_SCREEN (§2.2): the browser's wallets; the chosen one signs in to be linked. */
export function LinkWalletScreen() {
  const { styles } = useWidget();
  return (
    <>
      <Title>{EXTERNAL_WALLET_TEXT.linkWalletTitle}</Title>
      <div className={styles.methods}>
        <WalletList mode="link" />
      </div>
    </>
  );
}
