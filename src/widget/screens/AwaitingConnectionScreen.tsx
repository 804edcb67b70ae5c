import { EXTERNAL_WALLET_TEXT } from '../../core/errors/external-wallet-text.js';
import { useExternalWallets } from '../components/external-wallet/use-external-wallets.js';
import { useWidget } from '../context.js';
import { Title } from '../Title.js';

/**
 * AWAITING_CONNECTION and AWAITING_CONNECT_ONLY_CONNECTION (§2.2, §4.4): waiting for the wallet to
 * connect, to switch networks, or to sign; 'Sign with your wallet' when the signature waits for
 * the user; a failure of §8 with 'Retry' (up to the retry limit) or 'Use a different wallet'.
 */
export function AwaitingConnectionScreen() {
  const { styles } = useWidget();
  const { wallets, flow } = useExternalWallets();
  const name = flow.wallet?.name ?? EXTERNAL_WALLET_TEXT.browserWallet;
  const { error } = flow;
  const switching = flow.status === 'switching_to_supported_chain';
  const title = error
    ? error.message
    : switching
      ? EXTERNAL_WALLET_TEXT.switchingNetworks
      : EXTERNAL_WALLET_TEXT.waitingFor(name);
  const detail = error
    ? (error.detail ?? '')
    : switching
      ? EXTERNAL_WALLET_TEXT.switchNetworkDetail
      : flow.status === 'connected' && flow.mode !== 'connect'
        ? EXTERNAL_WALLET_TEXT.signDetail
        : EXTERNAL_WALLET_TEXT.connectDetail;
  return (
    <>
      {flow.wallet?.icon ? <img src={flow.wallet.icon} alt="" width={48} height={48} /> : null}
      {error || flow.signIntent ? null : <span className={styles.spinner} aria-hidden="true" />}
      <Title>{title}</Title>
      <p className={styles.text} role="status">
        {detail}
      </p>
      {flow.signIntent ? (
        <button
          type="button"
          className={styles.primary}
          data-autofocus=""
          onClick={() => void wallets.sign()}
        >
          {EXTERNAL_WALLET_TEXT.signWithWallet}
        </button>
      ) : null}
      {error?.retryable ? (
        <button
          type="button"
          className={styles.primary}
          data-autofocus=""
          onClick={() => void wallets.retry()}
        >
          {EXTERNAL_WALLET_TEXT.retry}
        </button>
      ) : null}
      {error && !error.retryable ? (
        <button
          type="button"
          className={styles.secondary}
          data-autofocus=""
          onClick={() => wallets.useDifferentWallet()}
        >
          {EXTERNAL_WALLET_TEXT.useDifferentWallet}
        </button>
      ) : null}
    </>
  );
}
