import { useEffect, useState } from 'react';
import type { OperatorWire } from '../protocol/console-security.js';
import type { Session } from './api.js';
import { useSectionStyles, useStore, useStyles } from './context.js';
import { Alert, Field, useSubmit } from './fields.js';
import { when } from './format.js';
import { At, Cancel, securityStyles } from './security-parts.js';
import { $operators, addOperator, loadOperators, removeOperator } from './security-store.js';
import { TEXT } from './texts.js';
import { SECURITY_TEXT } from './texts-security.js';

const T = SECURITY_TEXT.operators;

/** One operator: email, added, active or removed; Remove asks first, and is not offered for oneself. */
function Row({ row, self, onDone }: { row: OperatorWire; self: boolean; onDone: (said: string) => void }) {
  const styles = useStyles();
  const own = useSectionStyles(securityStyles);
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const remove = async () => {
    setBusy(true);
    const answer = await removeOperator(row.id);
    setBusy(false);
    setError(answer.ok ? null : answer.error.message);
    if (answer.ok) onDone(T.removed(row.email));
  };
  const active = row.removed_at === null;
  return (
    <li className={own.item}>
      <h3 className={styles.email}>
        {row.email}
        {self ? ` (${T.you})` : null}
      </h3>
      <dl className={styles.facts}>
        <dt>{T.added}</dt>
        <dd>
          <At seconds={row.created_at} />
        </dd>
        <dt>{T.status}</dt>
        <dd>{row.removed_at === null ? T.active : T.removedOn(when(row.removed_at).text)}</dd>
      </dl>
      {self ? <p className={styles.muted}>{T.cannotRemoveSelf}</p> : null}
      {asking ? <p className={styles.notice}>{T.confirmRemove(row.email)}</p> : null}
      {active && !self ? (
        <div className={own.actions}>
          <button
            className={styles.secondary}
            type="button"
            disabled={busy}
            onClick={() => (asking ? void remove() : setAsking(true))}
          >
            {asking ? T.confirm(row.email) : T.remove}
            {asking ? null : <span className={styles.hidden}> {row.email}</span>}
          </button>
          {asking ? <Cancel onClick={() => setAsking(false)} /> : null}
        </div>
      ) : null}
      <Alert text={error} />
    </li>
  );
}

/** Adds an operator by email; the API's refusal (already one, not an address) shows beside it. */
function AddOperator({ onDone }: { onDone: (said: string) => void }) {
  const styles = useStyles();
  const [email, setEmail] = useState('');
  const { busy, error, onSubmit } = useSubmit(
    () => addOperator(email),
    (added) => {
      setEmail('');
      onDone(T.addedNotice(added.email));
    },
  );
  return (
    <form className={styles.form} onSubmit={onSubmit}>
      <Field id="operator-email" label={T.email} hint={T.addHint} value={email} onValue={setEmail} />
      <Alert text={error} />
      <button className={styles.button} type="submit" disabled={busy}>
        {busy ? T.adding : T.add}
      </button>
    </form>
  );
}

/** The console's operators, oldest first: add one, remove another (never oneself). */
export function Operators({ session }: { session: Session }) {
  const styles = useStyles();
  const own = useSectionStyles(securityStyles);
  const { rows, error, loading } = useStore($operators);
  const [notice, setNotice] = useState<string | null>(null);
  useEffect(() => void loadOperators(), []);
  return (
    <section className={styles.card} aria-labelledby="console-operators">
      <h2 id="console-operators">{T.heading}</h2>
      <p className={styles.muted}>{T.intro}</p>
      <div role="status">{notice ? <p className={`${styles.notice} ${own.kid}`}>{notice}</p> : null}</div>
      <AddOperator onDone={setNotice} />
      <Alert text={error?.message ?? null} />
      {loading && rows.length === 0 ? <p role="status">{TEXT.loading}</p> : null}
      <ul className={own.list} aria-label={T.list}>
        {rows.map((row) => (
          <Row key={row.id} row={row} self={row.id === session.operator.id} onDone={setNotice} />
        ))}
      </ul>
    </section>
  );
}
