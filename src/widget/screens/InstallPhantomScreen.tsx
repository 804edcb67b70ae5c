import { EXTERNAL_WALLET_TEXT } from '../../core/text/external-wallet.js';
import { registryWalletOf } from '../../core/wallet/external/choices.js';
import { PHANTOM_DOWNLOAD_URL, PHANTOM_WALLET_CLIENT_TYPE } from '../../protocol/external-wallet.js';
import { useExternalWallets } from '../components/external-wallet/use-external-wallets.js';
import { WalletIcon } from '../components/external-wallet/WalletIcon.js';
import { useWidget } from '../context.js';
import { Title } from '../Title.js';

/**
 * INSTALL_PHANTOM_SCREEN (§2.2, desktop): 'Create a Phantom wallet' — where to get the extension,
 * and 'Reload' so the page finds it once installed.
 */
export function InstallPhantomScreen() {
  const { styles } = useWidget();
  const { wallets } = useExternalWallets();
  const phantom = registryWalletOf(PHANTOM_WALLET_CLIENT_TYPE);
  return (
    <>
      <WalletIcon name={phantom?.name ?? ''} wallet={phantom} large />
      <Title>{EXTERNAL_WALLET_TEXT.installPhantomTitle}</Title>
      <p className={styles.text}>{EXTERNAL_WALLET_TEXT.installPhantomDetail}</p>
      <a
        className={styles.primary}
        href={PHANTOM_DOWNLOAD_URL}
        target="_blank"
        rel="noopener"
        data-autofocus=""
      >
        {EXTERNAL_WALLET_TEXT.getPhantom}
      </a>
      <button type="button" className={styles.secondary} onClick={() => wallets.reloadPage()}>
        {EXTERNAL_WALLET_TEXT.reload}
      </button>
    </>
  );
}
