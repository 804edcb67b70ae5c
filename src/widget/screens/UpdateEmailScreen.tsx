import { submitDestination } from '../../core/loaders/passwordless.js';
import { LINK_TEXT } from '../../core/text/link.js';
import { EmailForm } from '../components/EmailForm.js';
import { useStore, useWidget } from '../context.js';
import { Title } from '../Title.js';

/** UPDATE_EMAIL_SCREEN (§2.2, §5): the user's email moves to a new address once a code sent there is entered. */
export function UpdateEmailScreen() {
  const { ctx, styles } = useWidget();
  const user = useStore(ctx.stores.$user);
  return (
    <>
      <Title>{LINK_TEXT.updateEmailTitle}</Title>
      {user?.email ? (
        <p className={styles.text}>
          {LINK_TEXT.updateEmailCurrent}{' '}
          <span className={styles.strong} dir="ltr">
            {user.email.address}
          </span>
        </p>
      ) : null}
      <EmailForm onSubmit={(email) => void submitDestination(ctx, 'email', email)} />
    </>
  );
}
