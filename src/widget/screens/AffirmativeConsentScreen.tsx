import { answerConsent } from '../../core/login/consent.js';
import { CONSENT_TEXT } from '../../core/text/consent.js';
import { BusyLabel } from '../components/BusyLabel.js';
import { useStore, useWidget } from '../context.js';
import { useFieldStyles } from '../field-styles.js';
import { Title } from '../Title.js';

/**
 * AFFIRMATIVE_CONSENT_SCREEN (§2.2, §4.2): 'One last step', links to the terms and the privacy
 * policy, 'No thanks' (logs out) and 'Accept' (records the acceptance, then the login completes).
 */
export function AffirmativeConsentScreen() {
  const { ctx, styles } = useWidget();
  const f = useFieldStyles();
  const config = useStore(ctx.$config);
  const flow = useStore(ctx.modal.$flow);
  const link = (href: string, text: string) => (
    <a className={styles.link} href={href} target="_blank" rel="noopener noreferrer">
      {text}
    </a>
  );
  return (
    <>
      <Title>{CONSENT_TEXT.title}</Title>
      <p className={styles.text}>{CONSENT_TEXT.detail}</p>
      {config.termsUrl || config.privacyUrl ? (
        <p className={f.choices}>
          {config.termsUrl ? link(config.termsUrl, CONSENT_TEXT.viewTerms) : null}
          {config.privacyUrl ? link(config.privacyUrl, CONSENT_TEXT.viewPrivacyPolicy) : null}
        </p>
      ) : null}
      <p role="alert" className={styles.alert}>
        {flow.error ? CONSENT_TEXT.acceptFailed : ''}
      </p>
      <div className={f.choices}>
        <button
          type="button"
          className={styles.secondary}
          aria-disabled={flow.busy ? 'true' : 'false'}
          onClick={() => {
            if (!flow.busy) void answerConsent(ctx, false);
          }}
        >
          {CONSENT_TEXT.decline}
        </button>
        <button
          type="button"
          className={styles.primary}
          data-autofocus=""
          aria-disabled={flow.busy ? 'true' : 'false'}
          onClick={() => {
            if (!flow.busy) void answerConsent(ctx, true);
          }}
        >
          <BusyLabel busy={flow.busy}>{CONSENT_TEXT.accept}</BusyLabel>
        </button>
      </div>
    </>
  );
}
