import { useEffect, useRef, useState } from 'react';
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
import { useThemedStyles } from '../../themed-styles.js';
import { useWalletStyles } from '../../wallet-styles.js';
import { BusyLabel } from '../BusyLabel.js';
import { CopyButton } from './CopyButton.js';
import { createCheckboxStyle } from './checkbox-style.js';
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

interface StepProps {
  ui: WalletPasswordUi;
  actions: WalletActions;
  confirmation: string;
  setConfirmation: (value: string) => void;
  acknowledged: boolean;
  setAcknowledged: (value: boolean) => void;
  /** The step's main button: on to the next step when this one is complete. */
  next: () => void;
  canGoOn: boolean;
}

function PasswordStep({ ui, actions }: { ui: WalletPasswordUi; actions: WalletActions }) {
  const [confirmation, setConfirmation] = useState('');
  const [acknowledged, setAcknowledged] = useState(false);
  // A new password (typed again or generated) needs confirming again; not on mount, when the
  // effect would come after the first keys typed into the confirmation and wipe them.
  const confirmedFor = useRef(ui.password);
  useEffect(() => {
    if (confirmedFor.current === ui.password) return;
    confirmedFor.current = ui.password;
    setConfirmation('');
  }, [ui.password]);
  const canGoOn = stepComplete(ui, confirmation, acknowledged);
  const next = () => {
    if (canGoOn && !ui.busy) void actions.walletPasswordNext();
  };
  const props = { ui, actions, confirmation, setConfirmation, acknowledged, setAcknowledged, next, canGoOn };
  switch (ui.step) {
    case 'done':
      return <DoneStep ui={ui} />;
    case 'creating':
      return <CreatingStep {...props} />;
    case 'saving':
      return <SavingStep {...props} />;
    case 'confirming':
      return <ConfirmingStep {...props} />;
    case 'finalizing':
      return <FinalizingStep {...props} />;
  }
}

function stepComplete(ui: WalletPasswordUi, confirmation: string, acknowledged: boolean): boolean {
  switch (ui.step) {
    case 'creating':
      return validatePassword(ui.password).valid;
    case 'confirming':
      return confirmation === ui.password;
    case 'finalizing':
      return canSubmitPassword(ui.password, confirmation, acknowledged) && !ui.busy;
    case 'saving':
    case 'done':
      return true;
  }
}

/** Back (one step back) once past the first step; Cancel on the first step of a flow the user started. */
function StepButtons({ ui, actions, next, canGoOn, label }: StepProps & { label: string }) {
  const { styles } = useWidget();
  const first = ui.step === 'creating';
  return (
    <div className={styles.choices}>
      {!first ? (
        <button
          type="button"
          className={styles.secondary}
          aria-disabled={ui.busy ? 'true' : 'false'}
          onClick={() => {
            if (!ui.busy) actions.walletPasswordBack();
          }}
        >
          {WALLET_TEXT.back}
        </button>
      ) : !ui.automatic ? (
        <button type="button" className={styles.secondary} onClick={() => actions.cancelWalletPassword()}>
          {WALLET_TEXT.cancel}
        </button>
      ) : null}
      <button
        type="button"
        className={styles.primary}
        disabled={!canGoOn}
        data-autofocus={ui.step === 'saving' || ui.step === 'finalizing' ? '' : undefined}
        onClick={next}
      >
        <BusyLabel busy={ui.busy}>{label}</BusyLabel>
      </button>
    </div>
  );
}

function DoneStep({ ui }: { ui: WalletPasswordUi }) {
  const { ctx, styles } = useWidget();
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

function CreatingStep(props: StepProps) {
  const { ui, actions, next } = props;
  const { styles } = useWidget();
  const validation = validatePassword(ui.password);
  return (
    <>
      <Title>{WALLET_TEXT.creatingPasswordTitle}</Title>
      <p className={styles.text}>{WALLET_TEXT.creatingPasswordDetail}</p>
      <PasswordInput
        id="gatehouse-wallet-password"
        label={WALLET_TEXT.passwordLabel}
        value={ui.password}
        onChange={(value) => actions.setWalletPasswordDraft(value)}
        onEnter={next}
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
      <StepButtons {...props} label={WALLET_TEXT.continue} />
    </>
  );
}

function SavingStep(props: StepProps) {
  const { ui } = props;
  const { ctx, styles } = useWidget();
  const w = useWalletStyles();
  const config = useStore(ctx.$config);
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
      <StepButtons {...props} label={WALLET_TEXT.continue} />
    </>
  );
}

function ConfirmingStep(props: StepProps) {
  const { ui, confirmation, setConfirmation, next } = props;
  const { styles } = useWidget();
  const mismatch = passwordConfirmationError(ui.password, confirmation);
  return (
    <>
      <Title>{WALLET_TEXT.confirmingTitle}</Title>
      <p className={styles.text}>{WALLET_TEXT.confirmingDetail}</p>
      <PasswordInput
        id="gatehouse-wallet-password-confirm"
        label={WALLET_TEXT.confirmPasswordLabel}
        value={confirmation}
        onChange={setConfirmation}
        onEnter={next}
        invalid={mismatch !== null}
        errorId={ERROR_ID}
        autoComplete="new-password"
        autoFocus
      />
      <p id={ERROR_ID} role="alert" className={styles.alert}>
        {mismatch ?? ''}
      </p>
      <StepButtons {...props} label={WALLET_TEXT.continue} />
    </>
  );
}

function FinalizingStep(props: StepProps) {
  const { ui, acknowledged, setAcknowledged } = props;
  const { styles } = useWidget();
  const checkbox = useThemedStyles(createCheckboxStyle);
  return (
    <>
      <Title>{WALLET_TEXT.finalizingTitle}</Title>
      <p className={styles.text}>{WALLET_TEXT.finalizingDetail}</p>
      <label className={checkbox} htmlFor="gatehouse-password-acknowledgement">
        <input
          id="gatehouse-password-acknowledgement"
          type="checkbox"
          checked={acknowledged}
          disabled={ui.busy}
          onChange={(event) => setAcknowledged(event.currentTarget.checked)}
        />
        <span>{PASSWORD_TEXT.acknowledgement}</span>
      </label>
      <p role="status" className={styles.visuallyHidden} aria-live="polite">
        {ui.busy ? WALLET_TEXT.securing : ''}
      </p>
      <StepButtons {...props} label={WALLET_TEXT.setPassword} />
    </>
  );
}
