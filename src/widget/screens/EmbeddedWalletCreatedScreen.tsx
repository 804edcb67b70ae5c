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
 * new user, unless the user starts using it (Copy, the address link, a key): then it stays until
 * Continue. `notice`: why the passkey the app asked for does not protect it (then it stays open).
 */
export function EmbeddedWalletCreatedScreen() {
  const { ctx, styles } = useWidget();
  const w = useWalletStyles();
  const { ui } = useWallet();
  const { address, notice } = ui.create;
  const stay = () => ctx.modal.stay();
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: only listens, so a click or key keeps it open
    <div style={{ display: 'contents' }} onPointerDown={stay} onKeyDown={stay}>
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
    </div>
  );
}
