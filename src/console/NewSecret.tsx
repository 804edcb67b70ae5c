import { useEffect, useRef, useState } from 'react';
import { useStyles } from './context.js';

/** What a new secret's field says: its label, that it is shown once, and its Copy button's words. */
export interface NewSecretTexts {
  label: string;
  shownOnce: string;
  copy: string;
  copied: string;
  copyFailed: string;
}

/** A new secret, shown this once in a read-only field with a Copy button; it takes the focus. */
export function NewSecret({ id, secret, texts }: { id: string; secret: string; texts: NewSecretTexts }) {
  const styles = useStyles();
  const [copied, setCopied] = useState<string | null>(null);
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => field.current?.focus(), []);
  const copy = () =>
    navigator.clipboard.writeText(secret).then(
      () => setCopied(texts.copied),
      () => setCopied(texts.copyFailed),
    );
  return (
    <div className={styles.edit}>
      <label className={styles.label} htmlFor={id}>
        {texts.label}
      </label>
      <input
        id={id}
        ref={field}
        className={`${styles.input} ${styles.code}`}
        value={secret}
        readOnly
        aria-describedby={`${id}-note`}
        onFocus={(event) => event.currentTarget.select()}
      />
      <p id={`${id}-note`} className={styles.notice}>
        {texts.shownOnce}
      </p>
      <button className={styles.secondary} type="button" onClick={() => void copy()}>
        {texts.copy}
      </button>
      <p role="status">{copied}</p>
    </div>
  );
}
