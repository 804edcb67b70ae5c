import { useEffect, useState } from 'react';
import type { SigningKeyWire } from '../protocol/console-security.js';
import { ApiSecrets } from './ApiSecrets.js';
import { useSectionStyles, useStore, useStyles } from './context.js';
import { Alert } from './fields.js';
import { At, securityStyles } from './security-parts.js';
import { $keys, loadKeys, retireKey, rotateKey } from './security-store.js';
import { TEXT } from './texts.js';
import { SECURITY_TEXT } from './texts-security.js';

const T = SECURITY_TEXT.keys;

/** One key's facts, and Retire for a key that does not sign (with Force for one that verifies). */
function Key({
  row,
  onDone,
}: {
  row: SigningKeyWire;
  onDone: (notice: string | null, error: string | null) => void;
}) {
  const styles = useStyles();
  const own = useSectionStyles(securityStyles);
  const [force, setForce] = useState(false);
  const [busy, setBusy] = useState(false);
  const retire = async () => {
    setBusy(true);
    const answer = await retireKey(row.kid, force);
    setBusy(false);
    onDone(answer.ok ? T.retired(row.kid) : null, answer.ok ? null : answer.error.message);
  };
  const forceId = `force-${row.kid}`;
  return (
    <li className={own.item}>
      <dl className={styles.facts}>
        <dt>{T.kid}</dt>
        <dd className={`${styles.code} ${own.kid}`}>{row.kid}</dd>
        <dt>{T.state}</dt>
        <dd>{T.states[row.state]}</dd>
        <dt>{T.created}</dt>
        <dd>
          <At seconds={row.created_at} />
        </dd>
        {row.state === 'published' ? <dt>{T.signsFrom}</dt> : null}
        {row.state === 'published' ? (
          <dd>
            <At seconds={row.signs_from} />
          </dd>
        ) : null}
        {row.retirable_from !== null ? <dt>{T.retireAfter}</dt> : null}
        {row.retirable_from !== null ? (
          <dd>
            <At seconds={row.retirable_from} />
          </dd>
        ) : null}
      </dl>
      {row.state === 'signs' ? null : (
        <div className={own.actions}>
          {row.state === 'verifies only' ? (
            <label className={own.check} htmlFor={forceId}>
              <input id={forceId} type="checkbox" checked={force} onChange={() => setForce(!force)} />
              <span>{T.force}</span>
            </label>
          ) : null}
          <button className={styles.secondary} type="button" disabled={busy} onClick={() => void retire()}>
            {T.retire}
            <span className={styles.hidden}> {row.kid}</span>
          </button>
        </div>
      )}
    </li>
  );
}

/** The signing keys, oldest first; Rotate adds one. A refusal shows the CLI's words. */
function Keys() {
  const styles = useStyles();
  const own = useSectionStyles(securityStyles);
  const { rows, error, loading } = useStore($keys);
  const [notice, setNotice] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => void loadKeys(), []);
  const done = (said: string | null, failed: string | null) => {
    setNotice(said);
    setRefusal(failed);
  };
  const rotate = async () => {
    setBusy(true);
    const answer = await rotateKey();
    setBusy(false);
    const added = answer.ok ? answer.data.at(-1)?.kid : undefined;
    done(added ? T.rotated(added) : null, answer.ok ? null : answer.error.message);
  };
  return (
    <section className={styles.card} aria-labelledby="console-keys">
      <h2 id="console-keys">{SECURITY_TEXT.heading}</h2>
      <h3 className={own.sub}>{T.heading}</h3>
      <p className={styles.muted}>{T.intro}</p>
      <button className={styles.button} type="button" disabled={busy} onClick={() => void rotate()}>
        {busy ? T.rotating : T.rotate}
      </button>
      <div role="status">{notice ? <p className={`${styles.notice} ${own.kid}`}>{notice}</p> : null}</div>
      <Alert text={refusal ?? error?.message ?? null} />
      {loading && rows.length === 0 ? <p role="status">{TEXT.loading}</p> : null}
      <ul className={own.list} aria-label={T.list}>
        {rows.map((row) => (
          <Key key={row.kid} row={row} onDone={done} />
        ))}
      </ul>
    </section>
  );
}

/** The Security section: signing keys, and the apps' API secrets. */
export function Security() {
  return (
    <>
      <Keys />
      <ApiSecrets />
    </>
  );
}
