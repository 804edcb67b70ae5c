import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useSectionStyles, useStore, useStyles } from './context.js';
import { Field, PageFooter } from './fields.js';
import { when } from './format.js';
import { $apps } from './store.js';
import { TEXT } from './texts.js';
import { USERS_TEXT } from './texts-users.js';
import { UserPage } from './UserPage.js';
import { usersStyles } from './user-parts.js';
import { $openUser, $userNotice, $userSearch, closeUser, openUser, searchUsers } from './users-store.js';

const T = USERS_TEXT;

/** The app searched in and the search's text; Search reads the first page. */
function SearchForm() {
  const styles = useStyles();
  const own = useSectionStyles(usersStyles);
  const apps = useStore($apps).rows;
  const search = useStore($userSearch);
  const [app, setApp] = useState(search.app ?? apps[0]?.id ?? '');
  const [q, setQ] = useState(search.q);
  useEffect(() => {
    if (!app && apps[0]) setApp(apps[0].id);
  }, [app, apps]);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!app) return;
    $userNotice.set(null);
    await searchUsers(app, q);
  };
  if (apps.length === 0) return <p className={styles.muted}>{T.noApps}</p>;
  return (
    <form className={own.search} onSubmit={onSubmit}>
      <div>
        <label className={styles.label} htmlFor="users-app">
          {T.app}
        </label>
        <select
          id="users-app"
          className={styles.input}
          value={app}
          onChange={(event) => setApp(event.currentTarget.value)}
        >
          {apps.map((row) => (
            <option key={row.id} value={row.id}>
              {row.name}
            </option>
          ))}
        </select>
      </div>
      <div>
        <Field id="users-q" label={T.search} hint={T.searchHint} value={q} onValue={setQ} />
      </div>
      <button className={styles.button} type="submit" disabled={search.loading}>
        {T.find}
      </button>
    </form>
  );
}

/** The users found: id, accounts, signed up; Open shows a user's page. */
function Results() {
  const styles = useStyles();
  const own = useSectionStyles(usersStyles);
  const listing = useStore($userSearch);
  const { rows, app } = listing;
  if (!app) return null;
  return (
    <>
      <p className={`${styles.muted} ${own.caption}`} aria-hidden="true">
        {T.caption}
      </p>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways takes focus, for keyboards */}
      <section className={`${styles.scroll} ${own.region}`} aria-label={T.results} tabIndex={0}>
        <table className={styles.table}>
          <caption className={styles.hidden}>{T.caption}</caption>
          <thead>
            <tr>
              <th scope="col">{T.id}</th>
              <th scope="col">{T.accounts}</th>
              <th scope="col">{T.created}</th>
              <th scope="col">
                <span className={styles.hidden}>{T.open}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                <td className={`${styles.code} ${own.wrap}`}>{row.id}</td>
                <td>
                  <ul className={own.accounts}>
                    {row.accounts.map((account) => (
                      <li key={`${account.type}:${account.subject}`}>
                        {account.type}: {account.subject}
                      </li>
                    ))}
                  </ul>
                </td>
                <td>
                  <time dateTime={when(row.created_at).iso}>{when(row.created_at).text}</time>
                </td>
                <td>
                  <button className={styles.secondary} type="button" onClick={() => void openUser(row.id)}>
                    {T.open}
                    <span className={styles.hidden}> {row.accounts[0]?.subject ?? row.id}</span>
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <PageFooter
        listing={listing}
        texts={{ ...T, loading: TEXT.loading }}
        onMore={() => void searchUsers(app, listing.q, true)}
      />
    </>
  );
}

/** The Users section: the search and its results, or the open user's page. */
export function Users() {
  const styles = useStyles();
  const open = useStore($openUser);
  const notice = useStore($userNotice);
  const heading = useRef<HTMLHeadingElement>(null);
  const shownUser = useRef<string | null>(null);
  useEffect(() => {
    // Back from a user's page: focus returns to the section's heading.
    if (!open && shownUser.current) heading.current?.focus();
    shownUser.current = open?.id ?? null;
  }, [open]);
  return (
    <section className={styles.card} aria-labelledby="console-users">
      <h2 id="console-users" tabIndex={-1} ref={heading}>
        {T.heading}
      </h2>
      {notice ? (
        <p className={styles.notice} role="status">
          {notice}
        </p>
      ) : null}
      {open ? (
        <>
          <button className={styles.secondary} type="button" onClick={closeUser}>
            {T.back}
          </button>
          <UserPage open={open} />
        </>
      ) : (
        <>
          <SearchForm />
          <Results />
        </>
      )}
    </section>
  );
}
