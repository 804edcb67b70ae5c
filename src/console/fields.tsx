import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { Answer } from './api.js';
import { useStyles } from './context.js';
import { TEXT } from './texts.js';

/** A labelled text field (a textarea when `multiline`), with a hint under it when given. */
export function Field({
  id,
  label,
  hint,
  value,
  onValue,
  multiline = false,
}: {
  id: string;
  label: string;
  hint?: string;
  value: string;
  onValue: (value: string) => void;
  multiline?: boolean;
}) {
  const styles = useStyles();
  const Tag = multiline ? 'textarea' : 'input';
  return (
    <>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <Tag
        id={id}
        className={styles.input}
        value={value}
        autoComplete="off"
        aria-describedby={hint ? `${id}-hint` : undefined}
        onInput={(event: FormEvent<HTMLInputElement | HTMLTextAreaElement>) =>
          onValue(event.currentTarget.value)
        }
      />
      {hint ? (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      ) : null}
    </>
  );
}

/** The API's message for a refused change, announced; nothing when there is none. */
export function Alert({ text }: { text: string | null }) {
  const styles = useStyles();
  return text ? (
    <p className={styles.error} role="alert">
      {text}
    </p>
  ) : null;
}

/**
 * A settings form's end: the API's refusal, 'saved' announced and focused once a save succeeds
 * (so a keyboard user hears it where the button was), and the submit button, Saving… while busy.
 */
export function SaveFooter({
  error,
  saved,
  busy,
  texts,
}: {
  error: string | null;
  saved: boolean;
  busy: boolean;
  texts: { saved: string; save: string };
}) {
  const styles = useStyles();
  const savedRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (saved) savedRef.current?.focus();
  }, [saved]);
  return (
    <>
      <Alert text={error} />
      {saved ? (
        <p className={styles.ok} role="status" tabIndex={-1} ref={savedRef}>
          {texts.saved}
        </p>
      ) : null}
      <button className={styles.button} type="submit" disabled={busy}>
        {busy ? TEXT.saving : texts.save}
      </button>
    </>
  );
}

/** A form's submission: busy while `run` runs, the API's message when it fails, `done` when not. */
export function useSubmit<T>(run: () => Promise<Answer<T>>, done: (data: T) => void) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const answer = await run();
    setBusy(false);
    setError(answer.ok ? null : answer.error.message);
    if (answer.ok) done(answer.data);
  };
  return { busy, error, onSubmit };
}

/**
 * Under a list read a page at a time: that it is empty, the API's refusal, that a page is being
 * read (announced), and Show more while there is a next page.
 */
export function PageFooter({
  listing,
  texts,
  onMore,
}: {
  listing: { rows: unknown[]; error: { message: string } | null; loading: boolean; cursor: string | null };
  texts: { none: string; loading: string; loadingMore: string; more: string };
  onMore: () => void;
}) {
  const styles = useStyles();
  const { rows, error, loading, cursor } = listing;
  return (
    <>
      {!loading && !error && rows.length === 0 ? <p className={styles.muted}>{texts.none}</p> : null}
      {error ? (
        <p className={styles.error} role="alert">
          {error.message}
        </p>
      ) : null}
      <div role="status">{loading ? <p>{rows.length > 0 ? texts.loadingMore : texts.loading}</p> : null}</div>
      {cursor !== null && !loading ? (
        <button className={`${styles.secondary} ${styles.more}`} type="button" onClick={onMore}>
          {texts.more}
        </button>
      ) : null}
    </>
  );
}
