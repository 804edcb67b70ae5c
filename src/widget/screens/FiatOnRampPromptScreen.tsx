import { continueAfterLink, fundingUi, openOnRamp } from '../../core/funding/flow.js';
import { FUNDING_TEXT as T } from '../../core/text/funding.js';
import { FIAT_ON_RAMP_PROVIDER_NAME } from '../../protocol/funding.js';
import { useStore, useWidget } from '../context.js';
import { Title } from '../Title.js';

/**
 * FIAT_ON_RAMP_PROMPT_SCREEN ('Fund account', §2.2, §4.7): what happens, and the button that opens
 * the provider's signed buy page in a popup from the click itself.
 */
export function FiatOnRampPromptScreen() {
  const { ctx, styles } = useWidget();
  const ui = useStore(fundingUi(ctx));
  const name = FIAT_ON_RAMP_PROVIDER_NAME;
  return (
    <>
      <Title>{T.title}</Title>
      <p className={styles.text}>{T.promptDetail(ui.symbol, name)}</p>
      <p role="alert" className={styles.alert}>
        {ui.error ?? ''}
      </p>
      {ui.popupBlocked && ui.signedUrl ? (
        <p className={styles.text}>
          {T.popupBlocked(name)}{' '}
          <a
            className={styles.link}
            href={ui.signedUrl}
            target="_blank"
            rel="noopener noreferrer"
            onClick={() => void continueAfterLink(ctx)}
          >
            {T.openWindow(name)}
          </a>
        </p>
      ) : null}
      <p role="status" className={styles.text}>
        {ui.signedUrl || ui.error ? '' : T.preparing}
      </p>
      <button
        type="button"
        className={styles.primary}
        data-autofocus=""
        aria-disabled={ui.signedUrl ? 'false' : 'true'}
        onClick={() => openOnRamp(ctx)}
      >
        {T.continueWith(name)}
      </button>
    </>
  );
}
