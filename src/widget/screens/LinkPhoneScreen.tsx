import { submitDestination } from '../../core/loaders/passwordless.js';
import { LINK_TEXT } from '../../core/text/link.js';
import { PhoneField } from '../components/PhoneField.js';
import { useWidget } from '../context.js';
import { Title } from '../Title.js';

/** LINK_PHONE_SCREEN (§2.2): the logged-in user enters a number; a code is texted there, then the code screen links it. */
export function LinkPhoneScreen() {
  const { ctx } = useWidget();
  return (
    <>
      <Title>{LINK_TEXT.linkPhoneTitle}</Title>
      <PhoneField onSubmit={(phone) => void submitDestination(ctx, 'sms', phone.qualifiedPhoneNumber)} />
    </>
  );
}
