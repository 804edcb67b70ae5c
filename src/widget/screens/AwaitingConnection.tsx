import { EXTERNAL_WALLET_TEXT } from '../../core/text/external-wallet.js';
import { mobilePlatform } from '../../core/wallet/external/deep-links.js';
import { WALLET_CONNECT_CONNECTOR } from '../../protocol/external-wallet.js';
import { useExternalWallets } from '../components/external-wallet/use-external-wallets.js';
import { WalletConnectPairing } from '../components/external-wallet/WalletConnectPairing.js';
import { WalletIcon } from '../components/external-wallet/WalletIcon.js';
import { useWidget } from '../context.js';
import { Title } from '../Title.js';

/**
 * AWAITING_CONNECTION and AWAITING_CONNECT_ONLY_CONNECTION (§2.2, §4.4): waiting for the wallet to
 * connect, to switch networks, or to sign; 'Sign with your wallet' when the signature waits for
 * the user; a failure of §8 with 'Retry' (up to the retry limit) or 'Use a different wallet'.
 * A WalletConnect wallet pairs here first: our QR code on a desktop, deep links on a phone.
 */
export function AwaitingConnection() {
  const { styles } = useWidget();
  const { wallets, flow } = useExternalWallets();
  const { error } = flow;
  const pairing = !error && flow.status !== 'connected' && flow.connectorType === WALLET_CONNECT_CONNECTOR;
  const { title, detail } = waitTexts(flow, pairing);
  return (
    <>
      {flow.wallet ? (
        <WalletIcon icon={flow.wallet.icon} wallet={flow.registryWallet} name={flow.wallet.name} large />
      ) : null}
      {error || flow.signIntent || pairing ? null : <span className={styles.spinner} aria-hidden="true" />}
      <Title>{title}</Title>
      {pairing ? (
        <WalletConnectPairing uri={flow.pairingUri} wallet={flow.registryWallet} />
      ) : (
        <p className={styles.text} role="status">
          {detail}
        </p>
      )}
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

type Flow = ReturnType<typeof useExternalWallets>['flow'];

/** The title and the line under it for the state of the wait. */
function waitTexts(flow: Flow, pairing: boolean): { title: string; detail: string } {
  const name = flow.wallet?.name ?? EXTERNAL_WALLET_TEXT.browserWallet;
  if (flow.error) return { title: flow.error.message, detail: flow.error.detail ?? '' };
  if (flow.status === 'switching_to_supported_chain') {
    return {
      title: EXTERNAL_WALLET_TEXT.switchingNetworks,
      detail: EXTERNAL_WALLET_TEXT.switchNetworkDetail,
    };
  }
  const desktop =
    mobilePlatform(globalThis.navigator?.userAgent, globalThis.navigator?.maxTouchPoints) === null;
  const title =
    pairing && desktop ? EXTERNAL_WALLET_TEXT.scanWith(name) : EXTERNAL_WALLET_TEXT.waitingFor(name);
  const signing = flow.status === 'connected' && flow.mode !== 'connect';
  return { title, detail: signing ? EXTERNAL_WALLET_TEXT.signDetail : EXTERNAL_WALLET_TEXT.connectDetail };
}
