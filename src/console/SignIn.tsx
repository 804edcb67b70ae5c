import { type FormEvent, type InputHTMLAttributes, type Ref, useEffect, useRef, useState } from 'react';
import type { Answer } from './api.js';
import { useStyles } from './context.js';
import { sendCode, verifyCode } from './store.js';
import { TEXT } from './texts.js';

const T = TEXT.signIn;

/** A form's submission: busy while the call runs, the API's message when it fails. */
function useSubmit() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = (call: () => Promise<Answer<unknown>>, then: () => void) => async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const answer = await call();
    setBusy(false);
    if (answer.ok) then();
    else setError(answer.error.message);
  };
  return { busy, error, submit };
}

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  id: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  inputRef?: Ref<HTMLInputElement>;
}

/** A labelled text input. */
function Field({ id, label, value, onValue, inputRef, ...rest }: FieldProps) {
  const styles = useStyles();
  return (
    <>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <input
        {...rest}
        id={id}
        ref={inputRef}
        className={styles.input}
        required
        value={value}
        onInput={(event) => onValue(event.currentTarget.value)}
      />
    </>
  );
}

/** The form's end: the API's error, if any, and its button. */
function Submit({ busy, error, label }: { busy: boolean; error: string | null; label: string }) {
  const styles = useStyles();
  return (
    <>
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
      <button className={styles.button} type="submit" disabled={busy}>
        {label}
      </button>
    </>
  );
}

/** The mailed code for `email`; `back` returns to the address. */
function CodeForm({ email, back }: { email: string; back: () => void }) {
  const styles = useStyles();
  const [code, setCode] = useState('');
  const { busy, error, submit } = useSubmit();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);
  return (
    <form
      className={styles.form}
      onSubmit={submit(
        () => verifyCode(email, code.trim()),
        () => {},
      )}
      noValidate
    >
      <p>{T.codeHint(email)}</p>
      <Field
        id="console-code"
        label={T.code}
        value={code}
        onValue={setCode}
        inputRef={input}
        inputMode="numeric"
        autoComplete="one-time-code"
      />
      <Submit busy={busy} error={error} label={T.verify} />
      <button className={styles.link} type="button" onClick={back}>
        {T.otherEmail}
      </button>
    </form>
  );
}

/** Signed out: an email address, then the code mailed to it. `notice` says why the form shows. */
export function SignIn({ notice }: { notice: string | null }) {
  const styles = useStyles();
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const { busy, error, submit } = useSubmit();
  const address = email.trim();
  return (
    <main className={`${styles.card} ${styles.narrow}`}>
      <h1>{T.heading}</h1>
      <div role="status">{notice ? <p className={styles.notice}>{notice}</p> : null}</div>
      {sent ? (
        <CodeForm email={address} back={() => setSent(false)} />
      ) : (
        <form
          className={styles.form}
          onSubmit={submit(
            () => sendCode(address),
            () => setSent(true),
          )}
          noValidate
        >
          <p className={styles.muted}>{T.intro}</p>
          <Field
            id="console-email"
            label={T.email}
            value={email}
            onValue={setEmail}
            type="email"
            autoComplete="email"
          />
          <Submit busy={busy} error={error} label={T.sendCode} />
          <p className={styles.muted}>
            {T.shell[0]}
            <code className={styles.code}>{T.shell[1]}</code>
            {T.shell[2]}
          </p>
        </form>
      )}
    </main>
  );
}
