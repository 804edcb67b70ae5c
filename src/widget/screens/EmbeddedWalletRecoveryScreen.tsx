import { useState } from 'react';
import { WALLET_TEXT } from '../../core/errors/wallet-text.js';
import { BusyLabel } from '../components/BusyLabel.js';
import { PasswordInput } from '../components/wallet/PasswordInput.js';
import { useWallet } from '../components/wallet/use-wallet.js';
import { useWidget } from '../context.js';
import { Title } from '../Title.js';

const ERROR_ID = 'gatehouse-recovery-error';

/**
 * EMBEDDED_WALLET_RECOVERY_SCREEN ('Load your account', §4.6): the recovery password of a
 * 'user-passcode' wallet on a new device; a wrong one stays here with 'Invalid recovery password,
 * please try again.' (§8).
 */
export function EmbeddedWalletRecoveryScreen() {
  const { styles } = useWidget();
  const { ui, actions } = useWallet();
  const { busy, error } = ui.recovery;
  const [password, setPassword] = useState('');
  // Enter passes the field's value: it may be ahead of the last render.
  const submit = (value = password) => {
    if (busy || value === '') return;
    void actions.submitRecoveryPassword(value);
  };
  return (
    <>
      <Title>{WALLET_TEXT.recoveryTitle}</Title>
      <p className={styles.text}>{WALLET_TEXT.recoveryDetail}</p>
      <PasswordInput
        id="gatehouse-recovery-password"
        label={WALLET_TEXT.recoveryPasswordLabel}
        value={password}
        onChange={setPassword}
        onEnter={submit}
        invalid={error !== null}
        errorId={ERROR_ID}
        autoComplete="current-password"
        readOnly={busy}
        autoFocus
      />
      <p id={ERROR_ID} role="alert" className={styles.alert}>
        {error ?? ''}
      </p>
      <p role="status" className={styles.visuallyHidden}>
        {busy ? WALLET_TEXT.checkingPassword : ''}
      </p>
      <button
        type="button"
        className={styles.primary}
        disabled={busy || password === ''}
        onClick={() => submit()}
      >
        <BusyLabel busy={busy}>{WALLET_TEXT.continue}</BusyLabel>
      </button>
    </>
  );
}
