import * as CODES from '../../core/errors/codes.js';
import { errorScreenFor } from '../../core/errors/error-screen.js';
import { clientError } from '../../core/errors/gatehouse-error.js';
import { retry } from '../../core/modal/outage.js';
import { ERROR_SCREEN_TEXT } from '../../core/text/ui.js';
import { useStore, useWidget } from '../context.js';
import { Title } from '../Title.js';

/**
 * ERROR_SCREEN: title, detail and button from the error (§8); the button returns to the previous
 * screen or LANDING, or after an unreachable provider runs the failed step again (Retry).
 */
export function ErrorScreen() {
  const { ctx, styles } = useWidget();
  const { error } = useStore(ctx.modal.$flow);
  const content = errorScreenFor(error ?? clientError(CODES.unknown, ERROR_SCREEN_TEXT.somethingWentWrong));
  return (
    <>
      <Title>{content.title}</Title>
      <p className={styles.text}>{content.detail}</p>
      <button type="button" className={styles.primary} data-autofocus="" onClick={() => retry(ctx.modal)}>
        {content.cta}
      </button>
    </>
  );
}
