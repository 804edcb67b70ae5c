import { useStore, useStyles } from './context.js';
import { Dashboard } from './Dashboard.js';
import { SignIn } from './SignIn.js';
import { $view } from './store.js';
import { TEXT } from './texts.js';

/** Signed in: the console; signed out: the sign-in form; until the session is known: a short wait. */
export function App() {
  const view = useStore($view);
  const styles = useStyles();
  if (view.state === 'signed-in') return <Dashboard session={view.session} />;
  if (view.state === 'signed-out') return <SignIn notice={view.notice} />;
  return (
    <main className={styles.page}>
      <p role="status">{TEXT.loading}</p>
    </main>
  );
}
