import type { ReactNode } from 'react';
import { TITLE_ID, useWidget } from './context.js';

/** The screen's heading; the dialog's accessible name. */
export function Title({ children }: { children: ReactNode }) {
  const { styles } = useWidget();
  return (
    <h2 id={TITLE_ID} className={styles.title}>
      {children}
    </h2>
  );
}
