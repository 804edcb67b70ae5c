import { useState } from 'react';
import { passwordlessCodeMessage } from '../../core/errors/code-message.js';
import { clearError, resendCode, submitCode } from '../../core/login/passwordless.js';
import { CODE_TEXT } from '../../core/text/code.js';
import { UI_TEXT } from '../../core/text/ui.js';
import { CodeBoxes } from '../components/CodeBoxes.js';
import { PhoneNumber } from '../components/PhoneField.js';
import { useStore, useWidget } from '../context.js';
import { CheckIcon } from '../icons.js';
import { Title } from '../Title.js';

/** AWAITING_PASSWORDLESS_CODE: six numeric boxes, auto-submit, 'Resend code' (§2.2, §4.4). */
export function AwaitingPasswordlessCode() {
  const { ctx, styles } = useWidget();
  const flow = useStore(ctx.modal.$flow);
  const [sent, setSent] = useState(0);
  const locked = flow.busy || flow.success;
  const successText =
    flow.intent === 'link'
      ? UI_TEXT.linkSuccess
      : flow.intent === 'update'
        ? CODE_TEXT.updateSuccess
        : UI_TEXT.loginSuccess;
  const statusText = flow.success ? successText : flow.resent ? CODE_TEXT.codeResent : '';

  return (
    <>
      <Title>{CODE_TEXT.codeTitle}</Title>
      <p className={styles.text}>
        {flow.channel === 'sms' ? CODE_TEXT.codeSentToPhone : CODE_TEXT.codeSentTo}{' '}
        {/* An address or a number reads left to right, whole, in a right-to-left sentence too. */}
        <span className={styles.strong} dir="ltr">
          <SentTo />
        </span>
      </p>
      <CodeBoxes
        submit={(code) => submitCode(ctx, code)}
        onEdit={() => clearError(ctx)}
        locked={locked}
        error={flow.error ? passwordlessCodeMessage(flow.error) : ''}
        resetKey={sent || undefined}
      />
      {flow.success ? <CheckIcon className={styles.successIcon} /> : null}
      <p role="status" className={styles.status}>
        {statusText}
      </p>
      {flow.success ? null : (
        <p className={styles.text}>
          {CODE_TEXT.didNotGetCode}{' '}
          <button
            type="button"
            className={styles.link}
            // aria-disabled rather than disabled: a disabled button would drop the focus out of the dialog.
            aria-disabled={flow.busy ? 'true' : 'false'}
            onClick={() => {
              if (flow.busy) return;
              setSent((count) => count + 1);
              void resendCode(ctx);
            }}
          >
            {UI_TEXT.resendCode}
          </button>
        </p>
      )}
    </>
  );
}

/** Where the code went: the email address, or the phone number formatted for reading. */
function SentTo() {
  const { ctx } = useWidget();
  const flow = useStore(ctx.modal.$flow);
  return flow.channel === 'sms' ? <PhoneNumber value={flow.phoneNumber ?? ''} /> : (flow.email ?? null);
}
