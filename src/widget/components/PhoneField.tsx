import { lazy, Suspense } from 'react';
import { UI_TEXT } from '../../core/text/ui.js';
import { useWidget } from '../context.js';
import type { PhoneInputProps } from './PhoneInput.js';

/** libphonenumber-js and the phone field come in their own chunk, fetched when the field first shows. */
const PhoneInput = lazy(() => import('./PhoneInput.js'));

const Formatted = lazy(() => import('./PhoneInput.js').then((m) => ({ default: m.FormattedPhone })));

/** A phone number as people read it ('+1 415 555 2671'); the qualified form until the formatter is there. */
export function PhoneNumber({ value }: { value: string }) {
  return (
    <Suspense fallback={value}>
      <Formatted value={value} />
    </Suspense>
  );
}

export function PhoneField(props: PhoneInputProps) {
  const { styles } = useWidget();
  return (
    <Suspense
      fallback={
        <p role="status" className={styles.text}>
          {UI_TEXT.loadingPhoneField}
        </p>
      }
    >
      <PhoneInput {...props} />
    </Suspense>
  );
}
