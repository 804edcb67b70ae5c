import { EXTERNAL_WALLET_TEXT } from '../../core/text/external-wallet.js';
import { WalletList } from '../components/external-wallet/WalletList.js';
import { useWidget } from '../context.js';
import { Title } from '../Title.js';

/** CONNECT_ONLY_LANDING_SCREEN (§2.2, §6 connectWallet): the browser's wallets, to connect without logging in. */
export function ConnectOnlyLandingScreen() {
  const { styles } = useWidget();
  return (
    <>
      <Title>{EXTERNAL_WALLET_TEXT.connectWalletTitle}</Title>
      <div className={styles.methods}>
        <WalletList mode="connect" />
      </div>
    </>
  );
}
