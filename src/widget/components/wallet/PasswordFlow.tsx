import { WALLET_TEXT } from '../../../core/text/wallet.js';
import type { WalletActions, WalletPasswordUi } from '../../../core/wallet/embedded/ui-state.js';
import { useWidget } from '../../context.js';
import { CheckIcon } from '../../icons.js';
import { Title } from '../../Title.js';
import { FocusOnChange } from './FocusOnChange.js';
import { ProviderSurface } from './ProviderSurface.js';

/**
 * The recovery password flow of §4.6: its steps — creating (the §5 rules, the strength meter, a
 * generated password), saving (copy, the recovery file), confirming, finalizing (the checkbox) —
 * are the provider-origin surface's, so the password is typed there and never in this page. Then
 * done ('Success' or 'Something went wrong', Close). A user-initiated flow may be cancelled in the
 * surface; an automatic one not.
 */
export function PasswordFlow(props: { ui: WalletPasswordUi; actions: WalletActions }) {
  return (
    <>
      <FocusOnChange on={props.ui.step} />
      {props.ui.step === 'done' ? <Done ui={props.ui} /> : <SetUp />}
    </>
  );
}

/** The surface heads each of its steps: the dialog keeps the name for screen readers. */
function SetUp() {
  return (
    <>
      <Title hidden>{WALLET_TEXT.creatingPasswordTitle}</Title>
      <ProviderSurface title={WALLET_TEXT.creatingPasswordTitle} />
    </>
  );
}

function Done({ ui }: { ui: WalletPasswordUi }) {
  const { ctx, styles } = useWidget();
  const failed = ui.error !== null;
  return (
    <>
      {failed ? null : <CheckIcon className={styles.successIcon} />}
      <Title>{failed ? WALLET_TEXT.doneFailedTitle : WALLET_TEXT.doneTitle}</Title>
      <p role={failed ? 'alert' : 'status'} className={failed ? styles.alert : styles.text}>
        {failed ? ui.error : WALLET_TEXT.doneDetail}
      </p>
      {ui.automatic ? null : (
        <button type="button" className={styles.primary} data-autofocus="" onClick={() => ctx.modal.close()}>
          {WALLET_TEXT.close}
        </button>
      )}
    </>
  );
}
