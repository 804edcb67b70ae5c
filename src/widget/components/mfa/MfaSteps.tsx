import { MFA_UI_TEXT as T } from '../../../core/errors/mfa-ui-text.js';
import { answerMfa } from '../../../core/mfa/index.js';
import type { MfaUi } from '../../../core/mfa/state.js';
import { useStore, useWidget } from '../../context.js';
import { Title } from '../../Title.js';
import { CodeBoxes } from '../CodeBoxes.js';
import { QrCode } from '../external-wallet/QrCode.js';
import { PhoneField, PhoneNumber } from '../PhoneField.js';
import { CopyButton } from '../wallet/CopyButton.js';

/** 'Verify your identity': the method picker when both are enrolled, then the code (§4.8). */
export function MfaVerifyStep({ ui }: { ui: MfaUi }) {
  const { ctx, styles } = useWidget();
  const user = useStore(ctx.stores.$user);
  const methods = user?.mfaMethods ?? [];
  // A taken code moves the flow on (this step goes away); a refused one clears after 1400 ms.
  const submit = async (code: string) => {
    await answerMfa(ctx, { kind: 'code', code, method: ui.method ?? undefined });
    return false;
  };
  return (
    <>
      <Title>{T.verifyTitle}</Title>
      {ui.method === null ? (
        <>
          <p className={styles.text}>{T.chooseMethod}</p>
          <div className={styles.methods}>
            {methods.map((method) => (
              <button
                key={method}
                type="button"
                className={styles.method}
                onClick={() => void answerMfa(ctx, { kind: 'method', method })}
              >
                {method === 'totp' ? T.authenticator : T.sms}
              </button>
            ))}
          </div>
        </>
      ) : (
        <>
          <p className={styles.text}>{ui.method === 'sms' ? T.verifyWithSms : T.verifyWithAuthenticator}</p>
          <CodeBoxes submit={submit} locked={ui.busy} error={ui.error ?? ''} />
          <p role="status" className={styles.status}>
            {ui.busy ? T.verifying : ui.codeSent ? T.codeSent : ''}
          </p>
          {ui.method === 'sms' ? (
            <button
              type="button"
              className={styles.link}
              onClick={() => void answerMfa(ctx, { kind: 'send', method: 'sms' })}
            >
              {T.resendCode}
            </button>
          ) : null}
        </>
      )}
    </>
  );
}

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

/** Authenticator enrolment, first step: the QR code of the `otpauth://` URI and the setup key. */
export function MfaQrStep({ ui }: { ui: MfaUi }) {
  const { styles } = useWidget();
  return (
    <>
      <Title>{T.totpQrTitle}</Title>
      <p className={styles.text}>{T.totpQrDetail}</p>
      {ui.authUrl ? <QrCode value={ui.authUrl} label={T.qrLabel} /> : null}
      <p className={styles.text}>
        {T.secretLabel}: <code className={styles.strong}>{ui.secret}</code>
      </p>
      {ui.secret ? <CopyButton text={ui.secret} label={T.copySecret} /> : null}
      <MfaContinue label={T.continue} />
    </>
  );
}

/** The code that confirms a new method (from the SMS, or the authenticator app). */
export function MfaCodeStep({ ui }: { ui: MfaUi }) {
  const { ctx, styles } = useWidget();
  const submit = async (code: string) => {
    await answerMfa(ctx, { kind: 'code', code });
    return false;
  };
  const sms = ui.step === 'sms-code';
  return (
    <>
      <Title>{sms ? T.smsCodeTitle : T.totpCodeTitle}</Title>
      <p className={styles.text}>
        {sms ? (
          <>
            {T.smsCodeDetail}{' '}
            <span className={styles.strong}>
              <PhoneNumber value={ui.phoneNumber ?? ''} />
            </span>
          </>
        ) : (
          T.totpCodeDetail
        )}
      </p>
      <CodeBoxes submit={submit} locked={ui.busy} error={ui.error ?? ''} />
      <button type="button" className={styles.link} onClick={() => void answerMfa(ctx, { kind: 'back' })}>
        {T.back}
      </button>
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
