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
import { UI_TEXT } from '../../core/text/ui.js';
import { ERROR_CLEAR_DELAY_MS } from '../../protocol/constants.js';
import { useWidget } from '../context.js';

export interface CodeBoxesProps {
  /** Called with the six digits once all are filled: resolves true when the code was taken. */
  submit(code: string): Promise<boolean>;
  /** Typing again after a refusal (the alert goes away). */
  onEdit?(): void;
  /** No typing: a request is under way, or the code was taken. */
  locked: boolean;
  /** The refusal's text (§8), shown under the boxes until the user types. */
  error: string;
  /** Bumped to empty the boxes (a new code was sent). */
  resetKey?: unknown;
}

/** The boxes' state: what they hold, the input error, the auto-submit and the clearing after a refusal. */
function useCodeBoxes({ submit, onEdit, locked, resetKey }: CodeBoxesProps) {
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
  useEffect(() => {
    if (resetKey === undefined) return;
    clearTimeout(clearTimer.current);
    show(emptyCode());
    setInputError(null);
  }, [resetKey]);

  const send = async (code: string) => {
    if (await submit(code)) return;
    clearTimer.current = setTimeout(() => {
      show(emptyCode());
      focusBox(0);
    }, ERROR_CLEAR_DELAY_MS);
  };

  const apply = (entry: CodeEntry) => {
    setInputError(entry.error);
    if (entry.error) return;
    clearTimeout(clearTimer.current);
    onEdit?.();
    show(entry.boxes);
    focusBox(entry.focus);
    if (isCodeComplete(entry.boxes)) void send(codeOf(entry.boxes));
  };

  const onKeyDown = (index: number, event: { key: string; preventDefault(): void }) => {
    if (locked) return;
    if (event.key === 'Backspace' && current.current[index] === '') {
      event.preventDefault();
      apply(eraseBox(current.current, index));
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight' && index < current.current.length - 1) {
      event.preventDefault();
      focusBox(index + 1);
    }
  };
  return { boxes, inputError, current, inputs, apply, onKeyDown };
}

/**
 * Six numeric boxes (§2.2, §4.4, §5): typed or pasted digits spread over them, auto-submit when all
 * are filled, and after a refusal the boxes clear 1400 ms later (ERROR_CLEAR_DELAY_MS).
 */
export function CodeBoxes(props: CodeBoxesProps) {
  const { locked, error } = props;
  const { styles } = useWidget();
  const { boxes, inputError, current, inputs, apply, onKeyDown } = useCodeBoxes(props);
  const shown = inputError ?? error;
  return (
    <>
      {/* A code reads left to right in every language: the arrow keys move as its digits go. */}
      <div className={styles.boxes} dir="ltr">
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
            aria-invalid={shown ? 'true' : 'false'}
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
            onKeyDown={(event) => onKeyDown(index, event)}
          />
        ))}
      </div>
      <p role="alert" className={styles.alert}>
        {shown}
      </p>
    </>
  );
}
