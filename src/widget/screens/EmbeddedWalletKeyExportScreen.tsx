import { WALLET_TEXT } from '../../core/errors/wallet-text.js';
import { useWallet } from '../components/wallet/use-wallet.js';
import { useWidget } from '../context.js';
import { Title } from '../Title.js';
import { useWalletStyles } from '../wallet-styles.js';

/**
 * EMBEDDED_WALLET_KEY_EXPORT_SCREEN ('Transfer Wallet', §2.3, §4.6): the provider-origin export
 * view in a frame. The key exists only inside that frame (shown after a click in it); this page
 * never sees it. Core gives the URL once the ≥ 1 s wait is over.
 */
export function EmbeddedWalletKeyExportScreen() {
  const { styles } = useWidget();
  const w = useWalletStyles();
  const { ui } = useWallet();
  const { url } = ui.export;
  return (
    <>
      <Title>{WALLET_TEXT.exportTitle}</Title>
      <p className={styles.text}>{WALLET_TEXT.exportDetail}</p>
      {url ? (
        <iframe
          className={w.exportFrame}
          src={url}
          title={WALLET_TEXT.exportTitle}
          referrerpolicy="no-referrer"
          allow="clipboard-write"
        />
      ) : (
        <>
          <span className={styles.spinner} aria-hidden="true" />
          <p role="status" className={styles.text}>
            {WALLET_TEXT.exportLoading}
          </p>
        </>
      )}
    </>
  );
}
