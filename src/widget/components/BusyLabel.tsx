import type { Emotion } from '@emotion/css/create-instance';
import type { ReactNode } from 'react';
import { useThemedStyles } from '../themed-styles.js';

function createBusyStyles({ css, keyframes }: Emotion) {
  const spin = keyframes({ to: { transform: 'rotate(360deg)' } });
  return {
    wrap: css({ position: 'relative', display: 'inline-block' }),
    // Transparent, not hidden: the label keeps the button's size and stays its accessible name.
    label: css({ opacity: 0 }),
    spinner: css({
      position: 'absolute',
      inset: '0px',
      width: '16px',
      height: '16px',
      margin: 'auto',
      border: '2px solid currentColor',
      borderRightColor: 'transparent',
      borderRadius: '8px',
      animation: `${spin} 0.8s linear infinite`,
    }),
  };
}

/**
 * A button's label that a spinner covers while the action runs: the button keeps its size, so
 * nothing around it moves when it gets busy or done.
 */
export function BusyLabel({ busy, children }: { busy: boolean; children: ReactNode }) {
  const s = useThemedStyles(createBusyStyles);
  if (!busy) return <>{children}</>;
  return (
    <span className={s.wrap}>
      <span className={s.label}>{children}</span>
      <span className={s.spinner} aria-hidden="true" />
    </span>
  );
}
