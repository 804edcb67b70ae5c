import { useEffect, useRef, useState } from 'react';
import type { ConsoleUserDetail } from '../protocol/console-users.js';
import { useSectionStyles, useStyles } from './context.js';
import { Alert, Field, useSubmit } from './fields.js';
import { USERS_TEXT } from './texts-users.js';
import { Action, Table, Time, usersStyles } from './user-parts.js';
import {
  deleteUser,
  type OpenUser,
  removeMfa,
  revokeAllSessions,
  revokeDevice,
  revokeSession,
} from './users-store.js';

const T = USERS_TEXT.user;

function Accounts({ user }: { user: ConsoleUserDetail }) {
  const styles = useStyles();
  const own = useSectionStyles(usersStyles);
  return (
    <section className={styles.part} aria-labelledby="user-linked">
      <h4 id="user-linked">{T.linked}</h4>
      <Table caption={T.linkedCaption} head={[T.type, T.subject, T.firstVerified, T.lastVerified]}>
        {user.accounts.map((account) => (
          <tr key={`${account.type}:${account.subject}`}>
            <td>{account.type}</td>
            <td className={`${styles.code} ${own.wrap}`}>{account.subject}</td>
            <td>
              <Time at={account.first_verified_at} />
            </td>
            <td>
              <Time at={account.latest_verified_at} />
            </td>
          </tr>
        ))}
      </Table>
    </section>
  );
}

function Wallet({ user }: { user: ConsoleUserDetail }) {
  const styles = useStyles();
  const own = useSectionStyles(usersStyles);
  const { wallet } = user;
  return (
    <section className={styles.part} aria-labelledby="user-wallet">
      <h4 id="user-wallet">{T.wallet}</h4>
      {wallet ? (
        <>
          <dl className={styles.facts}>
            <dt>{T.address}</dt>
            <dd className={styles.code}>{wallet.address}</dd>
            <dt>{T.recovery}</dt>
            <dd>{wallet.recovery_method}</dd>
          </dl>
          <h5>{T.devices}</h5>
          {wallet.devices.length === 0 ? (
            <p className={styles.muted}>{T.noDevices}</p>
          ) : (
            <Table caption={T.devicesCaption} head={[T.device, T.registered, T.lastUsed, T.actions]}>
              {wallet.devices.map((device) => (
                <tr key={device.id}>
                  <td className={`${styles.code} ${own.wrap}`}>{device.id}</td>
                  <td>
                    <Time at={device.created_at} />
                  </td>
                  <td>
                    <Time at={device.last_used_at} />
                  </td>
                  <td>
                    <Action
                      label={T.revoke}
                      named={`${T.device} ${device.id}`}
                      run={() => revokeDevice(device.id)}
                    />
                  </td>
                </tr>
              ))}
            </Table>
          )}
        </>
      ) : (
        <p className={styles.muted}>{T.noWallet}</p>
      )}
    </section>
  );
}

function Mfa({ user }: { user: ConsoleUserDetail }) {
  const styles = useStyles();
  const own = useSectionStyles(usersStyles);
  return (
    <section className={styles.part} aria-labelledby="user-mfa">
      <h4 id="user-mfa">{T.mfa}</h4>
      {user.mfa.length === 0 ? <p className={styles.muted}>{T.noMfa}</p> : null}
      <ul className={styles.apps}>
        {user.mfa.map((method) => (
          <li key={method.type} className={`${styles.app} ${own.actions}`}>
            <span>
              <strong>{method.type}</strong> · {T.verified} <Time at={method.verified_at} />
            </span>
            <Action label={T.remove} named={method.type} run={() => removeMfa(method.type)} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function Sessions({ user }: { user: ConsoleUserDetail }) {
  const styles = useStyles();
  const own = useSectionStyles(usersStyles);
  return (
    <section className={styles.part} aria-labelledby="user-sessions">
      <h4 id="user-sessions">{T.sessions}</h4>
      <p className={styles.hint}>{T.deviceNote}</p>
      {user.sessions.length === 0 ? (
        <p className={styles.muted}>{T.noSessions}</p>
      ) : (
        <>
          <Table
            caption={T.sessionsCaption}
            head={[T.session, T.started, T.lastRefresh, T.expires, T.actions]}
          >
            {user.sessions.map((session) => (
              <tr key={session.id}>
                <td className={`${styles.code} ${own.wrap}`}>{session.id.slice(0, 8)}…</td>
                <td>
                  <Time at={session.created_at} />
                </td>
                <td>
                  <Time at={session.last_refresh_at} />
                </td>
                <td>
                  <Time at={session.expires_at} />
                </td>
                <td>
                  <Action
                    label={T.revoke}
                    named={`${T.session} ${session.id.slice(0, 8)}`}
                    run={() => revokeSession(session.id)}
                  />
                </td>
              </tr>
            ))}
          </Table>
          <p>
            <Action label={T.revokeAll} named="" run={revokeAllSessions} danger />
          </p>
        </>
      )}
      <h5>{T.logins}</h5>
      <p className={styles.hint}>{T.loginsNote}</p>
      {user.logins.length === 0 ? (
        <p className={styles.muted}>{T.noLogins}</p>
      ) : (
        <ul>
          {user.logins.map((login) => (
            <li key={login.at}>
              <Time at={login.at} /> ({login.live ? T.live : T.ended})
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Delete user, enabled once the user's id or an email of theirs is typed exactly (the API checks it too). */
function Delete({ user }: { user: ConsoleUserDetail }) {
  const styles = useStyles();
  const [typed, setTyped] = useState('');
  const { busy, error, onSubmit } = useSubmit(
    () => deleteUser(typed),
    () => setTyped(''),
  );
  const emails = user.accounts
    .filter((account) => account.type === 'email')
    .map((account) => account.subject);
  const matches = typed === user.id || emails.includes(typed);
  return (
    <section className={styles.part} aria-labelledby="user-delete">
      <h4 id="user-delete">{T.delete}</h4>
      <form className={styles.edit} onSubmit={onSubmit}>
        <Field id="user-confirm" label={T.confirm} hint={T.deleteHint} value={typed} onValue={setTyped} />
        <Alert text={error} />
        <button className={styles.danger} type="submit" disabled={busy || !matches}>
          {T.delete}
        </button>
      </form>
    </section>
  );
}

/** One user's page: accounts, wallet and devices, MFA methods, sessions and logins, and Delete. */
export function UserPage({ open }: { open: OpenUser }) {
  const styles = useStyles();
  const own = useSectionStyles(usersStyles);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [open.id]);
  const user = open.detail;
  return (
    <article className={styles.part} aria-labelledby="user-heading">
      <h3 id="user-heading" tabIndex={-1} ref={heading} className={own.wrap}>
        {T.heading(open.id)}
      </h3>
      {open.error ? <Alert text={open.error.message} /> : null}
      {user ? (
        <>
          <dl className={styles.facts}>
            <dt>{USERS_TEXT.created}</dt>
            <dd>
              <Time at={user.created_at} />
            </dd>
          </dl>
          <Accounts user={user} />
          <Wallet user={user} />
          <Mfa user={user} />
          <Sessions user={user} />
          <Delete key={user.id} user={user} />
        </>
      ) : open.error ? null : (
        <p role="status">{USERS_TEXT.loadingMore}</p>
      )}
    </article>
  );
}
