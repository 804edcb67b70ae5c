import { answerMfa } from '../../../core/mfa/index.js';
import type { MfaUi } from '../../../core/mfa/state.js';
import { MFA_UI_TEXT as T } from '../../../core/text/mfa.js';
import { walletUi } from '../../../core/wallet/embedded/index.js';
import type { MfaMethod } from '../../../protocol/mfa.js';
import { useStore, useWidget } from '../../context.js';
import { Title } from '../../Title.js';
import { PhoneField } from '../PhoneField.js';
import { ProviderSurface } from '../wallet/ProviderSurface.js';

/** SMS enrolment, first step: the phone number (the login's phone field). */
export function MfaPhoneStep({ ui }: { ui: MfaUi }) {
  const { ctx, styles } = useWidget();
  return (
    <>
      <Title>{T.smsPhoneTitle}</Title>
      <p className={styles.text}>{T.smsPhoneDetail}</p>
      <PhoneField
        onSubmit={(phone) => void answerMfa(ctx, { kind: 'phone', phoneNumber: phone.qualifiedPhoneNumber })}
      />
      <p role="alert" className={styles.alert}>
        {ui.error ?? ''}
      </p>
      <button type="button" className={styles.link} onClick={() => void answerMfa(ctx, { kind: 'back' })}>
        {T.back}
      </button>
    </>
  );
}

// Read at each render, not kept: setLocale changes the texts under a loaded screen.
const stepTitles = (): Record<MfaMethod, string> => ({
  sms: T.smsCodeTitle,
  totp: T.totpQrTitle,
  // The passkey's own view heads the surface ('Verify with your passkey', 'Add a passkey').
  passkey: T.verifyTitle,
});

/**
 * The provider-origin surface on this screen: 'Verify your identity' when the provider asks first
 * (a method enrolled already, a wallet's step-up), the authenticator's QR code and setup key, the
 * code of the new method — all inside the surface, never on this page.
 */
export function MfaSurfaceStep({ ui }: { ui: MfaUi }) {
  const { ctx } = useWidget();
  const wallet = useStore(walletUi(ctx));
  const verifying = wallet.surface?.kind === 'verify';
  const title = verifying ? T.verifyTitle : ui.method ? stepTitles()[ui.method] : T.totpQrTitle;
  return (
    <>
      {/* The surface heads its step: the dialog keeps the name for screen readers. */}
      <Title hidden>{title}</Title>
      <ProviderSurface title={title} />
    </>
  );
}

/** The step's main button: on to the flow's next step ('Continue', or 'Done' at the end). */
export function MfaContinue({ label }: { label: string }) {
  const { ctx, styles } = useWidget();
  return (
    <button
      type="button"
      className={styles.primary}
      data-autofocus=""
      onClick={() => void answerMfa(ctx, { kind: 'continue' })}
    >
      {label}
    </button>
  );
}
