import { useState } from 'react';
import { showsLegalFooter } from '../../core/config.js';
import { UI_TEXT } from '../../core/errors/messages.js';
import { isValidEmail } from '../../protocol/validation.js';
import { useStore, useWidget } from '../context.js';
import { Title } from '../Title.js';

/** LANDING: 'Log in or sign up' with the email field (§2.3, §5). */
export function Landing() {
  const { gatehouse, styles } = useWidget();
  const config = useStore(gatehouse.$config);
  const flow = useStore(gatehouse.modal.$flow);
  const [email, setEmail] = useState(flow.email ?? '');
  const canSubmit = isValidEmail(email.trim()) && !flow.busy;
  const submit = () => {
    if (canSubmit) void gatehouse.submitEmail(email);
  };

  return (
    <>
      {config.logoUrl ? (
        <img className={styles.logo} src={config.logoUrl} alt={UI_TEXT.appLogo(config.appName)} />
      ) : null}
      <Title>{UI_TEXT.loginTitle}</Title>
      <div className={styles.emailRow}>
        <label htmlFor="gatehouse-email" className={styles.visuallyHidden}>
          {UI_TEXT.emailLabel}
        </label>
        <input
          id="gatehouse-email"
          className={styles.emailInput}
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder={UI_TEXT.emailPlaceholder}
          value={email}
          data-autofocus=""
          onInput={(event) => setEmail(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              submit();
            }
          }}
        />
        <button type="button" className={styles.submit} disabled={!canSubmit} onClick={submit}>
          {UI_TEXT.submit}
        </button>
      </div>
      {showsLegalFooter(config) ? <LegalFooter terms={config.termsUrl} privacy={config.privacyUrl} /> : null}
    </>
  );
}

/** §2.3: one sentence, with 'Terms' and 'Privacy Policy' links when both exist. */
function LegalFooter({ terms, privacy }: { terms: string | null; privacy: string | null }) {
  const { styles } = useWidget();
  const link = (href: string, text: string) => (
    <a className={styles.link} href={href} target="_blank" rel="noopener noreferrer">
      {text}
    </a>
  );
  return (
    <p className={styles.footer}>
      {terms && privacy ? (
        <>
          {UI_TEXT.termsFooterStart} {link(terms, UI_TEXT.terms)} {UI_TEXT.and}{' '}
          {link(privacy, UI_TEXT.privacyPolicy)}
        </>
      ) : terms ? (
        link(terms, UI_TEXT.termsFooter)
      ) : (
        <>
          {UI_TEXT.termsFooterStart} {link(privacy ?? '', UI_TEXT.privacyPolicy)}
        </>
      )}
    </p>
  );
}
