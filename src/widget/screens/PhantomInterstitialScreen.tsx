import { EXTERNAL_WALLET_TEXT } from '../../core/text/external-wallet.js';
import { registryWalletOf } from '../../core/wallet/external/choices.js';
import { PHANTOM_WALLET_CLIENT_TYPE } from '../../protocol/external-wallet.js';
import { useExternalWallets } from '../components/external-wallet/use-external-wallets.js';
import { WalletIcon } from '../components/external-wallet/WalletIcon.js';
import { useWidget } from '../context.js';
import { Title } from '../Title.js';

/**
 * PHANTOM_INTERSTITIAL_SCREEN (§2.2, mobile): Phantom's wallet lives in its own browser, so the
 * link opens this page there, where the connection resumes (§2.1 `gatehouse_connector`).
 */
export function PhantomInterstitialScreen() {
  const { styles } = useWidget();
  const { wallets } = useExternalWallets();
  const phantom = registryWalletOf(PHANTOM_WALLET_CLIENT_TYPE);
  return (
    <>
      <WalletIcon name={phantom?.name ?? ''} wallet={phantom} large />
      <Title>{EXTERNAL_WALLET_TEXT.phantomInterstitialTitle}</Title>
      <p className={styles.text}>{EXTERNAL_WALLET_TEXT.phantomInterstitialDetail}</p>
      <a className={styles.primary} href={wallets.phantomBrowseLink()} data-autofocus="">
        {EXTERNAL_WALLET_TEXT.openInPhantom}
      </a>
      <button type="button" className={styles.secondary} onClick={() => wallets.useDifferentWallet()}>
        {EXTERNAL_WALLET_TEXT.useDifferentWallet}
      </button>
    </>
  );
}
