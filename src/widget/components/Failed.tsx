import { ERROR_SCREEN_TEXT } from '../../core/text/ui.js';
import { useWidget } from '../context.js';
import { Title } from '../Title.js';

/**
 * A flow's failure on its own screen (OAuth, Farcaster, passkey): the title, what went wrong (an
 * alert), and 'Try again' when trying again can help, else the way out the screen gives.
 */
export function Failed({
  title,
  detail,
  onRetry,
  retryText = ERROR_SCREEN_TEXT.tryAgain,
  way,
}: {
  title: string;
  detail: string;
  /** Null: nothing to try again. */
  onRetry: (() => void) | null;
  retryText?: string;
  /** Without a retry: the button that leads on ('Try another method', 'Close'). */
  way?: { text: string; onClick: () => void };
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
      ) : way ? (
        <button type="button" className={styles.primary} data-autofocus="" onClick={way.onClick}>
          {way.text}
        </button>
      ) : null}
    </>
  );
}
