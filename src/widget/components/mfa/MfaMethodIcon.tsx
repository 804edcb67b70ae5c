import type { MfaMethod } from '../../../protocol/mfa.js';
import { useWidget } from '../../context.js';
import { KeyIcon } from '../../icons.js';

/**
 * Outline glyphs on the 20 × 20 grid of icons.tsx, in the text's colour: a phone with a clock (the
 * authenticator app's codes change with time), a message (SMS); the passkey is LANDING's key.
 */
const GLYPHS: Record<Exclude<MfaMethod, 'passkey'>, string> = {
  totp: 'M6 2.5h8A1.5 1.5 0 0 1 15.5 4v12a1.5 1.5 0 0 1-1.5 1.5H6A1.5 1.5 0 0 1 4.5 16V4A1.5 1.5 0 0 1 6 2.5zM12.75 9.5a2.75 2.75 0 1 1-5.5 0a2.75 2.75 0 1 1 5.5 0M10 8.25V9.5l.9.9M9 15h2',
  sms: 'M3.5 4h13a1 1 0 0 1 1 1v8.5a1 1 0 0 1-1 1H9l-4 3v-3H3.5a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1zM7 9.25h.01M10 9.25h.01M13 9.25h.01',
};

/** An MFA method's icon before its name (MFA_ENROLLMENT_FLOW_SCREEN). Decorative: the button names it. */
export function MfaMethodIcon({ method }: { method: MfaMethod }) {
  const { styles } = useWidget();
  if (method === 'passkey') return <KeyIcon className={styles.methodIcon} />;
  return (
    <svg
      className={styles.methodIcon}
      width={18}
      height={18}
      viewBox="0 0 20 20"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d={GLYPHS[method]} />
    </svg>
  );
}
