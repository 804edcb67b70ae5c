import { WALLET_TEXT } from '../../core/errors/wallet-text.js';
import { BusyLabel } from '../components/BusyLabel.js';
import { DetailRow } from '../components/wallet/Amount.js';
import { FocusOnChange } from '../components/wallet/FocusOnChange.js';
import { useWallet } from '../components/wallet/use-wallet.js';
import { useWidget } from '../context.js';
import { CheckIcon } from '../icons.js';
import { Title } from '../Title.js';
import { useWalletStyles } from '../wallet-styles.js';

/**
 * EMBEDDED_WALLET_SIGN_REQUEST_SCREEN (§4.6): the message (or EIP-712 domain and message) to sign,
 * 'Cancel' (4001) and the sign button; then 'Success', and core closes the modal after 1400 ms.
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
  const w = useWalletStyles();
  const { ui, actions } = useWallet();
  const sign = ui.sign;
  if (!sign) {
    return (
      <>
        <span className={styles.spinner} aria-hidden="true" />
        <Title>{WALLET_TEXT.signTitle}</Title>
      </>
    );
  }
  const { uiOptions, status } = sign;
  const busy = status === 'signing';
  if (status === 'done') {
    return (
      <>
        <CheckIcon className={styles.successIcon} />
        <Title>{uiOptions.title ?? WALLET_TEXT.signTitle}</Title>
        <p role="status" className={styles.status}>
          {WALLET_TEXT.signSuccess}
        </p>
      </>
    );
  }
  return (
    <>
      <Title>{uiOptions.title ?? WALLET_TEXT.signTitle}</Title>
      <p className={styles.text}>
        {uiOptions.description ??
          (sign.kind === 'typedData' ? WALLET_TEXT.signTypedDataDetail : WALLET_TEXT.signDetail)}
      </p>
      {sign.typedData ? (
        <>
          <p className={w.label}>{WALLET_TEXT.domain}</p>
          <dl className={`${w.details} ${w.rows}`}>
            {sign.typedData.domain.map(([name, value]) => (
              <DetailRow key={name} label={name}>
                {value}
              </DetailRow>
            ))}
          </dl>
          <p className={w.label}>{`${WALLET_TEXT.message}: ${sign.typedData.primaryType}`}</p>
          <pre className={w.messageBox}>{sign.typedData.message}</pre>
        </>
      ) : (
        <>
          <p className={w.label}>{WALLET_TEXT.message}</p>
          <pre className={w.messageBox}>{sign.message ?? ''}</pre>
        </>
      )}
      <p role="alert" className={styles.alert}>
        {status === 'error' ? (sign.error ?? '') : ''}
      </p>
      <p role="status" className={styles.visuallyHidden}>
        {busy ? WALLET_TEXT.signing : ''}
      </p>
      <div className={styles.choices}>
        <button type="button" className={styles.secondary} onClick={() => actions.cancelWalletRequest()}>
          {WALLET_TEXT.cancel}
        </button>
        <button
          type="button"
          className={styles.primary}
          data-autofocus=""
          aria-disabled={busy ? 'true' : 'false'}
          onClick={() => {
            if (!busy) void actions.approveSign();
          }}
        >
          <BusyLabel busy={busy}>{uiOptions.buttonText ?? WALLET_TEXT.signButton}</BusyLabel>
        </button>
      </div>
    </>
  );
}
