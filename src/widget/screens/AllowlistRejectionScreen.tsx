import { tryAnotherAccount } from '../../core/login/refused.js';
import { ALLOWLIST_TEXT } from '../../core/text/allowlist.js';
import { useStore, useWidget } from '../context.js';
import { Title } from '../Title.js';

/**
 * ALLOWLIST_REJECTION_SCREEN (§2.2, §6): the app's (or host's) title, detail and button, or the
 * defaults; the button opens the configured link, or goes back to LANDING to try another account.
 */
export function AllowlistRejectionScreen() {
  const { ctx, styles } = useWidget();
  const { allowlist } = useStore(ctx.$config);
  const cta = allowlist.ctaText ?? ALLOWLIST_TEXT.cta;
  return (
    <>
      <Title>{allowlist.title ?? ALLOWLIST_TEXT.title}</Title>
      <p className={styles.text}>{allowlist.detail ?? ALLOWLIST_TEXT.detail}</p>
      {allowlist.ctaLink ? (
        <a
          className={styles.primary}
          href={allowlist.ctaLink}
          target="_blank"
          rel="noopener noreferrer"
          data-autofocus=""
        >
          {cta}
        </a>
      ) : (
        <button
          type="button"
          className={styles.primary}
          data-autofocus=""
          onClick={() => tryAnotherAccount(ctx)}
        >
          {cta}
        </button>
      )}
    </>
  );
}
