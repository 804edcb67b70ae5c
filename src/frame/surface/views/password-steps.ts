/**
 * The four steps of the recovery password set-up (§4.6, §5), each its own scaffold: creating (the
 * field, the §5 rules, the strength meter, or a generated password), saving (copy, download the
 * recovery file), confirming ('Passwords do not match') and finalizing (the acknowledgement).
 */
import { PASSWORD_TEXT } from '../../../core/errors/wallet-messages.js';
import { WALLET_TEXT } from '../../../core/text/wallet.js';
import {
  generateRecoveryPassword,
  passwordConfirmationError,
  passwordStrength,
  validatePassword,
} from '../../../core/wallet/password.js';
import { el, hidden, uniqueId } from '../dom.js';
import { passwordField } from '../password-field.js';
import { button, copyButton, type Scaffold, scaffold, type ViewContext } from './common.js';

/** What the steps share: the password and its confirmation live here, in memory only. */
export interface PasswordDraft {
  password: string;
  confirmation: string;
  acknowledged: boolean;
  fileName: string;
  appName: string;
}

export interface Step {
  parts: Scaffold;
  /** Where focus goes when the step shows. */
  focus: HTMLElement;
  /** Whether the step's main button may go on (the draft as it is now). */
  complete(): boolean;
  /** Controls that do nothing while busy, besides the step buttons. */
  controls: HTMLElement[];
  /** Inputs locked while busy. */
  inputs?: HTMLInputElement[];
}

/** Called when the draft changed, so the step buttons follow. */
type Changed = () => void;

/** The §5 strength meter: a bar and 'Weak', 'Medium' or 'Strong'. */
function strengthMeter(): { node: HTMLElement; show(password: string): void } {
  const bar = el('div', { class: 'meter-bar' });
  const track = el(
    'div',
    {
      class: 'meter-track',
      role: 'meter',
      'aria-label': WALLET_TEXT.passwordStrength,
      'aria-valuemin': '0',
      'aria-valuemax': '100',
    },
    [bar],
  );
  const label = el('span', { class: 'meter-label', 'aria-live': 'polite' });
  const node = el('div', { class: 'meter' }, [track, label]);
  const show = (password: string): void => {
    node.hidden = password === '';
    const strength = passwordStrength(password);
    const percent = Math.round(strength.score * 100);
    track.setAttribute('aria-valuenow', String(percent));
    track.setAttribute('aria-valuetext', strength.label);
    // CSSOM, not a style attribute: allowed under `style-src 'self'`.
    bar.style.width = `${Math.max(8, percent)}%`;
    node.dataset.level = strength.level;
    label.replaceChildren(hidden(`${WALLET_TEXT.passwordStrength}: `), strength.label);
  };
  return { node, show };
}

export function creatingStep(draft: PasswordDraft, changed: Changed): Step {
  const field = passwordField(WALLET_TEXT.passwordLabel, 'new-password');
  const meter = strengthMeter();
  field.input.value = draft.password;
  const check = (): void => {
    // A new password needs confirming again.
    draft.confirmation = '';
    field.invalid(validatePassword(draft.password).error ?? '');
    meter.show(draft.password);
    changed();
  };
  field.input.addEventListener('input', () => {
    draft.password = field.input.value;
    check();
  });
  const generate = button(WALLET_TEXT.generatePassword, 'link', () => {
    draft.password = generateRecoveryPassword();
    field.input.value = draft.password;
    field.reveal(true);
    check();
  });
  meter.show(draft.password);
  const parts = scaffold(
    WALLET_TEXT.creatingPasswordTitle,
    [el('p', { class: 'text' }, [WALLET_TEXT.creatingPasswordDetail]), field.node, meter.node, generate],
    [],
  );
  return {
    parts,
    focus: field.input,
    complete: () => validatePassword(draft.password).valid,
    controls: [generate],
  };
}

export function savingStep(ctx: ViewContext, draft: PasswordDraft): Step {
  const labelId = uniqueId('your-password');
  const download = button(`${WALLET_TEXT.download} ${draft.fileName}`, 'small', () =>
    ctx.download(draft.fileName, WALLET_TEXT.recoveryFileContent(draft.password, draft.appName)),
  );
  const parts = scaffold(
    WALLET_TEXT.savingTitle,
    [
      el('p', { class: 'text' }, [WALLET_TEXT.savingDetail]),
      el('div', { class: 'field' }, [
        el('span', { class: 'field-label', id: labelId }, [WALLET_TEXT.yourPassword]),
        el('div', { class: 'field-row' }, [
          el('span', { class: 'mono secret', 'aria-labelledby': labelId }, [draft.password]),
          copyButton(ctx, () => draft.password),
        ]),
      ]),
      download,
    ],
    [],
  );
  return { parts, focus: parts.heading, complete: () => true, controls: [] };
}

export function confirmingStep(draft: PasswordDraft, changed: Changed): Step {
  const field = passwordField(WALLET_TEXT.confirmPasswordLabel, 'new-password');
  field.input.value = draft.confirmation;
  field.input.addEventListener('input', () => {
    draft.confirmation = field.input.value;
    field.invalid(passwordConfirmationError(draft.password, draft.confirmation) ?? '');
    changed();
  });
  const parts = scaffold(
    WALLET_TEXT.confirmingTitle,
    [el('p', { class: 'text' }, [WALLET_TEXT.confirmingDetail]), field.node],
    [],
  );
  return {
    parts,
    focus: field.input,
    complete: () => draft.confirmation === draft.password,
    controls: [],
  };
}

export function finalizingStep(draft: PasswordDraft, changed: Changed): Step {
  const id = uniqueId('acknowledge');
  const box = el('input', { id, type: 'checkbox' });
  box.checked = draft.acknowledged;
  box.addEventListener('change', () => {
    draft.acknowledged = box.checked;
    changed();
  });
  const parts = scaffold(
    WALLET_TEXT.finalizingTitle,
    [
      el('p', { class: 'text' }, [WALLET_TEXT.finalizingDetail]),
      el('label', { class: 'check', for: id }, [box, el('span', {}, [PASSWORD_TEXT.acknowledgement])]),
    ],
    [],
  );
  return { parts, focus: parts.heading, complete: () => draft.acknowledged, controls: [], inputs: [box] };
}
