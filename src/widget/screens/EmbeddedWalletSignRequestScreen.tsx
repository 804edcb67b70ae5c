import { WALLET_TEXT } from '../../core/text/wallet.js';
import { FocusOnChange } from '../components/wallet/FocusOnChange.js';
import { ProviderSurface } from '../components/wallet/ProviderSurface.js';
import { useWallet } from '../components/wallet/use-wallet.js';
import { useWidget } from '../context.js';
import { useFieldStyles } from '../field-styles.js';
import { CheckIcon } from '../icons.js';
import { Title } from '../Title.js';

/**
 * EMBEDDED_WALLET_SIGN_REQUEST_SCREEN (§4.6): the host's title and description around the
 * provider-origin surface, which shows the message (or EIP-712 domain and message) the frame will
 * sign and holds Cancel and Sign: the frame signs only after the user's click there. Then
 * 'Success', and core closes the modal after 1400 ms. This screen has no approval control.
 */
export function EmbeddedWalletSignRequestScreen() {
  const { ui } = useWallet();
  return (
    <>
      <FocusOnChange on={ui.sign?.status ?? 'none'} />
      <SignRequest />
    </>
  );
}

function SignRequest() {
  const { styles } = useWidget();
  const f = useFieldStyles();
  const { ui, actions } = useWallet();
  const sign = ui.sign;
  const title = sign?.uiOptions.title ?? WALLET_TEXT.signTitle;
  if (sign?.status === 'done') {
    return (
      <>
        <CheckIcon className={styles.successIcon} />
        <Title>{title}</Title>
        <p role="status" className={styles.status}>
          {WALLET_TEXT.signSuccess}
        </p>
      </>
    );
  }
  // The surface heads itself ('Sign message', no fees): this page adds only the host's own words.
  const own = sign?.uiOptions;
  const framed = sign?.status !== 'error' && !own?.title;
  return (
    <>
      <Title hidden={framed}>{title}</Title>
      {own?.description ? <p className={styles.text}>{own.description}</p> : null}
      {sign?.status === 'error' ? (
        <>
          <p role="alert" className={styles.alert}>
            {sign.error ?? ''}
          </p>
          <div className={f.choices}>
            <button type="button" className={styles.secondary} onClick={() => actions.cancelWalletRequest()}>
              {WALLET_TEXT.cancel}
            </button>
            <button
              type="button"
              className={styles.primary}
              data-autofocus=""
              onClick={() => void actions.retry()}
            >
              {WALLET_TEXT.tryAgain}
            </button>
          </div>
        </>
      ) : (
        <ProviderSurface title={title} />
      )}
    </>
  );
}
