/**
 * 'Load your account': the recovery password of a 'user-passcode' wallet on a new device, typed
 * here and sent to the wallet frame only from the user's own submit (Enter or Continue).
 */
import { WALLET_TEXT } from '../../../core/text/wallet.js';
import type { PasswordEnterView } from '../../../protocol/surface.js';
import { EXPORT_TEXTS } from '../../texts.js';
import { el, isUsable, row, shortAddress } from '../dom.js';
import { passwordField } from '../password-field.js';
import {
  button,
  cancelButton,
  choices,
  scaffold,
  showState,
  type ViewContext,
  type ViewHandle,
} from './common.js';

export function passwordEnterView(ctx: ViewContext, view: PasswordEnterView): ViewHandle {
  const field = passwordField(WALLET_TEXT.recoveryPasswordLabel, 'current-password');
  const submit = button(WALLET_TEXT.continue, 'primary', () => undefined, { type: 'submit' });
  const parts = scaffold(
    WALLET_TEXT.recoveryTitle,
    [
      el('p', { class: 'text' }, [WALLET_TEXT.recoveryDetail]),
      el('dl', { class: 'details' }, [row(EXPORT_TEXTS.addressLabel, shortAddress(view.address))]),
      field.node,
    ],
    [choices(cancelButton(ctx), submit)],
  );
  // A form, so Enter in the field submits; it never navigates (and `form-action 'none'`).
  const form = el('form', { class: 'form', novalidate: true }, [parts.node]);
  let busy = false;
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const password = field.input.value;
    if (busy || !isUsable(submit) || password === '' || !ctx.guard.trusted(event)) return;
    ctx.send({ type: 'password', password });
  });
  const common = showState(ctx, parts, () => [submit], submit, WALLET_TEXT.checkingPassword);
  return {
    node: form,
    focus: field.input,
    update(state) {
      common(state);
      busy = state.busy;
      field.input.readOnly = state.busy;
      // A refused password is typed again from scratch.
      if (state.error !== null && !state.busy) field.input.value = '';
    },
    dispose() {
      field.input.value = '';
    },
  };
}
