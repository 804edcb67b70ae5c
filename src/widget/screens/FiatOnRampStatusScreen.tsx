import { fundingUi, leaveStatus } from '../../core/funding/flow.js';
import { FUNDING_TEXT as T } from '../../core/text/funding.js';
import { DetailRow } from '../components/wallet/Amount.js';
import { useStore, useWidget } from '../context.js';
import { useFieldStyles } from '../field-styles.js';
import { CheckIcon } from '../icons.js';
import { Title } from '../Title.js';
import { useWalletStyles } from '../wallet-styles.js';

/**
 * FIAT_ON_RAMP_STATUS_SCREEN ('Fund account', §2.2, §4.7, §8): the purchase's result title and
 * detail as its status changes, its amounts (in the send review's card of label/value rows), and
 * the way back ('Try again' after a failure).
 */
export function FiatOnRampStatusScreen() {
  const { ctx, styles } = useWidget();
  const f = useFieldStyles();
  const w = useWalletStyles();
  const ui = useStore(fundingUi(ctx));
  const result = ui.result;
  const rows: Array<[string, string | undefined]> = [
    [T.paid, ui.amounts.base],
    [T.received, ui.amounts.quote],
    [T.fees, ui.amounts.fees],
  ];
  return (
    <>
      {result?.kind === 'success' ? (
        <CheckIcon className={styles.successIcon} />
      ) : result?.kind === 'pending' ? (
        <span className={styles.spinner} aria-hidden="true" />
      ) : null}
      <Title>{result?.title ?? T.title}</Title>
      <p role="status" className={result?.kind === 'failure' ? styles.alert : styles.text}>
        {result?.detail ?? ''}
      </p>
      {rows.some(([, value]) => value) ? (
        <dl className={`${w.details} ${w.rows}`}>
          {rows.map(([label, value]) =>
            value ? (
              <DetailRow key={label} label={label}>
                {value}
              </DetailRow>
            ) : null,
          )}
        </dl>
      ) : null}
      <div className={f.choices}>
        {result?.kind === 'failure' ? (
          <button type="button" className={styles.secondary} onClick={() => void leaveStatus(ctx, true)}>
            {T.tryAgain}
          </button>
        ) : null}
        <button
          type="button"
          className={styles.primary}
          data-autofocus=""
          onClick={() => void leaveStatus(ctx)}
        >
          {ui.fromReview ? T.backToTransaction : T.done}
        </button>
      </div>
    </>
  );
}
