import { WALLET_TEXT } from '../../core/text/wallet.js';
import { AddressLink } from '../components/wallet/AddressLink.js';
import { CopyButton } from '../components/wallet/CopyButton.js';
import { useWallet } from '../components/wallet/use-wallet.js';
import { useWidget } from '../context.js';
import { CheckIcon } from '../icons.js';
import { Title } from '../Title.js';
import { useWalletStyles } from '../wallet-styles.js';

/**
 * EMBEDDED_WALLET_CREATED_SCREEN (§4.6): the new wallet's address; core closes it after 2.5 s for a
 * new user. `notice`: why the passkey the app asked for does not protect it (then it stays open).
 */
export function EmbeddedWalletCreatedScreen() {
  const { ctx, styles } = useWidget();
  const w = useWalletStyles();
  const { ui } = useWallet();
  const { address, notice } = ui.create;
  return (
    <>
      <CheckIcon className={styles.successIcon} />
      <Title>{WALLET_TEXT.createdTitle}</Title>
      <p role="status" className={styles.text}>
        {WALLET_TEXT.createdDetail}
      </p>
      {notice ? <p className={styles.text}>{notice}</p> : null}
      {address ? (
        <div className={w.fieldRow}>
          <span className={w.secret}>
            <AddressLink address={address} url={null} />
          </span>
          <CopyButton text={address} />
        </div>
      ) : null}
      <button type="button" className={styles.primary} data-autofocus="" onClick={() => ctx.modal.close()}>
        {WALLET_TEXT.continue}
      </button>
    </>
  );
}
