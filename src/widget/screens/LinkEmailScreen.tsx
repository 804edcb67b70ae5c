import { submitDestination } from '../../core/loaders/passwordless.js';
import { LINK_TEXT } from '../../core/text/link.js';
import { EmailForm } from '../components/EmailForm.js';
import { useWidget } from '../context.js';
import { Title } from '../Title.js';

/** LINK_EMAIL_SCREEN (§2.2): the logged-in user enters an address; a code goes there, then the code screen links it. */
export function LinkEmailScreen() {
  const { ctx } = useWidget();
  return (
    <>
      <Title>{LINK_TEXT.linkEmailTitle}</Title>
      <EmailForm onSubmit={(email) => void submitDestination(ctx, 'email', email)} />
    </>
  );
}
