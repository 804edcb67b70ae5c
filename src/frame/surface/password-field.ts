/**
 * A password field with its label and a Show/Hide button inside its border (aria-pressed), as the
 * widget's PasswordInput draws it. What is typed stays in the field and the view's memory only.
 */
import { WALLET_TEXT } from '../../core/text/wallet.js';
import { el, uniqueId } from './dom.js';

export interface PasswordField {
  node: HTMLElement;
  input: HTMLInputElement;
  /** Shows the value as text (a generated password), or hides it again. */
  reveal(shown: boolean): void;
  /** Says what is wrong under the field (an empty text: nothing). */
  invalid(message: string): void;
}

export function passwordField(
  label: string,
  autocomplete: 'new-password' | 'current-password',
): PasswordField {
  const id = uniqueId('password');
  const errorId = uniqueId('password-error');
  const input = el('input', {
    id,
    type: 'password',
    class: 'field-input',
    autocomplete,
    autocapitalize: 'off',
    spellcheck: 'false',
    'aria-describedby': errorId,
    'aria-invalid': 'false',
  });
  const toggle = el('button', { type: 'button', class: 'btn small', 'aria-pressed': 'false' });
  const error = el('p', { id: errorId, role: 'alert', class: 'alert' });
  const row = el('div', { class: 'field-row' }, [input, toggle]);
  const reveal = (shown: boolean): void => {
    input.type = shown ? 'text' : 'password';
    toggle.setAttribute('aria-pressed', shown ? 'true' : 'false');
    toggle.setAttribute('aria-label', shown ? WALLET_TEXT.hidePassword : WALLET_TEXT.showPassword);
    toggle.textContent = shown ? WALLET_TEXT.hide : WALLET_TEXT.show;
  };
  toggle.addEventListener('click', () => reveal(input.type === 'password'));
  reveal(false);
  return {
    node: el('div', { class: 'field' }, [el('label', { for: id }, [label]), row, error]),
    input,
    reveal,
    invalid(message) {
      error.textContent = message;
      input.setAttribute('aria-invalid', message ? 'true' : 'false');
      row.dataset.invalid = message ? 'true' : 'false';
    },
  };
}
