import { useEffect, useRef, useState } from 'react';
import {
  type CodeEntry,
  codeOf,
  emptyCode,
  enterIntoBox,
  eraseBox,
  isCodeComplete,
  pasteIntoBoxes,
} from '../../core/code-input.js';
import { passwordlessCodeMessage } from '../../core/errors/code-message.js';
import { UI_TEXT } from '../../core/errors/ui-text.js';
import { clearError, resendCode, submitCode } from '../../core/login/passwordless.js';
import { ERROR_CLEAR_DELAY_MS } from '../../protocol/constants.js';
import { useStore, useWidget } from '../context.js';
import { CheckIcon } from '../icons.js';
import { Title } from '../Title.js';

/** AWAITING_PASSWORDLESS_CODE: six numeric boxes, auto-submit, 'Resend code' (§2.2, §4.4). */
export function AwaitingPasswordlessCode() {
  const { ctx, styles } = useWidget();
  const flow = useStore(ctx.modal.$flow);
  const [boxes, setBoxes] = useState(emptyCode);
  const [inputError, setInputError] = useState<string | null>(null);
  // The boxes as of the last event, for events that arrive before the next render.
  const current = useRef(boxes);
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const clearTimer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(clearTimer.current), []);

  const focusBox = (index: number) => inputs.current[index]?.focus();

  const show = (next: string[]) => {
    current.current = next;
    setBoxes(next);
  };

  const submit = async (code: string) => {
    if (await submitCode(ctx, code)) return;
    // §4.4: on failure the boxes clear after ERROR_CLEAR_DELAY_MS; the message stays until the user types.
    clearTimer.current = setTimeout(() => {
      show(emptyCode());
      focusBox(0);
    }, ERROR_CLEAR_DELAY_MS);
  };

  const apply = (entry: CodeEntry) => {
    setInputError(entry.error);
    if (entry.error) return;
    clearTimeout(clearTimer.current);
    clearError(ctx);
    show(entry.boxes);
    focusBox(entry.focus);
    if (isCodeComplete(entry.boxes)) void submit(codeOf(entry.boxes));
  };

  const locked = flow.busy || flow.success;
  const errorText = inputError ?? (flow.error ? passwordlessCodeMessage(flow.error) : '');
  const successText =
    flow.intent === 'link'
      ? UI_TEXT.linkSuccess
      : flow.intent === 'update'
        ? UI_TEXT.updateSuccess
        : UI_TEXT.loginSuccess;
  const statusText = flow.success ? successText : flow.resent ? UI_TEXT.codeResent : '';

  return (
    <>
      <Title>{UI_TEXT.codeTitle}</Title>
      <p className={styles.text}>
        {flow.channel === 'sms' ? UI_TEXT.codeSentToPhone : UI_TEXT.codeSentTo}{' '}
        <span className={styles.strong}>{flow.channel === 'sms' ? flow.phoneNumber : flow.email}</span>
      </p>
      <div className={styles.boxes}>
        {boxes.map((digit, index) => (
          <input
            key={index}
            ref={(element) => {
              inputs.current[index] = element;
            }}
            className={styles.box}
            type="text"
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            aria-label={UI_TEXT.digit(index + 1)}
            aria-invalid={errorText ? 'true' : 'false'}
            data-autofocus={index === 0 ? '' : undefined}
            readOnly={locked}
            value={digit}
            onFocus={(event) => event.currentTarget.select()}
            onInput={(event) => {
              const input = event.currentTarget;
              const entry = enterIntoBox(current.current, index, input.value);
              // The DOM keeps what was typed until the next render: put back what the box really holds.
              input.value = entry.boxes[index] ?? '';
              apply(entry);
            }}
            onPaste={(event) => {
              event.preventDefault();
              if (!locked)
                apply(pasteIntoBoxes(current.current, index, event.clipboardData?.getData('text') ?? ''));
            }}
            onKeyDown={(event) => {
              if (locked) return;
              if (event.key === 'Backspace' && current.current[index] === '') {
                event.preventDefault();
                apply(eraseBox(current.current, index));
              } else if (event.key === 'ArrowLeft' && index > 0) {
                event.preventDefault();
                focusBox(index - 1);
              } else if (event.key === 'ArrowRight' && index < boxes.length - 1) {
                event.preventDefault();
                focusBox(index + 1);
              }
            }}
          />
        ))}
      </div>
      <p role="alert" className={styles.alert}>
        {errorText}
      </p>
      {flow.success ? <CheckIcon className={styles.successIcon} /> : null}
      <p role="status" className={styles.status}>
        {statusText}
      </p>
      {flow.success ? null : (
        <p className={styles.text}>
          {UI_TEXT.didNotGetCode}{' '}
          <button
            type="button"
            className={styles.link}
            // aria-disabled rather than disabled: a disabled button would drop the focus out of the dialog.
            aria-disabled={flow.busy ? 'true' : 'false'}
            onClick={() => {
              if (flow.busy) return;
              clearTimeout(clearTimer.current);
              show(emptyCode());
              setInputError(null);
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
