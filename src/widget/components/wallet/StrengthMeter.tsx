import { WALLET_TEXT } from '../../../core/errors/wallet-text.js';
import { passwordStrength } from '../../../core/wallet/password.js';
import { useWidget } from '../../context.js';
import { useWalletStyles } from '../../wallet-styles.js';

/** The strength meter of §5 under the password field: a bar and 'Weak', 'Medium' or 'Strong'. */
export function StrengthMeter({ password }: { password: string }) {
  const { styles } = useWidget();
  const w = useWalletStyles();
  if (password === '') return null;
  const strength = passwordStrength(password);
  const percent = Math.max(8, Math.round(strength.score * 100));
  return (
    <div className={w.meter}>
      {/* biome-ignore lint/a11y/useSemanticElements: a <meter> cannot be themed alike in every browser */}
      <div
        className={w.meterTrack}
        role="meter"
        aria-label={WALLET_TEXT.passwordStrength}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(strength.score * 100)}
        aria-valuetext={strength.label}
      >
        <div className={w.meterBar[strength.level]} style={{ width: `${percent}%` }} />
      </div>
      <span className={w.meterLabel[strength.level]} aria-live="polite">
        <span className={styles.visuallyHidden}>{WALLET_TEXT.passwordStrength}: </span>
        {strength.label}
      </span>
    </div>
  );
}
