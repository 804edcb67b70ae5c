import { type KeyboardEvent, useState } from 'react';
import { UI_TEXT } from '../../core/text/ui.js';
import { isValidEmail } from '../../protocol/validation.js';
import { useStore, useWidget } from '../context.js';

/** The email field with its Submit button (§5): submit disabled until the address is valid; Enter submits. */
export function EmailForm({
  onSubmit,
  autoFocus = true,
}: {
  onSubmit: (email: string) => void;
  autoFocus?: boolean;
}) {
  const { ctx, styles } = useWidget();
  const flow = useStore(ctx.modal.$flow);
  const [email, setEmail] = useState(flow.channel === 'email' ? (flow.email ?? '') : '');
  const canSubmit = isValidEmail(email.trim()) && !flow.busy;
  const submit = () => {
    if (canSubmit) onSubmit(email);
  };
  return (
    <div className={styles.emailRow}>
      <label htmlFor="gatehouse-email" className={styles.visuallyHidden}>
        {UI_TEXT.emailLabel}
      </label>
      <input
        id="gatehouse-email"
        className={styles.emailInput}
        type="email"
        inputMode="email"
        autoComplete="email"
        placeholder={UI_TEXT.emailPlaceholder}
        value={email}
        data-autofocus={autoFocus ? '' : undefined}
        onInput={(event) => setEmail(event.currentTarget.value)}
        onKeyDown={submitOnEnter(submit)}
      />
      <SubmitButton disabled={!canSubmit} onClick={submit} />
    </div>
  );
}

/** Enter in a field submits it, as its Submit button does (§5). */
export const submitOnEnter = (submit: () => void) => (event: KeyboardEvent<HTMLInputElement>) => {
  if (event.key !== 'Enter') return;
  event.preventDefault();
  submit();
};

export function SubmitButton({ disabled, onClick }: { disabled: boolean; onClick: () => void }) {
  const { styles } = useWidget();
  return (
    <button type="button" className={styles.submit} disabled={disabled} onClick={onClick}>
      {UI_TEXT.submit}
    </button>
  );
}
