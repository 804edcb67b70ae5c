import { ERROR_SCREEN_TEXT } from '../../core/text/ui.js';
import { useWidget } from '../context.js';
import { Title } from '../Title.js';

/**
 * A flow's failure on its own screen (OAuth, Farcaster, passkey): the title, what went wrong (an
 * alert), and 'Try again' when trying again can help.
 */
export function Failed({
  title,
  detail,
  onRetry,
  retryText = ERROR_SCREEN_TEXT.tryAgain,
}: {
  title: string;
  detail: string;
  /** Null: nothing to try again (the modal's Close is the way out). */
  onRetry: (() => void) | null;
  retryText?: string;
}) {
  const { styles } = useWidget();
  return (
    <>
      <Title>{title}</Title>
      <p role="alert" className={styles.alert}>
        {detail}
      </p>
      {onRetry ? (
        <button type="button" className={styles.primary} data-autofocus="" onClick={onRetry}>
          {retryText}
        </button>
      ) : null}
    </>
  );
}
