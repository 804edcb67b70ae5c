import { useEffect, useState } from 'react';
import { WALLET_TEXT } from '../../../core/errors/wallet-text.js';
import { useWalletStyles } from '../../wallet-styles.js';

export interface PasswordInputProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Enter in the field (the screen's main action). */
  onEnter?: (value: string) => void;
  /** Id of the element that says what is wrong, when something is. */
  errorId?: string;
  invalid?: boolean;
  autoComplete: 'new-password' | 'current-password';
  autoFocus?: boolean;
  readOnly?: boolean;
  /** Shows the value (a generated password the user has not seen yet); the user may hide it again. */
  reveal?: boolean;
}

/** A password field with its label and a show/hide button (aria-pressed) inside its border. */
export function PasswordInput(props: PasswordInputProps) {
  const w = useWalletStyles();
  const [shown, setShown] = useState(props.reveal ?? false);
  useEffect(() => {
    if (props.reveal) setShown(true);
  }, [props.reveal]);
  return (
    <div className={w.field}>
      <label className={w.fieldLabel} htmlFor={props.id}>
        {props.label}
      </label>
      <div className={w.fieldRow} data-invalid={props.invalid ? 'true' : 'false'}>
        <input
          id={props.id}
          className={w.fieldInput}
          type={shown ? 'text' : 'password'}
          autoComplete={props.autoComplete}
          autoCapitalize="off"
          spellcheck={false}
          value={props.value}
          readOnly={props.readOnly}
          aria-invalid={props.invalid ? 'true' : 'false'}
          aria-describedby={props.errorId}
          data-autofocus={props.autoFocus ? '' : undefined}
          onInput={(event) => props.onChange(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && props.onEnter) {
              event.preventDefault();
              props.onEnter(event.currentTarget.value);
            }
          }}
        />
        <button
          type="button"
          className={w.smallButton}
          aria-pressed={shown ? 'true' : 'false'}
          aria-label={shown ? WALLET_TEXT.hidePassword : WALLET_TEXT.showPassword}
          onClick={() => setShown(!shown)}
        >
          {shown ? WALLET_TEXT.hide : WALLET_TEXT.show}
        </button>
      </div>
    </div>
  );
}
