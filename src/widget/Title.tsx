import type { ReactNode } from 'react';
import { TITLE_ID, useWidget } from './context.js';

/**
 * The screen's heading; the dialog's accessible name. `hidden`: named for screen readers only,
 * where the provider-origin surface below shows the same heading itself.
 */
export function Title({ children, hidden = false }: { children: ReactNode; hidden?: boolean }) {
  const { styles } = useWidget();
  return (
    <h2 id={TITLE_ID} className={hidden ? styles.visuallyHidden : styles.title}>
      {children}
    </h2>
  );
}
