import { useState } from 'react';
import { createApp } from './apps-store.js';
import { useStyles } from './context.js';
import { Alert, Field, useSubmit } from './fields.js';
import { TEXT } from './texts.js';

/** Origins as typed: one per line (or comma-separated), blanks dropped. */
export const originsOf = (text: string): string[] =>
  text
    .split(/[\s,]+/)
    .map((origin) => origin.trim())
    .filter(Boolean);

/** A new app by name and allowed origins; a refusal shows the API's message and keeps what was typed. */
export function NewApp() {
  const styles = useStyles();
  const T = TEXT.newApp;
  const [name, setName] = useState('');
  const [origins, setOrigins] = useState('');
  const { busy, error, onSubmit } = useSubmit(
    () => createApp(name.trim(), originsOf(origins)),
    () => {
      setName('');
      setOrigins('');
    },
  );
  return (
    <section className={styles.card} aria-labelledby="console-new-app">
      <h2 id="console-new-app">{T.heading}</h2>
      <form className={styles.edit} onSubmit={onSubmit}>
        <Field id="new-app-name" label={T.name} value={name} onValue={setName} />
        <Field
          id="new-app-origins"
          label={T.origins}
          hint={T.originsHint}
          value={origins}
          onValue={setOrigins}
          multiline
        />
        <Alert text={error} />
        <button className={styles.button} type="submit" disabled={busy}>
          {T.create}
        </button>
      </form>
    </section>
  );
}
