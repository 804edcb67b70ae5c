import { useEffect, useState } from 'react';
import { PASSWORD_TEXT } from '../../../core/errors/wallet-messages.js';
import { WALLET_TEXT } from '../../../core/errors/wallet-text.js';
import type { WalletActions, WalletPasswordUi } from '../../../core/wallet/embedded/ui-state.js';
import {
  canSubmitPassword,
  passwordConfirmationError,
  validatePassword,
} from '../../../core/wallet/password.js';
import { useStore, useWidget } from '../../context.js';
import { CheckIcon } from '../../icons.js';
import { Title } from '../../Title.js';
import { useWalletStyles } from '../../wallet-styles.js';
import { CopyButton } from './CopyButton.js';
import { DownloadButton } from './DownloadButton.js';
import { FocusOnChange } from './FocusOnChange.js';
import { PasswordInput } from './PasswordInput.js';
import { StrengthMeter } from './StrengthMeter.js';

const ERROR_ID = 'gatehouse-password-error';

/**
 * The recovery password flow of §4.6, one step at a time: creating (field, §5 rules, strength
 * meter, or a generated password), saving (copy, download the recovery file), confirming ('Passwords
 * do not match'), finalizing (the checkbox, then the submit runs) and done ('Success' or 'Something
 * went wrong', Close). Back goes one step back; a user-initiated flow has Cancel, an automatic one not.
 */
export function PasswordFlow(props: { ui: WalletPasswordUi; actions: WalletActions }) {
  return (
    <>
      <FocusOnChange on={props.ui.step} />
      <PasswordStep {...props} />
    </>
  );
}

