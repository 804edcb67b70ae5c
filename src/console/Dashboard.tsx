import type { Emotion } from '@emotion/css/create-instance';
import { useState } from 'react';
import { Activity } from './Activity.js';
import { AppPanel } from './AppPanel.js';
import { AuditLog } from './AuditLog.js';
import type { Session } from './api.js';
import { $appNotice, $openApp } from './apps-store.js';
import { useSectionStyles, useStore, useStyles } from './context.js';
import { when } from './format.js';
import { NewApp } from './NewApp.js';
import { Operators } from './Operators.js';
import { Security } from './Security.js';
import { $section, SECTIONS, type SectionId, showSection } from './sections.js';
import { $apps, signOut } from './store.js';
import { TEXT } from './texts.js';
import { Users } from './Users.js';

/** The operator's email and Sign out; a failed sign-out says why. */
function Header({ session }: { session: Session }) {
  const styles = useStyles();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const onSignOut = async () => {
    setBusy(true);
    const failure = await signOut();
    setBusy(false);
    setError(failure?.message ?? null);
  };
  return (
    <header className={styles.header}>
      <div className={styles.who}>
        <h1>{TEXT.title}</h1>
        <span className={styles.muted}>
          {TEXT.header.signedInAs} <span className={styles.email}>{session.operator.email}</span>
        </span>
      </div>
      <button className={styles.secondary} type="button" onClick={onSignOut} disabled={busy}>
        {TEXT.header.signOut}
      </button>
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </header>
  );
}

/** The provider's apps: name, id, allowed origins, created; Manage opens one's page. */
function Apps() {
  const styles = useStyles();
  const { rows, error, loading } = useStore($apps);
  const notice = useStore($appNotice);
  const T = TEXT.apps;
  return (
    <section className={styles.card} aria-labelledby="console-apps">
      <h2 id="console-apps" tabIndex={-1}>
        {T.heading}
      </h2>
      {notice ? (
        <p className={styles.notice} role="status">
          {notice}
        </p>
      ) : null}
      {loading && rows.length === 0 ? <p role="status">{TEXT.loading}</p> : null}
      {error ? <p className={styles.error}>{error.message}</p> : null}
      {!loading && !error && rows.length === 0 ? <p className={styles.muted}>{T.none}</p> : null}
      <ul className={styles.apps}>
        {rows.map((app) => (
          <li key={app.id} className={styles.app}>
            <div className={styles.row}>
              <h3>{app.name}</h3>
              <button className={styles.secondary} type="button" onClick={() => $openApp.set(app.id)}>
                {T.manage}
                <span className={styles.hidden}> {app.name}</span>
              </button>
            </div>
            <dl className={styles.facts}>
              <dt>{T.id}</dt>
              <dd className={styles.code}>{app.id}</dd>
              <dt>{T.origins}</dt>
              <dd>{app.allowed_origins.length > 0 ? app.allowed_origins.join(', ') : T.noOrigins}</dd>
              <dt>{T.created}</dt>
              <dd>
                <time dateTime={when(app.created_at).iso}>{when(app.created_at).text}</time>
              </dd>
            </dl>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The apps, the open one's page, and a new app's form. */
function AppsSection() {
  return (
    <>
      <Apps />
      <AppPanel />
      <NewApp />
    </>
  );
}

/** Each section's view; a section's own file adds its line here and its id in sections.ts. */
const VIEWS: Record<SectionId, (props: { session: Session }) => preact.JSX.Element> = {
  apps: AppsSection,
  users: Users,
  activity: Activity,
  security: Security,
  operators: Operators,
  audit: AuditLog,
};

const navStyles = ({ css }: Emotion) => ({
  nav: css`
      display: flex; flex-wrap: wrap; gap: 4px; padding: 4px 12px; background: var(--surface);
      border-bottom: 1px solid var(--line);
      & a {
        display: inline-flex; align-items: center; min-height: 44px; padding: 0 12px; border-radius: 8px;
        color: var(--text); text-decoration: none; font-weight: 600;
      }
      & a:hover { background: var(--bg); }
      & a[aria-current='page'] { color: var(--accent); box-shadow: inset 0 -3px 0 var(--accent); }
    `,
});

/** The sections as links: the shown one is marked for assistive technology and by its look. */
function Nav() {
  const styles = useSectionStyles(navStyles);
  const shown = useStore($section);
  return (
    <nav className={styles.nav} aria-label={TEXT.nav.label}>
      {SECTIONS.map((id) => (
        <a
          key={id}
          href={`#${id}`}
          aria-current={id === shown ? 'page' : undefined}
          onClick={(event) => {
            event.preventDefault();
            showSection(id);
          }}
        >
          {TEXT.nav[id]}
        </a>
      ))}
    </nav>
  );
}

/** Signed in: who, the sections, and the one shown. */
export function Dashboard({ session }: { session: Session }) {
  const styles = useStyles();
  const View = VIEWS[useStore($section)];
  return (
    <>
      <Header session={session} />
      <Nav />
      <main className={styles.page}>
        <View session={session} />
      </main>
    </>
  );
}
