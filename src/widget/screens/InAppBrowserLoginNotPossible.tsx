import { OAUTH_MESSAGES } from '../../core/errors/oauth-messages.js';
import { OAUTH_UI_TEXT } from '../../core/text/oauth.js';
import { UI_TEXT } from '../../core/text/ui.js';
import { useWidget } from '../context.js';
import { Title } from '../Title.js';

/** IN_APP_BROWSER_LOGIN_NOT_POSSIBLE (§5, §8): Google login refused inside an in-app browser. */
export function InAppBrowserLoginNotPossible() {
  const { ctx, styles } = useWidget();
  return (
    <>
      <Title>{OAUTH_UI_TEXT.inAppBrowserTitle}</Title>
      <p className={styles.text} role="alert">
        {OAUTH_MESSAGES.inAppBrowser}
      </p>
      <button type="button" className={styles.primary} data-autofocus="" onClick={() => ctx.modal.back()}>
        {UI_TEXT.back}
      </button>
    </>
  );
}
