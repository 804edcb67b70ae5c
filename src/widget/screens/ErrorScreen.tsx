import { errorScreenFor } from '../../core/errors/error-screen.js';
import { CLIENT_ERROR_CODES, clientError } from '../../core/errors/gatehouse-error.js';
import { ERROR_SCREEN_TEXT } from '../../core/errors/messages.js';
import { useStore, useWidget } from '../context.js';
import { Title } from '../Title.js';

/** ERROR_SCREEN: title, detail and button from the error (§8); the button returns to the previous screen or LANDING. */
export function ErrorScreen() {
  const { gatehouse, styles } = useWidget();
  const { error } = useStore(gatehouse.modal.$flow);
  const content = errorScreenFor(
    error ?? clientError(CLIENT_ERROR_CODES.unknown, ERROR_SCREEN_TEXT.somethingWentWrong),
  );
  return (
    <>
      <Title>{content.title}</Title>
      <p className={styles.text}>{content.detail}</p>
      <button
        type="button"
        className={styles.primary}
        data-autofocus=""
        onClick={() => gatehouse.modal.back()}
      >
        {content.cta}
      </button>
    </>
  );
}
