import { useEffect, useState } from 'react';
import type { ConsoleApp } from './api.js';
import { useSectionStyles, useStore, useStyles } from './context.js';
import { Alert } from './fields.js';
import { NewSecret } from './NewSecret.js';
import { At, Cancel, securityStyles } from './security-parts.js';
import { $apiSecrets, loadApiSecrets, newApiSecret } from './security-store.js';
import { $apps } from './store.js';
import { SECURITY_TEXT } from './texts-security.js';

const T = SECURITY_TEXT.secrets;

/** One app: since when it has a secret; Make (a replacement asks first); the new secret once. */
function AppSecret({ app, since }: { app: ConsoleApp; since: number | undefined }) {
  const styles = useStyles();
  const own = useSectionStyles(securityStyles);
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const make = async () => {
    setBusy(true);
    const answer = await newApiSecret(app.id);
    setBusy(false);
    setAsking(false);
    setError(answer.ok ? null : answer.error.message);
    setSecret(answer.ok ? answer.data.secret : null);
  };
  const replace = since !== undefined;
  return (
    <li className={own.item}>
      <h4>{app.name}</h4>
      <p>
        {replace ? (
          <>
            {T.since} <At seconds={since} />
          </>
        ) : (
          T.none
        )}
      </p>
      {asking ? <p className={styles.notice}>{T.confirmReplace(app.name)}</p> : null}
      <div className={own.actions}>
        <button
          className={styles.secondary}
          type="button"
          disabled={busy}
          aria-label={asking ? undefined : replace ? T.replaceLabel(app.name) : T.makeLabel(app.name)}
          onClick={() => (replace && !asking ? setAsking(true) : void make())}
        >
          {busy ? T.making : asking ? T.confirm : replace ? T.replace : T.make}
        </button>
        {asking ? <Cancel onClick={() => setAsking(false)} /> : null}
      </div>
      <Alert text={error} />
      {secret ? (
        <NewSecret
          key={secret}
          id={`api-secret-${app.id}`}
          secret={secret}
          texts={{ ...T, label: T.newSecret(app.name) }}
        />
      ) : null}
    </li>
  );
}

/** Every app with whether it has a server-to-server API secret, and since when. */
export function ApiSecrets() {
  const styles = useStyles();
  const own = useSectionStyles(securityStyles);
  const apps = useStore($apps);
  const secrets = useStore($apiSecrets);
  useEffect(() => void loadApiSecrets(), []);
  const since = (id: string) => secrets.rows.find((row) => row.app_id === id)?.created_at;
  return (
    <section className={styles.card} aria-labelledby="console-api-secrets">
      <h3 id="console-api-secrets">{T.heading}</h3>
      <p className={styles.muted}>{T.intro}</p>
      <Alert text={secrets.error?.message ?? apps.error?.message ?? null} />
      {!apps.loading && apps.rows.length === 0 ? <p className={styles.muted}>{T.noApps}</p> : null}
      <ul className={own.list}>
        {secrets.loading
          ? null
          : apps.rows.map((app) => <AppSecret key={app.id} app={app} since={since(app.id)} />)}
      </ul>
    </section>
  );
}
