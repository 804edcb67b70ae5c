import { useEffect, useRef, useState } from 'react';
import { AppSettings } from './AppSettings.js';
import type { ConsoleApp } from './api.js';
import { $appNotice, $openApp, deleteApp, renameApp } from './apps-store.js';
import { useStore, useStyles } from './context.js';
import { Alert, Field, useSubmit } from './fields.js';
import { $apps } from './store.js';
import { TEXT } from './texts.js';
import { Webhooks } from './Webhooks.js';

const T = TEXT.app;

/** The app's name, changed; a refusal shows the API's message and keeps what was typed. */
function Rename({ app }: { app: ConsoleApp }) {
  const styles = useStyles();
  const [name, setName] = useState(app.name);
  const [saved, setSaved] = useState(false);
  const { busy, error, onSubmit } = useSubmit(
    () => {
      setSaved(false);
      return renameApp(app.id, name.trim());
    },
    () => setSaved(true),
  );
  return (
    <form className={styles.edit} onSubmit={onSubmit}>
      <Field id="app-name" label={T.name} value={name} onValue={setName} />
      <Alert text={error} />
      {saved ? (
        <p className={styles.ok} role="status">
          {T.renamed}
        </p>
      ) : null}
      <button className={styles.secondary} type="submit" disabled={busy}>
        {T.rename}
      </button>
    </form>
  );
}

/** Delete, enabled only when the app's name is typed exactly (the API checks it too). */
function Delete({ app }: { app: ConsoleApp }) {
  const styles = useStyles();
  const [typed, setTyped] = useState('');
  const { busy, error, onSubmit } = useSubmit(
    () => deleteApp(app.id, typed),
    () => {
      $appNotice.set(T.deleted(app.name));
      document.getElementById('console-apps')?.focus();
    },
  );
  return (
    <section className={styles.part} aria-labelledby="app-delete">
      <h3 id="app-delete">{T.deleteHeading}</h3>
      <form className={styles.edit} onSubmit={onSubmit}>
        <p>{T.deleteWarning(app.name)}</p>
        <Field id="app-confirm" label={T.confirm} value={typed} onValue={setTyped} />
        <Alert text={error} />
        <button className={styles.danger} type="submit" disabled={busy || typed !== app.name}>
          {T.delete}
        </button>
      </form>
    </section>
  );
}

/** The open app's page: rename, settings, webhooks, delete. Its heading takes the focus when it opens. */
export function AppPanel() {
  const styles = useStyles();
  const id = useStore($openApp);
  const app = useStore($apps).rows.find((row) => row.id === id);
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = app?.id;
  useEffect(() => {
    if (shown) heading.current?.focus();
  }, [shown]);
  const close = () => {
    $openApp.set(null);
    document.getElementById('console-apps')?.focus();
  };
  if (!app) return null;
  return (
    <section className={styles.card} aria-labelledby="app-heading">
      <div className={styles.row}>
        <h2 id="app-heading" tabIndex={-1} ref={heading}>
          {app.name}
        </h2>
        <button className={styles.link} type="button" onClick={close}>
          {T.close}
        </button>
      </div>
      <p className={`${styles.code} ${styles.muted}`}>{app.id}</p>
      <Rename key={app.id} app={app} />
      <AppSettings key={`settings-${app.id}`} id={app.id} />
      <Webhooks key={`webhooks-${app.id}`} id={app.id} />
      <Delete key={`delete-${app.id}`} app={app} />
    </section>
  );
}