function PasswordStep({ ui, actions }: { ui: WalletPasswordUi; actions: WalletActions }) {
  const { ctx, styles } = useWidget();
  const w = useWalletStyles();
  const config = useStore(ctx.$config);
  const [confirmation, setConfirmation] = useState('');
  const [acknowledged, setAcknowledged] = useState(false);
  // A new password (typed again or generated) needs confirming again.
  useEffect(() => setConfirmation(''), [ui.password]);

  const validation = validatePassword(ui.password);
  const mismatch = passwordConfirmationError(ui.password, confirmation);
  const busy = ui.busy;

  const next = () => {
    if (busy) return;
    if (ui.step === 'creating' && !validation.valid) return;
    if (ui.step === 'confirming' && confirmation !== ui.password) return;
    if (ui.step === 'finalizing' && !canSubmitPassword(ui.password, confirmation, acknowledged)) return;
    void actions.walletPasswordNext();
  };

  const canGoOn =
    ui.step === 'creating'
      ? validation.valid
      : ui.step === 'confirming'
        ? confirmation === ui.password
        : ui.step === 'finalizing'
          ? canSubmitPassword(ui.password, confirmation, acknowledged) && !busy
          : true;

  const backButton =
    ui.step === 'saving' || ui.step === 'confirming' || ui.step === 'finalizing' ? (
      <button
        type="button"
        className={styles.secondary}
        aria-disabled={busy ? 'true' : 'false'}
        onClick={() => {
          if (!busy) actions.walletPasswordBack();
        }}
      >
        {WALLET_TEXT.back}
      </button>
    ) : !ui.automatic ? (
      <button type="button" className={styles.secondary} onClick={() => actions.cancelWalletPassword()}>
        {WALLET_TEXT.cancel}
      </button>
    ) : null;

  const primary = (text: string) => (
    <button
      type="button"
      className={styles.primary}
      disabled={!canGoOn}
      data-autofocus={ui.step === 'saving' || ui.step === 'finalizing' ? '' : undefined}
      onClick={next}
    >
      {text}
    </button>
  );

  if (ui.step === 'done') {
    return (
      <>
        {ui.error ? null : <CheckIcon className={styles.successIcon} />}
        <Title>{ui.error ? WALLET_TEXT.doneFailedTitle : WALLET_TEXT.doneTitle}</Title>
        {ui.error ? (
          <p role="alert" className={styles.alert}>
            {ui.error}
          </p>
        ) : (
          <p role="status" className={styles.text}>
            {WALLET_TEXT.doneDetail}
          </p>
        )}
        <button type="button" className={styles.primary} data-autofocus="" onClick={() => ctx.modal.close()}>
          {WALLET_TEXT.close}
        </button>
      </>
    );
  }

  if (ui.step === 'creating') {
    return (
      <>
        <Title>{WALLET_TEXT.creatingPasswordTitle}</Title>
        <p className={styles.text}>{WALLET_TEXT.creatingPasswordDetail}</p>
        <PasswordInput
          id="gatehouse-wallet-password"
          label={WALLET_TEXT.passwordLabel}
          value={ui.password}
          onChange={(value) => actions.setWalletPasswordDraft(value)}
          onEnter={() => next()}
          invalid={validation.error !== null}
          errorId={ERROR_ID}
          autoComplete="new-password"
          reveal={ui.generated}
          autoFocus
        />
        <StrengthMeter password={ui.password} />
        <p id={ERROR_ID} role="alert" className={styles.alert}>
          {validation.error ?? ''}
        </p>
        <button type="button" className={styles.link} onClick={() => actions.generateWalletPassword()}>
          {WALLET_TEXT.generatePassword}
        </button>
        <div className={styles.choices}>
          {backButton}
          {primary(WALLET_TEXT.continue)}
        </div>
      </>
    );
  }

  if (ui.step === 'saving') {
    return (
      <>
        <Title>{WALLET_TEXT.savingTitle}</Title>
        <p className={styles.text}>{WALLET_TEXT.savingDetail}</p>
        <div className={w.field}>
          <span className={w.fieldLabel}>{WALLET_TEXT.yourPassword}</span>
          <div className={w.fieldRow}>
            <span className={w.secret}>{ui.password}</span>
            <CopyButton text={ui.password} />
          </div>
        </div>
        <DownloadButton
          fileName={ui.fileName}
          content={WALLET_TEXT.recoveryFileContent(ui.password, config.appName)}
        >
          {`${WALLET_TEXT.download} ${ui.fileName}`}
        </DownloadButton>
        <div className={styles.choices}>
          {backButton}
          {primary(WALLET_TEXT.continue)}
        </div>
      </>
    );
  }

  if (ui.step === 'confirming') {
    return (
      <>
        <Title>{WALLET_TEXT.confirmingTitle}</Title>
        <p className={styles.text}>{WALLET_TEXT.confirmingDetail}</p>
        <PasswordInput
          id="gatehouse-wallet-password-confirm"
          label={WALLET_TEXT.confirmPasswordLabel}
          value={confirmation}
          onChange={setConfirmation}
          onEnter={() => next()}
          invalid={mismatch !== null}
          errorId={ERROR_ID}
          autoComplete="new-password"
          autoFocus
        />
        <p id={ERROR_ID} role="alert" className={styles.alert}>
          {mismatch ?? ''}
        </p>
        <div className={styles.choices}>
          {backButton}
          {primary(WALLET_TEXT.continue)}
        </div>
      </>
    );
  }

  // finalizing
  return (
    <>
      <Title>{WALLET_TEXT.finalizingTitle}</Title>
      <p className={styles.text}>{WALLET_TEXT.finalizingDetail}</p>
      <label className={w.checkbox} htmlFor="gatehouse-password-acknowledgement">
        <input
          id="gatehouse-password-acknowledgement"
          type="checkbox"
          checked={acknowledged}
          disabled={busy}
          onChange={(event) => setAcknowledged(event.currentTarget.checked)}
        />
        <span>{PASSWORD_TEXT.acknowledgement}</span>
      </label>
      <p role="status" className={styles.text} aria-live="polite">
        {busy ? WALLET_TEXT.securing : ''}
      </p>
      <div className={styles.choices}>
        {backButton}
        {primary(WALLET_TEXT.setPassword)}
      </div>
    </>
  );
}
